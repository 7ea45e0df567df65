/// The Threads app schedulerd calls Threads as (a Meta app's Threads id and secret, not its Facebook pair).
public struct ThreadsApp: Sendable {
    /// `https://graph.threads.net`.
    public var graphBaseURL: String
    /// Where people authorize: `https://threads.com` (the reference moved it from threads.net in 2026).
    public var authBaseURL: String
    public var appID: String
    public var appSecret: String

    /// What publishing, replies (threads and first comments) and the look-ups of replies need.
    public static let scopes = ["threads_basic", "threads_content_publish", "threads_manage_replies", "threads_read_replies"]

    public init(graphBaseURL: String, authBaseURL: String, appID: String, appSecret: String) {
        self.graphBaseURL = graphBaseURL; self.authBaseURL = authBaseURL; self.appID = appID; self.appSecret = appSecret
    }
}
