import NetworkRules

/// A network that can tell the person at schedule time what only it knows, without refusing the post: on Bluesky, a
/// mention whose handle resolves to no account, which would go out as plain text instead of a mention.
public protocol ScheduleTimeNotes: Sendable {
    /// Notes for `request`, each naming what it is about; a question the network could not answer in time is a note too.
    func notes(for request: PublishRequest) async -> [String]
}
