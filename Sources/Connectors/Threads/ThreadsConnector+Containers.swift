import CryptoPrimitives
import Foundation
import NetworkRules
import SchedulerCore

extension ThreadsConnector {
    /// A text, an image, or a carousel of 2 to 20 (each item a container of its own, finished before the carousel is made).
    func makeContainer(_ request: PublishRequest, userID: String, token: String) async throws(ConnectorError) -> String {
        switch request.media.count {
        case 0:
            return try await PreparatoryStep.run { () throws(ConnectorError) in
                try await api.createContainer(.text(request.text), replyTo: request.replyTo, userID: userID, token: token)
            }
        case 1:
            let item = request.media[0]
            return try await PreparatoryStep.run { () throws(ConnectorError) in
                try await api.createContainer(.image(url: imageURL(item), altText: item.alt, text: request.text, carouselItem: false),
                                              replyTo: request.replyTo, userID: userID, token: token)
            }
        default:
            var children: [String] = []
            for item in request.media {
                let child = try await PreparatoryStep.run { () throws(ConnectorError) in
                    try await api.createContainer(.image(url: imageURL(item), altText: item.alt, text: nil, carouselItem: true), userID: userID, token: token)
                }
                try await waitUntilFinished(child, token: token)
                children.append(child)
            }
            // Tried once: a carousel that was made though its answer failed holds these children, and Threads refuses them in
            // a second one. The next attempt makes the children anew; the orphan expires unpublished.
            return try await api.createContainer(.carousel(children: children, text: request.text), replyTo: request.replyTo, userID: userID, token: token)
        }
    }

    /// Reads the container's status until it is `FINISHED` (bounded); an error says Threads' own reason.
    func waitUntilFinished(_ container: String, token: String) async throws(ConnectorError) {
        for _ in 0..<maxPolls {
            switch try await PreparatoryStep.run({ () throws(ConnectorError) in try await api.status(ofContainer: container, token: token) }) {
            case .finished: return
            case .inProgress: try? await Task.sleep(for: pollInterval)
            case .published: throw ConnectorError(code: .uncertain, message: "Threads container \(container) is already published")
            case .expired: throw ConnectorError(code: .retryable, message: "Threads let container \(container) expire before it was published")
            case .error(let reason): throw ConnectorError(code: .permanent, message: "Threads could not prepare the post: \(reason)")
            }
        }
        throw ConnectorError(code: .retryable, message: "Threads was still preparing container \(container); tried again later")
    }

    /// A full quota holds the post back (a rate limit the engine waits out, within the lateness limit): never a failure.
    func holdBackWhenTheQuotaIsFull(userID: String, token: String) async throws(ConnectorError) {
        let quota = try await PreparatoryStep.run { () throws(ConnectorError) in try await api.quota(userID: userID, token: token) }
        guard quota.left == 0 else { return }
        var error = ConnectorError(code: .rateLimited, message: "the profile has made its \(quota.total) posts of the moving day on Threads; held back",
                                   retryAt: now().addingTimeInterval(Self.quotaWait))
        error.rateLimit = RateLimitHint(scope: .account, remaining: 0, resetAt: now().addingTimeInterval(Self.quotaWait))
        throw error
    }
}

/// The key a Threads part is settled by: its container's id, and a digest of what the container holds, so a post edited
/// after its container was made (while nothing was published) gets a new container instead of the old text.
struct ThreadsContainerKey {
    var id: String
    var digest: String

    init(id: String, request: PublishRequest) {
        self.id = id
        self.digest = Self.digest(request)
    }

    init?(parsing text: String, for request: PublishRequest) {
        let parts = text.split(separator: " ").map(String.init)
        guard parts.count == 2, parts[1] == Self.digest(request) else { return nil }
        id = parts[0]
        digest = parts[1]
    }

    var text: String { "\(id) \(digest)" }

    static func digest(_ request: PublishRequest) -> String {
        let content = ([request.text, request.replyTo ?? ""] + request.media.map { "\($0.sha256) \($0.alt ?? "")" }).joined(separator: "\u{1F}")
        return Digest.sha256Hex(Array(content.utf8), bytes: 8)
    }
}
