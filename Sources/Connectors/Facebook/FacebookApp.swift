/// Where the Graph API lives, which version is spoken, and which Facebook app is calling.
/// Instagram's professional accounts are reached through the same app (Facebook Login).
public struct FacebookApp: Sendable {
    /// `https://graph.facebook.com`
    public var graphBaseURL: String
    /// `https://www.facebook.com`, where the login dialog is.
    public var dialogBaseURL: String
    /// From `[networks.facebook] graph_version`: Graph serves a retired version's calls with its oldest live
    /// one, so the version is configuration the daemon checks at start (``GraphVersions``).
    public var graphVersion: String
    public var appID: String
    public var appSecret: String

    public init(graphBaseURL: String = "https://graph.facebook.com", dialogBaseURL: String = "https://www.facebook.com",
                graphVersion: String = GraphVersions.current, appID: String, appSecret: String) {
        self.graphBaseURL = graphBaseURL.trimmingTrailingSlash
        self.dialogBaseURL = dialogBaseURL.trimmingTrailingSlash
        self.graphVersion = graphVersion
        self.appID = appID
        self.appSecret = appSecret
    }

    var graph: String { "\(graphBaseURL)/\(graphVersion)" }
}
