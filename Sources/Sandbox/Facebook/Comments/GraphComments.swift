#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every comment made through the sandbox Graph, kept per post (or media) in the order they were made.
///
/// An actor so a comment's id and its place in its post's list are taken in one step.
actor GraphComments {
    private var byParent: [String: [GraphComment]] = [:]
    private var byID: [String: GraphComment] = [:]
    private var next: Int64 = 1

    /// Stores a new comment under `parentID` and returns it with its id.
    func add(parentID: String, network: String, authorID: String, authorName: String, message: String, now: Date) -> GraphComment {
        let number = next
        next += 1
        let id = network == "instagram"
            ? String(17_858_000_000_000_000 + number)
            : "\(parentID.split(separator: "_").last ?? Substring(parentID))_\(1_330_000_000_000_000 + number)"
        let comment = GraphComment(id: id, parentID: parentID, network: network, authorID: authorID, authorName: authorName,
                                   message: message, createdAt: now)
        byParent[parentID, default: []].append(comment)
        byID[id] = comment
        return comment
    }

    /// The comments under `parentID`, oldest first.
    func comments(on parentID: String) -> [GraphComment] {
        byParent[parentID] ?? []
    }

    func comment(id: String) -> GraphComment? {
        byID[id]
    }
}
