import CryptoPrimitives
import Foundation
import HTTPClient
import NetworkRules
import SchedulerCore

/// Publishes to Threads through a container kept as the part's key: the container is made (its images fetched by Threads
/// from `media_base_url`), its id stored before `threads_publish` is sent, and after any doubt its status says what
/// happened: `PUBLISHED` (the post is found where Threads lists it), `FINISHED` (published again, the same container),
/// `EXPIRED` (never published; a new one is made). A container is never published twice. The profile's quota (250
/// posts in a moving day) is read before each post, and a full one holds the post back instead of failing it.
public struct ThreadsConnector: KeyedPublishing {
    public let network = Network.threads
    public var textRules: TextRules { NetworkRules.of(.threads).text }
    public var mediaRules: MediaRules { NetworkRules.of(.threads).media }
    let api: ThreadsAPI
    let mediaBaseURL: String?
    let pollInterval: Duration
    let maxPolls: Int
    let now: @Sendable () -> Date

    /// How long a full quota holds a post back before the quota is read again.
    static let quotaWait: TimeInterval = 15 * 60

    public init(graphBaseURL: String, mediaBaseURL: String?, transport: any HTTPTransport, timeout: Duration = .seconds(30),
                pollInterval: Duration = .milliseconds(500), maxPolls: Int = 60, now: @escaping @Sendable () -> Date = Date.init) {
        self.api = ThreadsAPI(graph: graphBaseURL, transport: transport, timeout: timeout)
        self.mediaBaseURL = mediaBaseURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        self.pollInterval = pollInterval; self.maxPolls = maxPolls; self.now = now
    }

    public func validate(_ request: PublishRequest) -> [String] {
        var problems = NetworkRules.of(.threads).problems(with: request)
        if !request.media.isEmpty, mediaBaseURL == nil {
            problems.append("Threads fetches images from a public address: set media_base_url in the configuration")
        }
        return problems
    }

    public func preview(_ request: PublishRequest) -> JSONValue {
        var body: [String: JSONValue] = ["media_type": .string(request.media.isEmpty ? "TEXT" : request.media.count == 1 ? "IMAGE" : "CAROUSEL"),
                                         "text": .string(request.text)]
        if !request.media.isEmpty { body["image_urls"] = .array(request.media.map { .string(imageURL($0)) }) }
        if let reply = request.replyTo { body["reply_to_id"] = .string(reply) }
        return .object(body)
    }

    public func verify(credentials: AccountCredentials) async throws(ConnectorError) -> AccountProfile {
        try await api.whoAmI(token: credentials.token)
    }

    public func publish(_ request: PublishRequest, key slot: any PublishKeySlot, credentials: AccountCredentials) async throws(ConnectorError)
        -> PublishedPost {
        let (userID, token) = (request.accountRemoteID, credentials.token)
        if request.replyTo == nil { try await holdBackWhenTheQuotaIsFull(userID: userID, token: token) }
        var container = slot.stored.flatMap { ThreadsContainerKey(parsing: $0, for: request) }?.id
        if let kept = container {
            switch try await api.status(ofContainer: kept, token: token) {
            case .published:
                guard let found = try await api.findPost(text: request.text, replyTo: request.replyTo, userID: userID, since: .distantPast, token: token) else {
                    throw ConnectorError(code: .uncertain, message: "Threads published container \(kept), whose post is not listed yet")
                }
                return PublishedPost(remoteID: found.id, url: found.url, httpStatus: 200)
            case .expired: container = nil
            case .error(let reason): throw ConnectorError(code: .permanent, message: "Threads could not make the post: \(reason)")
            case .finished, .inProgress: break
            }
        }
        if container == nil {
            let made = try await makeContainer(request, userID: userID, token: token)
            try await slot.store(ThreadsContainerKey(id: made, request: request).text)
            container = made
        }
        let ready = container!
        try await waitUntilFinished(ready, token: token)
        let id: String
        do {
            id = try await api.publish(container: ready, userID: userID, token: token)
        } catch where error.code == .permanent {
            // Refused, perhaps because an earlier publish of this very container went through after all (Threads refuses a
            // second): the container's status says, before anything is called failed.
            guard try await api.status(ofContainer: ready, token: token) == .published else { throw error }
            throw ConnectorError(code: .uncertain, message: "Threads refused to publish container \(ready) again: it is published; looked up next")
        }
        return PublishedPost(remoteID: id, url: await api.permalink(of: id, token: token), httpStatus: 200)
    }

    public func settle(_ request: PublishRequest, key: String, since: Date, keyAge: KeyAge, credentials: AccountCredentials) async throws(ConnectorError) -> KeyedLookUp {
        guard let container = ThreadsContainerKey(parsing: key, for: request)?.id else { return .sendAgain }
        guard try await api.status(ofContainer: container, token: credentials.token) == .published else { return .sendAgain }
        guard let found = try await api.findPost(text: request.text, replyTo: request.replyTo, userID: request.accountRemoteID, since: since,
                                                 token: credentials.token) else { return .notListed }
        return .found(PublishedPost(remoteID: found.id, url: found.url, httpStatus: 200))
    }

    func imageURL(_ item: MediaItem) -> String { "\(mediaBaseURL ?? "")/\(item.fileName)" }
}
