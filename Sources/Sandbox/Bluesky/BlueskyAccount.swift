/// A sandbox Bluesky account: its DID, its handle and its main password.
struct BlueskyAccount: Sendable, Equatable {
    var did: String
    var handle: String
    var password: String
}

/// A session's answer to createSession and refreshSession.
struct BlueskySession: Encodable, Sendable {
    var accessJwt: String
    var refreshJwt: String
    var handle: String
    var did: String
    var active = true
}
