/// `POST /v1/links`: start linking an account. The daemon keeps the PKCE verifier and `state`.
public struct StartLinkRequest: Codable, Sendable, Equatable {
    public var network: Network
    /// `oauth2` (default where offered) or `oauth1` (X's PIN flow).
    public var method: String?
    /// The CLI's loopback listener (`http://127.0.0.1:PORT/callback`); absent in headless mode.
    public var redirectURI: String?
    /// The choices that change what is asked for: a LinkedIn organization needs the organization scopes.
    public var page: String?
    public var organization: String?
    /// Mastodon: the instance the account is on (`https://mastodon.social`).
    public var instance: String?

    enum CodingKeys: String, CodingKey {
        case network, method, page, organization, instance
        case redirectURI = "redirect_uri"
    }

    public init(network: Network, method: String? = nil, redirectURI: String? = nil, page: String? = nil, organization: String? = nil,
                instance: String? = nil) {
        self.network = network; self.method = method; self.redirectURI = redirectURI; self.page = page; self.organization = organization
        self.instance = instance
    }
}

/// What the person must open, and what they bring back (`redirect_url` or `pin`).
public struct LinkStartView: Codable, Sendable, Equatable {
    public var linkId: String
    public var network: Network
    public var authorizationURL: String
    public var redirectURI: String
    public var expects: String

    enum CodingKeys: String, CodingKey {
        case network, expects
        case linkId = "link_id", authorizationURL = "authorization_url", redirectURI = "redirect_uri"
    }

    public init(linkId: String, network: Network, authorizationURL: String, redirectURI: String, expects: String) {
        self.linkId = linkId; self.network = network; self.authorizationURL = authorizationURL
        self.redirectURI = redirectURI; self.expects = expects
    }
}

/// `POST /v1/links/{id}/complete`: the redirect URL or PIN, and the person's choices.
public struct CompleteLinkRequest: Codable, Sendable, Equatable {
    public var response: String
    public var page: String?
    public var organization: String?

    public init(response: String, page: String? = nil, organization: String? = nil) {
        self.response = response; self.page = page; self.organization = organization
    }
}

/// The answer to `DELETE /v1/accounts/{ref}`: what was removed and whether the network revoked the grant.
public struct UnlinkView: Codable, Sendable, Equatable {
    public var account: AccountView
    public var revokedAtNetwork: Bool
    public var note: String?
    /// The unfinished posts to the account that `cancel_pending` cancelled (0 without it).
    public var cancelledPosts: Int

    enum CodingKeys: String, CodingKey {
        case account, note
        case revokedAtNetwork = "revoked_at_network", cancelledPosts = "cancelled_posts"
    }

    public init(account: AccountView, revokedAtNetwork: Bool, note: String?, cancelledPosts: Int = 0) {
        self.account = account; self.revokedAtNetwork = revokedAtNetwork; self.note = note; self.cancelledPosts = cancelledPosts
    }
}
