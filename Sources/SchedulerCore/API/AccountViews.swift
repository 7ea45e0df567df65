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
    /// When the access token stops working, if the network said.
    public var accessExpiresAt: Date?
    /// Whether schedulerd can renew the token by itself.
    public var refreshable: Bool
    /// Scheduled posts due after `accessExpiresAt`: they fail unless the account is relinked first.
    public var postsAfterExpiry: Int
    /// Why the account needs attention, when it does.
    public var statusReason: String?
    /// Its last deliveries were all refused for a permission its token lacks; nil otherwise.
    public var permissionRefusal: PermissionRefusal?
    /// Only in the answer to a link or import: what to know though it worked (a permission only some posts need was not
    /// granted, so those posts will fail).
    public var notes: [String]?
    /// A Mastodon account's instance limits, as it answered them when linked: posts to it are checked against these.
    public var instanceLimits: MastodonInstanceLimits?

    /// `network:@handle`, the form `--to` accepts.
    public var reference: String { "\(network.rawValue):@\(handle)" }

    enum CodingKeys: String, CodingKey {
        case id, network, handle, status
        case displayName = "display_name", remoteId = "remote_id", authKind = "auth_kind"
        case createdAt = "created_at", pendingPosts = "pending_posts"
        case accessExpiresAt = "access_expires_at", refreshable, postsAfterExpiry = "posts_after_expiry", statusReason = "status_reason"
        case permissionRefusal = "permission_refusal", notes, instanceLimits = "instance_limits"
    }

    public init(id: Int64, network: Network, handle: String, displayName: String, remoteId: String,
                authKind: AuthKind, status: AccountStatus, createdAt: Date, pendingPosts: Int,
                accessExpiresAt: Date? = nil, refreshable: Bool = false, postsAfterExpiry: Int = 0, statusReason: String? = nil,
                permissionRefusal: PermissionRefusal? = nil, instanceLimits: MastodonInstanceLimits? = nil) {
        self.instanceLimits = instanceLimits
        self.id = id; self.network = network; self.handle = handle; self.displayName = displayName
        self.remoteId = remoteId; self.authKind = authKind; self.status = status
        self.createdAt = createdAt; self.pendingPosts = pendingPosts
        self.accessExpiresAt = accessExpiresAt; self.refreshable = refreshable
        self.postsAfterExpiry = postsAfterExpiry; self.statusReason = statusReason
        self.permissionRefusal = permissionRefusal
    }

    /// Every delivery of the account that ended since its last publish (and since it was last linked or added) was
    /// refused for a permission its token lacks: it cannot publish until it is linked again with that permission.
    public struct PermissionRefusal: Codable, Sendable, Equatable {
        /// How many deliveries in a row.
        public var deliveries: Int
        /// The last refusal, in the network's words.
        public var reason: String
        /// When the first of them was refused.
        public var since: Date

        public init(deliveries: Int, reason: String, since: Date) {
            self.deliveries = deliveries; self.reason = reason; self.since = since
        }
    }

    /// "expires in 12 days, before 3 scheduled posts", or nil when nothing is worth saying.
    public func expiryForecast(now: Date = Date()) -> String? {
        guard let expiresAt = accessExpiresAt, !refreshable else { return nil }
        let seconds = expiresAt.timeIntervalSince(now)
        var text: String
        if seconds <= 0 { text = "expired" }
        else if seconds < 3_600 { text = "expires in \(Counted.of(Int(seconds / 60), "minute"))" }
        else if seconds < 172_800 { text = "expires in \(Counted.of(Int(seconds / 3_600), "hour"))" }
        else { text = "expires in \(Counted.of(Int(seconds / 86_400), "day"))" }
        if postsAfterExpiry > 0 { text += ", before \(Counted.of(postsAfterExpiry, "scheduled post"))" }
        return text
    }
}

/// `POST /v1/accounts`: import a token a person already has, or add an Instagram handoff account
/// (no token). Sent over the 0600 control socket only.
public struct ImportAccountRequest: Codable, Sendable, Equatable {
    public var network: Network
    public var token: String
    public var tokenSecret: String?
    /// An Instagram account published by handoff: the person finishes each post in the app.
    public var handoff: Bool?
    /// The handle of a handoff account, or a Bluesky account's handle or DID.
    public var handle: String?
    /// Bluesky: the app password, exchanged for a session and never stored.
    public var password: String?
    /// Bluesky: the account's own PDS, when it is not on Bluesky's servers.
    public var service: String?

    enum CodingKeys: String, CodingKey {
        case network, token, handoff, handle, password, service
        case tokenSecret = "token_secret"
    }

    public init(network: Network, token: String, tokenSecret: String?, handoff: Bool? = nil, handle: String? = nil,
                password: String? = nil, service: String? = nil) {
        self.network = network; self.token = token; self.tokenSecret = tokenSecret; self.handoff = handoff; self.handle = handle
        self.password = password; self.service = service
    }
}

/// The body of `POST /v1/sandbox/tokens/{network}`: whose token, and what it may do (all defaults when empty).
public struct SandboxTokenRequest: Codable, Sendable, Equatable {
    public var username: String?
    /// Only these permissions (Facebook, LinkedIn), instead of everything publishing needs.
    public var scopes: [String]?
    /// X's OAuth 1.0a access level (`read`, `read-write`, `read-write-directmessages`), instead of `read-write`.
    public var accessLevel: String?

    enum CodingKeys: String, CodingKey {
        case username, scopes
        case accessLevel = "access_level"
    }

    public init(username: String? = nil, scopes: [String]? = nil, accessLevel: String? = nil) {
        self.username = username; self.scopes = scopes; self.accessLevel = accessLevel
    }
}

/// `POST /v1/sandbox/tokens/{network}`: a token pair minted by the sandbox's stand-in developer portal.
public struct SandboxTokenView: Codable, Sendable, Equatable {
    public var network: Network
    public var token: String
    public var tokenSecret: String?
    public var username: String
    /// The server the token is for, where the network has many (a Mastodon instance).
    public var service: String?

    enum CodingKeys: String, CodingKey {
        case network, token, username, service
        case tokenSecret = "token_secret"
    }

    public init(network: Network, token: String, tokenSecret: String?, username: String, service: String? = nil) {
        self.network = network; self.token = token; self.tokenSecret = tokenSecret; self.username = username; self.service = service
    }
}
