/// How the sandbox server listens, how strict its checks are, and how long what it issues lasts.
public struct SandboxConfiguration: Sendable {
    /// The loopback address to bind; the sandbox refuses anything that is not loopback.
    public var host: String = "127.0.0.1"
    /// X's port; 0 lets the system pick a free one (read it back with ``SandboxServer/baseURL()``).
    public var port: Int = 0
    /// The Facebook Graph listener's port (it serves Instagram too); 0 picks a free one.
    public var facebookPort: Int = 0
    /// LinkedIn's port; 0 picks a free one.
    public var linkedinPort: Int = 0
    /// The Bluesky PDS's port; 0 picks a free one.
    public var blueskyPort: Int = 0
    /// Ports by host name (``SandboxAnnouncement/hosts``), over the fields above: how `--ports` asks for
    /// Mastodon's and Threads' too. A host named nowhere gets a port the system picks.
    public var listenerPorts: [String: Int] = [:]
    /// When a port asked for is taken, listen on one the system picks (and log both) instead of failing: a restarted
    /// sandbox asks for its last ports, which another program may hold by now.
    public var fallsBackFromTakenPorts = false
    /// Posts a Threads profile may publish in a moving day: Threads' 250 unless a test wants to see it run out.
    public var threadsPostQuota: Int = 250
    /// How far an OAuth 1.0a `oauth_timestamp` may be from the server's clock, and how long nonces are remembered.
    public var timestampTolerance: Duration = .seconds(300)
    /// How long every OAuth 2.0 access token lasts; `nil` keeps each network's real default
    /// (X 2 hours, a Facebook short-lived user token 1 hour and a long-lived one 60 days, LinkedIn 60 days).
    public var accessTokenLifetime: Duration?
    /// How long an authorization code (and an OAuth 1.0a request token) may wait to be exchanged.
    public var authorizationCodeLifetime: Duration = .seconds(60)
    /// How long a refresh token lasts; `nil` keeps the network's default (X's never expire on their own).
    public var refreshTokenLifetime: Duration?
    /// Graph calls one app, and one Page, may make per hour before Graph answers code 4 (app) or 32 (Page);
    /// `X-App-Usage` and `X-Business-Use-Case-Usage` report the share used.
    public var graphCallBudget: Int = 4_800
    /// Instagram posts one account may publish per rolling 24 hours (`content_publishing_limit`).
    public var instagramPublishLimit: Int = 50
    /// LinkedIn posts one member may create per UTC day before LinkedIn answers 429.
    public var linkedinDailyPostLimit: Int = 150
    /// The products the sandbox LinkedIn app has, which decide the scopes it may ask for; by default what most
    /// apps have ("Share on LinkedIn" and "Sign In with LinkedIn using OpenID Connect"), so no organization.
    public var linkedinProducts: Set<LinkedInProduct> = LinkedInProduct.defaults
    /// Which API calls meet injected faults (5xx, throttling, slow or lost answers, dropped
    /// connections, expired tokens); off unless a test asks. `PUT /_sandbox/faults` replaces it while running.
    public var faults: FaultPlan = .off
    /// How long after it was made a post first appears in the account's listings (X's user timeline, a
    /// Page's feed, LinkedIn's author finder, Instagram's media); zero, the default, lists it at once.
    /// Reads by id work at once either way. `PUT /_sandbox/listings` changes it while running.
    public var listingLag: Duration = .zero
    /// Whether listings show text as the networks rewrite it (X: t.co links, `&amp;` `&lt;` `&gt;`,
    /// `entities.urls`; Graph and LinkedIn: tidied whitespace); on by default, as the networks do.
    public var rewritesListedText: Bool = true
    /// How long a Facebook photo uploaded with `published=false&temporary=true` waits to be attached to a post
    /// before Facebook deletes it: a day (the sandbox's reading; the reference gives no figure).
    public var temporaryPhotoLifetime: Duration = .seconds(86_400)

    public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        facebookPort: Int = 0,
        linkedinPort: Int = 0,
        timestampTolerance: Duration = .seconds(300),
        accessTokenLifetime: Duration? = nil,
        authorizationCodeLifetime: Duration = .seconds(60),
        refreshTokenLifetime: Duration? = nil,
        graphCallBudget: Int = 4_800,
        instagramPublishLimit: Int = 50,
        linkedinDailyPostLimit: Int = 150,
        linkedinProducts: Set<LinkedInProduct> = LinkedInProduct.defaults,
        faults: FaultPlan = .off,
        listingLag: Duration = .zero,
        rewritesListedText: Bool = true,
        temporaryPhotoLifetime: Duration = .seconds(86_400)
    ) {
        self.temporaryPhotoLifetime = temporaryPhotoLifetime
        self.linkedinProducts = linkedinProducts
        self.host = host
        self.port = port
        self.facebookPort = facebookPort
        self.linkedinPort = linkedinPort
        self.timestampTolerance = timestampTolerance
        self.accessTokenLifetime = accessTokenLifetime
        self.authorizationCodeLifetime = authorizationCodeLifetime
        self.refreshTokenLifetime = refreshTokenLifetime
        self.graphCallBudget = graphCallBudget
        self.instagramPublishLimit = instagramPublishLimit
        self.linkedinDailyPostLimit = linkedinDailyPostLimit
        self.faults = faults
        self.listingLag = listingLag
        self.rewritesListedText = rewritesListedText
    }

    /// The port `host` (``SandboxAnnouncement/hosts``) asks for: ``listenerPorts``, else its own field, else 0.
    func port(for host: String) -> Int {
        if let port = listenerPorts[host] { return port }
        switch host {
        case "x": return port
        case "facebook": return facebookPort
        case "linkedin": return linkedinPort
        case "bluesky": return blueskyPort
        default: return 0
        }
    }

    /// The listing behaviour the sandbox starts with.
    var listingBehaviour: ListingBehaviour {
        ListingBehaviour(lag: listingLag, rewritesText: rewritesListedText)
    }

    /// The host as the socket layer wants it: an IPv6 literal without brackets.
    var bindHost: String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// Whether `host` names a loopback address, the only kind the sandbox may bind.
    public var isLoopback: Bool {
        Self.isLoopback(host)
    }

    /// Whether `host` is `localhost`, an IPv4 address in 127.0.0.0/8, or `::1`.
    public static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets[0] == "127" else { return false }
        return octets.allSatisfy { octet in
            guard let value = UInt8(octet), String(value) == octet else { return false }
            return true
        }
    }
}
