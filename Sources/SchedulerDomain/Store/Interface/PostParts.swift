import Foundation
import NetworkRules
import SchedulerCore

/// A part of an X thread after the first (the first is the post's own text and media).
package struct ThreadPart: Sendable, Equatable {
    package var text: String
    package var media: [MediaItem]

    package init(text: String, media: [MediaItem] = []) {
        self.text = text
        self.media = media
    }
}

/// What one request of a delivery in several parts is: the post itself (part 1), the next part of an X thread
/// (a reply to the part before), or the first comment (last; on X a reply to the thread's last part).
package enum PartKind: String, Sendable {
    case post, reply, comment
}

/// A part of a delivery that is on the network, recorded as it went out so that nothing already out is sent again.
package struct PublishedPart: Sendable, Equatable {
    /// From 1: the post, then the thread's replies, then the first comment.
    package var number: Int
    package var remoteID: String
    package var remoteURL: String?
    package var publishedAt: Date

    package init(number: Int, remoteID: String, remoteURL: String?, publishedAt: Date) {
        self.number = number; self.remoteID = remoteID; self.remoteURL = remoteURL; self.publishedAt = publishedAt
    }
}

extension ClaimedDelivery {
    /// The requests this delivery is made of: 1 for a plain post.
    package var partCount: Int { 1 + thread.count + (firstComment == nil ? 0 : 1) }

    /// More than one request: each part is recorded as it goes out.
    package var isMultiPart: Bool { partCount > 1 }

    /// The first part not on the network yet; nil when every part is.
    package var nextPart: Int? {
        let next = (publishedParts.map(\.number).max() ?? 0) + 1
        return next <= partCount ? next : nil
    }

    package func kind(ofPart number: Int) -> PartKind {
        PartKind.of(part: number, partCount: partCount, hasFirstComment: firstComment != nil)
    }

    /// Whether part `number` is a post of its own, counted against the account's posting limits (and so its budget):
    /// the post, a thread's replies, and X's first comment; not a comment on Facebook, LinkedIn or Instagram.
    package func isPost(part number: Int) -> Bool {
        kind(ofPart: number) != .comment || NetworkRules.of(network).commentIsAPost
    }

    /// Part `number` of an X thread (2 and on) as a reply to the part before it.
    package func threadPart(_ number: Int) -> ThreadPart { thread[number - 2] }
}

extension [ClaimedDelivery] {
    /// The claims with their post's media (`media` by post id, then part), thread (`threads` by post id) and the parts
    /// already out (`published` by delivery id).
    package func withParts(media: [Int64: [Int: [MediaItem]]], threads: [Int64: [ThreadPart]], published: [Int64: [PublishedPart]]) -> [ClaimedDelivery] {
        map { claim in
            var claim = claim
            claim.media = media[claim.postID]?[1] ?? []
            claim.thread = threads[claim.postID] ?? []
            claim.publishedParts = published[claim.deliveryID] ?? []
            return claim
        }
    }
}

extension PartKind {
    /// What a delivery of `partCount` parts, the last a first comment or not, has as part `number`.
    package static func of(part number: Int, partCount: Int, hasFirstComment: Bool) -> PartKind {
        number == 1 ? .post : hasFirstComment && number == partCount ? .comment : .reply
    }
}
