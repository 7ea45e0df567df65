/// Where LinkedIn lives and which app is calling.
public struct LinkedInApp: Sendable {
    /// `https://api.linkedin.com`
    public var apiBaseURL: String
    /// `https://www.linkedin.com`, where authorization and tokens are.
    public var authBaseURL: String
    public var clientID: String
    public var clientSecret: String
    /// The `LinkedIn-Version` header (YYYYMM).
    public var version: String

    public init(apiBaseURL: String = "https://api.linkedin.com", authBaseURL: String = "https://www.linkedin.com",
                clientID: String, clientSecret: String, version: String = "202411") {
        self.apiBaseURL = apiBaseURL.trimmingTrailingSlash
        self.authBaseURL = authBaseURL.trimmingTrailingSlash
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.version = version
    }
}
