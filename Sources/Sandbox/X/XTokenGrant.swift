/// An access token pair minted for a sandbox X user: what a person copies from X's developer portal.
///
/// The secret appears only in the minting response; the sandbox never logs or records it.
public struct XTokenGrant: Codable, Sendable, Equatable {
    public var userID: String
    public var screenName: String
    public var oauthToken: String
    public var oauthTokenSecret: String

    public init(userID: String, screenName: String, oauthToken: String, oauthTokenSecret: String) {
        self.userID = userID
        self.screenName = screenName
        self.oauthToken = oauthToken
        self.oauthTokenSecret = oauthTokenSecret
    }

    enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case screenName = "screen_name"
        case oauthToken = "oauth_token"
        case oauthTokenSecret = "oauth_token_secret"
    }
}
