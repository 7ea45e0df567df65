/// A sandbox X account, as `GET /2/users/me` describes it.
public struct XUser: Codable, Sendable, Equatable {
    /// The numeric user id, as a string like X's.
    public var id: String
    /// The display name.
    public var name: String
    /// The handle, without `@`.
    public var username: String

    public init(id: String, name: String, username: String) {
        self.id = id
        self.name = name
        self.username = username
    }
}
