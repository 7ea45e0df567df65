import Foundation
import SchedulerDomain
import SchedulerServices

/// The text of a `list` page's key as clients see it: opaque, handed out as the `Next-Cursor` header of a page that has
/// a next one, and taken back as `after`. Inside: "1:DUE_MS:POST_ID" in base64url without padding for a listing newest
/// first, "1:DUE_MS:POST_ID:next" for one next due first, so that a cursor is never read in the other order.
package enum ListCursor {
    package static func text(_ position: ListPosition, order: ListOrder = .newestFirst) -> String {
        Data("1:\(position.dueAt):\(position.postID)\(order == .nextDueFirst ? ":next" : "")".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// The key `text` stands for; a cursor this daemon did not give out is a bad request that says what is wrong with it.
    package static func position(_ text: String, order: ListOrder = .newestFirst) throws -> ListPosition {
        func refuse(_ reason: String) -> RequestError {
            RequestError.badRequest("'\(text.prefix(60))' is not a list cursor: \(reason.asClause). Pass back a page's next cursor as it was "
                                    + "given, or start at the first page", hint: .leaveOut(.after))
        }
        guard !text.isEmpty else { throw refuse("it is empty") }
        guard text.count <= 64, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw refuse("a cursor is up to 64 letters, digits, '-' and '_'")
        }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let decoded = String(data: data, encoding: .utf8) else {
            throw refuse("it does not decode")
        }
        let fields = decoded.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.first == "1" else { throw refuse("it is not one this version of schedulerd gives out") }
        guard fields.count == 3 || fields.count == 4 && fields[3] == "next", let due = Int64(fields[1]), due >= 0,
              let id = Int64(fields[2]), id > 0 else {
            throw refuse("it does not hold a due time and a post id")
        }
        guard (fields.count == 4) == (order == .nextDueFirst) else {
            throw refuse(order == .nextDueFirst ? "it is from a listing newest first, and this one lists the next due first (list the same state)"
                                                : "it is from a listing of the next due first, and this one lists the newest first (list the same state)")
        }
        return ListPosition(dueAt: due, postID: id)
    }
}
