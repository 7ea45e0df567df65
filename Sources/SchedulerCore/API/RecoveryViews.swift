import Foundation

/// `POST /v1/posts/{id}/retry`: send a post's failed, missed or expired deliveries again, or only `delivery` (an id
/// of one of them); `POST /v1/deliveries/{id}/retry` names the delivery in the path instead. `force` is needed for an
/// `unknown` delivery, because it may already be on the network.
public struct RetryDeliveryRequest: Codable, Sendable, Equatable {
    public var force: Bool?
    /// On the post's route: only this delivery of the post.
    public var delivery: Int64?

    public init(force: Bool? = nil, delivery: Int64? = nil) {
        self.force = force
        self.delivery = delivery
    }
}

/// `POST /v1/posts/{id}/resolve`: the person checked, and the post is on the network at `publishedUrl`: the post's one
/// unknown, failed or missed delivery, or `delivery` when it has several; `POST /v1/deliveries/{id}/resolve` names the
/// delivery in the path instead.
public struct ResolveDeliveryRequest: Codable, Sendable, Equatable {
    public var publishedUrl: String
    /// On the post's route: which of the post's deliveries.
    public var delivery: Int64?

    enum CodingKeys: String, CodingKey {
        case delivery
        case publishedUrl = "published_url"
    }

    public init(publishedUrl: String, delivery: Int64? = nil) {
        self.publishedUrl = publishedUrl
        self.delivery = delivery
    }
}

/// `POST /v1/pause` and `/v1/resume`: everything, one account when `account` is given, or every account of
/// one network when `network` is.
public struct PauseRequest: Codable, Sendable, Equatable {
    public var account: String?
    public var network: Network?

    public init(account: String? = nil, network: Network? = nil) {
        self.account = account
        self.network = network
    }
}

/// What is paused after a pause or resume, and in `status`.
public struct PauseView: Codable, Sendable, Equatable {
    public var everything: Bool
    /// `network:@handle` of each paused account.
    public var accounts: [String]
    /// Networks paused as a whole.
    public var networks: [NetworkPauseView]
    /// What a resume lifted, so that it can say so; nil in answers to a pause and in `status`.
    public var resumed: Resumed?

    public var isEmpty: Bool { !everything && accounts.isEmpty && networks.isEmpty }

    /// The pauses a resume lifted: those before it that are gone after it.
    public struct Resumed: Codable, Sendable, Equatable {
        public var everything: Bool
        public var accounts: [String]
        public var networks: [Network]

        public var isEmpty: Bool { !everything && accounts.isEmpty && networks.isEmpty }

        public init(everything: Bool, accounts: [String], networks: [Network]) {
            self.everything = everything; self.accounts = accounts; self.networks = networks
        }
    }

    public init(everything: Bool, accounts: [String], networks: [NetworkPauseView] = [], resumed: Resumed? = nil) {
        self.everything = everything
        self.accounts = accounts
        self.networks = networks
        self.resumed = resumed
    }

    /// This view (what is paused after a resume) saying what the resume lifted, given what was paused `before` it.
    public func lifted(since before: PauseView) -> PauseView {
        var view = self
        let networksNow = Set(networks.map(\.network))
        view.resumed = Resumed(everything: before.everything && !everything, accounts: before.accounts.filter { !accounts.contains($0) },
                               networks: before.networks.map(\.network).filter { !networksNow.contains($0) })
        return view
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        everything = try container.decode(Bool.self, forKey: .everything)
        accounts = try container.decode([String].self, forKey: .accounts)
        networks = try container.decodeIfPresent([NetworkPauseView].self, forKey: .networks) ?? []
        resumed = try container.decodeIfPresent(Resumed.self, forKey: .resumed)
    }
}

/// A network publishing stopped for: refused by the network (a retired API version, spent credits) or paused by hand.
public struct NetworkPauseView: Codable, Sendable, Equatable {
    public var network: Network
    /// Paused with `schedctl pause --network`, rather than refused by the network.
    public var byPerson: Bool
    public var reason: String
    /// What to do so the network takes requests again.
    public var remedy: String?
    public var since: Date

    enum CodingKeys: String, CodingKey {
        case network, reason, remedy, since
        case byPerson = "by_person"
    }

    public init(network: Network, byPerson: Bool, reason: String, remedy: String?, since: Date) {
        self.network = network; self.byPerson = byPerson; self.reason = reason; self.remedy = remedy; self.since = since
    }
}

/// `GET /v1/posts/{id}/history`: every attempt at every delivery of a post.
public struct HistoryView: Codable, Sendable, Equatable {
    public var postId: Int64
    public var deliveries: [Delivery]

    public struct Delivery: Codable, Sendable, Equatable {
        public var id: Int64
        public var account: String
        public var state: DeliveryState
        public var attempts: [Attempt]

        public init(id: Int64, account: String, state: DeliveryState, attempts: [Attempt]) {
            self.id = id; self.account = account; self.state = state; self.attempts = attempts
        }
    }

    /// One request (or look-up) and how it ended. `excerpt` is the network's answer, shortened and
    /// with anything secret-looking removed.
    public struct Attempt: Codable, Sendable, Equatable {
        public var startedAt: Date
        public var finishedAt: Date
        public var httpStatus: Int?
        public var outcome: String
        public var errorClass: String?
        public var excerpt: String?
        /// Which part of a post in several parts (an X thread, a first comment) the attempt was for; nil for a plain post.
        public var part: Int?

        enum CodingKeys: String, CodingKey {
            case outcome, excerpt, part
            case startedAt = "started_at", finishedAt = "finished_at", httpStatus = "http_status", errorClass = "error_class"
        }

        public init(startedAt: Date, finishedAt: Date, httpStatus: Int?, outcome: String, errorClass: String? = nil, excerpt: String? = nil,
                    part: Int? = nil) {
            self.startedAt = startedAt; self.finishedAt = finishedAt; self.httpStatus = httpStatus
            self.outcome = outcome; self.errorClass = errorClass; self.excerpt = excerpt; self.part = part
        }
    }

    enum CodingKeys: String, CodingKey {
        case deliveries
        case postId = "post_id"
    }

    public init(postId: Int64, deliveries: [Delivery]) {
        self.postId = postId
        self.deliveries = deliveries
    }
}

/// Deliveries held back by a rate-limit budget, and when they will go out.
public struct ThrottleView: Codable, Sendable, Equatable {
    public var deliveries: Int
    /// When the first and the last of them are due to go out.
    public var from: Date
    public var until: Date

    public init(deliveries: Int, from: Date, until: Date) {
        self.deliveries = deliveries; self.from = from; self.until = until
    }
}
