import Foundation

/// A linked account as the control API shows it. Credentials never leave the daemon.
public struct AccountView: Codable, Sendable, Equatable {
    public var id: Int64
    public var network: Network
    public var handle: String
    public var displayName: String
    public var remoteId: String
    public var authKind: AuthKind
    public var status: AccountStatus
    public var createdAt: Date
    /// Unfinished deliveries that target this account.
    public var pendingPosts: Int

    /// `network:@handle`, the form `--to` accepts.
    public var reference: String { "\(network.rawValue):@\(handle)" }

    enum CodingKeys: String, CodingKey {
        case id, network, handle, status
        case displayName = "display_name", remoteId = "remote_id", authKind = "auth_kind"
        case createdAt = "created_at", pendingPosts = "pending_posts"
    }

    public init(id: Int64, network: Network, handle: String, displayName: String, remoteId: String,
                authKind: AuthKind, status: AccountStatus, createdAt: Date, pendingPosts: Int) {
        self.id = id; self.network = network; self.handle = handle; self.displayName = displayName
        self.remoteId = remoteId; self.authKind = authKind; self.status = status
        self.createdAt = createdAt; self.pendingPosts = pendingPosts
    }
}

/// `POST /v1/accounts`: import a token a person already has. Sent over the 0600 control socket only.
public struct ImportAccountRequest: Codable, Sendable, Equatable {
    public var network: Network
    public var token: String
    public var tokenSecret: String?

    enum CodingKeys: String, CodingKey {
        case network, token
        case tokenSecret = "token_secret"
    }

    public init(network: Network, token: String, tokenSecret: String?) {
        self.network = network; self.token = token; self.tokenSecret = tokenSecret
    }
}

/// `POST /v1/sandbox/tokens/{network}`: a token pair minted by the sandbox's stand-in developer portal.
public struct SandboxTokenView: Codable, Sendable, Equatable {
    public var network: Network
    public var token: String
    public var tokenSecret: String?
    public var username: String

    enum CodingKeys: String, CodingKey {
        case network, token, username
        case tokenSecret = "token_secret"
    }

    public init(network: Network, token: String, tokenSecret: String?, username: String) {
        self.network = network; self.token = token; self.tokenSecret = tokenSecret; self.username = username
    }
}
