import Connectors
import Foundation
import NetworkRules
import SchedulerCore

/// What only a network can say about a post at schedule time (a Bluesky mention of no account), told in the answer
/// and never a refusal: the post is the person's to send as it is.
extension PostService {
    /// Each distinct text is asked of its network once, however many of the post's accounts are on it.
    package func networkNotes(_ checked: CheckedPost, text: String) async -> [String] {
        var notes: [String] = []
        var asked: [String: [String]] = [:]
        for (account, override) in checked.targets {
            guard let noting = connectors[account.network] as? any ScheduleTimeNotes else { continue }
            let texts = [override ?? text] + checked.parts.thread.map(\.text) + [checked.parts.firstComments[account.id]].compactMap { $0 }
            for text in texts {
                let key = account.network.rawValue + "\n" + text
                if asked[key] == nil { asked[key] = await noting.notes(for: PublishRequest(text: text, accountRemoteID: account.remoteId)) }
                for note in asked[key] ?? [] where !notes.contains("\(account.reference): \(note)") {
                    notes.append("\(account.reference): \(note)")
                }
            }
        }
        return notes
    }
}
