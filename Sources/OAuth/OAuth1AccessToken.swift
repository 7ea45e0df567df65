/// The token credentials a three-legged OAuth 1.0a flow ends with, plus who they belong to (X adds `user_id`, `screen_name`).
///
/// Description and mirror show only the identity, never the token or its secret.
public struct OAuth1AccessToken: Sendable, Codable, Equatable {
    public var token: String
    public var secret: String
    public var userID: String?
    public var screenName: String?

    public init(token: String, secret: String, userID: String? = nil, screenName: String? = nil) {
        self.token = token
        self.secret = secret
        self.userID = userID
        self.screenName = screenName
    }
}

extension OAuth1AccessToken: CustomStringConvertible, CustomReflectable {
    public var description: String {
        "OAuth1AccessToken(userID: \(userID ?? "none"), screenName: \(screenName ?? "none"), token and secret: redacted)"
    }

    public var customMirror: Mirror {
        Mirror(self, children: ["userID": userID as Any, "screenName": screenName as Any], displayStyle: .struct)
    }
}
