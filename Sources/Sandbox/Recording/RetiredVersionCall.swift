/// A call that named an API version the network no longer serves, which Graph answers with its oldest live
/// version instead ("any calls made to it will be defaulted to the next oldest, usable version",
/// developers.facebook.com/docs/graph-api/guides/versioning), so behaviour drifts without an error.
/// The sandbox answers the same way and keeps this record, so a test can assert no retired version was used.
public struct RetiredVersionCall: Codable, Sendable, Equatable {
    public var network: String
    public var receivedAt: String
    public var method: String
    public var path: String
    /// The version the call named.
    public var version: String
    /// The version that served it.
    public var servedAs: String

    enum CodingKeys: String, CodingKey {
        case network, method, path, version
        case receivedAt = "received_at"
        case servedAs = "served_as"
    }
}
