import Foundation

/// A file the inbox folder took in, as the `inbox_files` table keeps it.
package struct InboxFileRecord: Sendable, Equatable {
    package var sha256: String
    package var name: String
    package var state: String
    package var postId: Int64?
    package var error: String?
    package var arrivedAt: Date
    package var updatedAt: Date
    /// How many times the same bytes arrived again after the first.
    package var seenAgain: Int

    package init(sha256: String, name: String, state: String, postId: Int64?, error: String?, arrivedAt: Date, updatedAt: Date, seenAgain: Int) {
        self.sha256 = sha256; self.name = name; self.state = state; self.postId = postId; self.error = error
        self.arrivedAt = arrivedAt; self.updatedAt = updatedAt; self.seenAgain = seenAgain
    }
}
