import Foundation
import SchedulerCore

/// A post to the same account with the same text near a new one's due time: X refuses a post identical to a recent one
/// of the account ("You are not allowed to create a Tweet with duplicate content"), so it is refused when scheduled.
package struct SameTextPost: Sendable, Equatable {
    package var postID: Int64
    package var dueAt: Date
    package var state: DeliveryState

    package init(postID: Int64, dueAt: Date, state: DeliveryState) {
        self.postID = postID; self.dueAt = dueAt; self.state = state
    }
}

/// The delivery states a same-text post counts in: out, going out, or still to go out. A cancelled, failed or missed one
/// never reached the network, so sending its text again is no duplicate.
package enum SameTextStates {
    package static let sql = "('scheduled', 'retrying', 'publishing', 'published', 'unknown', 'handed_off')"
}

/// One text to look for: to `accountID`, due in `from...to`, other than post `excluding`.
package struct SameTextProbe: Sendable {
    package var accountID: Int64
    package var text: String
    package var from: Date
    package var to: Date
    package var excluding: Int64?

    package init(accountID: Int64, text: String, from: Date, to: Date, excluding: Int64? = nil) {
        self.accountID = accountID; self.text = text; self.from = from; self.to = to; self.excluding = excluding
    }
}

extension PostStore {
    /// One probe: ``sameText(_:)`` for a single text.
    package func sameText(accountID: Int64, text: String, from: Date, to: Date, excluding: Int64?) async throws -> SameTextPost? {
        try await sameText([SameTextProbe(accountID: accountID, text: text, from: from, to: to, excluding: excluding)])[0]
    }
}
