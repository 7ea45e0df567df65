import Foundation
import NetworkRules
import SchedulerCore

/// The composer's live counts, one per account ticked: each counted as that account's network counts it (X weighted,
/// Bluesky in graphemes, a Mastodon account against its own instance's limit), by the same rules `schedule` checks
/// the post with (``PostService/rules(for:options:)``), so the count under the box never disagrees with the refusal.
extension PostService {
    /// The text counted for the account `reference` names; an account this daemon does not know is a bad request.
    package func count(text: String, account reference: String) async throws -> CheckView {
        let account = try await store.account(reference: reference)
        return Self.rules(for: account).check(PublishRequest(text: text, media: []))
    }
}
