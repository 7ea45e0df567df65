/// Where LinkedIn lives, which app is calling, and which version of its API is spoken.
public struct LinkedInApp: Sendable {
    /// `https://api.linkedin.com`
    public var apiBaseURL: String
    /// `https://www.linkedin.com`, where authorization and tokens are.
    public var authBaseURL: String
    public var clientID: String
    public var clientSecret: String
    /// The `LinkedIn-Version` header (YYYYMM), from `[networks.linkedin] version`. LinkedIn serves each
    /// monthly version for about a year, then answers 426 to it, so it is configuration, not code.
    public var version: String
    /// The app was granted `r_member_social` (LinkedIn gives it to approved apps only): ask for it when a
    /// member links, so a post whose outcome is unknown can be looked up instead of waiting for a person.
    public var readsMemberPosts: Bool

    /// The version used when the configuration names none: LinkedIn's latest at this release (September 2026,
    /// active until about September 2027; learn.microsoft.com/linkedin/marketing/versioning).
    public static let defaultVersion = "202609"

    public init(apiBaseURL: String = "https://api.linkedin.com", authBaseURL: String = "https://www.linkedin.com",
                clientID: String, clientSecret: String, version: String = LinkedInApp.defaultVersion, readsMemberPosts: Bool = false) {
        self.apiBaseURL = apiBaseURL.trimmingTrailingSlash
        self.authBaseURL = authBaseURL.trimmingTrailingSlash
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.version = version
        self.readsMemberPosts = readsMemberPosts
    }

    /// The scopes a link asks for. "Share on LinkedIn" grants `w_member_social` and "Sign In with OpenID
    /// Connect" `openid profile`: what an ordinary app has. The organization scopes need the Community
    /// Management API product, and an app without it is refused before the person sees anything
    /// (`unauthorized_scope_error`), so they are asked for only when an organization is being linked.
    public func scopes(organization: Bool) -> [String] {
        var scopes = ["openid", "profile", "w_member_social"]
        if readsMemberPosts { scopes.append("r_member_social") }
        if organization { scopes += ["w_organization_social", "r_organization_social", "r_organization_admin"] }
        return scopes
    }
}
