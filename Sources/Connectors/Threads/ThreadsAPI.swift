import Foundation
import HTTPClient
import SchedulerCore

/// The calls of a Threads post (docs/research/threads.md): a **container** made first, its status read until it is
/// ready, then published. The container is the checkpoint that makes a post once: after any doubt its status says
/// whether it was published (`PUBLISHED`), and a container is never published twice. Before publishing, the account's
/// quota (250 posts in a moving day) is read, so a full quota holds posts back instead of failing them.
public struct ThreadsAPI: Sendable {
    /// `https://graph.threads.net` (both `.net` and `.com` hosts are documented).
    let graph: String
    let transport: ConnectorTransport

    public init(graph: String, transport: any HTTPTransport, timeout: Duration = .seconds(30)) {
        self.graph = graph.trimmingTrailingSlash
        self.transport = ConnectorTransport(transport: transport, network: "Threads", timeout: timeout)
    }

    /// A container's state, as `GET /{container-id}?fields=status,error_message` gives it.
    public enum ContainerStatus: Sendable, Equatable {
        case inProgress, finished, published, expired
        case error(String)
    }

    /// What a container holds.
    public enum Content: Sendable {
        case text(String)
        /// An image at a public URL, with its alt text (at most 1,000 characters).
        case image(url: String, altText: String?, text: String?, carouselItem: Bool)
        case carousel(children: [String], text: String?)
    }

    /// The account's posts in the moving day, and how many it may make.
    public struct Quota: Sendable, Equatable {
        public var used: Int
        public var total: Int
        public var left: Int { max(0, total - used) }
    }

    /// `POST /{user-id}/threads`: the container's id.
    public func createContainer(_ content: Content, replyTo: String? = nil, userID: String, token: String) async throws(ConnectorError) -> String {
        var fields: [(String, String)] = []
        switch content {
        case .text(let text):
            fields = [("media_type", "TEXT"), ("text", text)]
        case .image(let url, let alt, let text, let carouselItem):
            fields = [("media_type", "IMAGE"), ("image_url", url)]
            if let alt { fields.append(("alt_text", alt)) }
            if let text { fields.append(("text", text)) }
            if carouselItem { fields.append(("is_carousel_item", "true")) }
        case .carousel(let children, let text):
            fields = [("media_type", "CAROUSEL"), ("children", children.joined(separator: ","))]
            if let text { fields.append(("text", text)) }
        }
        if let replyTo { fields.append(("reply_to_id", replyTo)) }
        return try Self.id(try await call("POST", "/\(userID)/threads", form: fields, token: token), call: "threads")
    }

    /// `GET /{container-id}?fields=status,error_message`.
    public func status(ofContainer id: String, token: String) async throws(ConnectorError) -> ContainerStatus {
        let answer = try await call("GET", "/\(id)?fields=status,error_message", token: token)
        switch answer["status"]?.stringValue {
        case "IN_PROGRESS": return .inProgress
        case "FINISHED": return .finished
        case "PUBLISHED": return .published
        case "EXPIRED": return .expired
        case "ERROR": return .error(answer["error_message"]?.stringValue ?? "UNKNOWN")
        default: throw Self.malformed("container status", "no status")
        }
    }

    /// `POST /{user-id}/threads_publish?creation_id=…`: the post's id. Only for a container whose status is
    /// ``ContainerStatus/finished``; an answer in doubt is resolved by that status, never by publishing again.
    public func publish(container id: String, userID: String, token: String) async throws(ConnectorError) -> String {
        try Self.id(try await call("POST", "/\(userID)/threads_publish", form: [("creation_id", id)], token: token, publishing: true),
                    call: "threads_publish")
    }

    /// `GET /{user-id}/threads_publishing_limit?fields=quota_usage,config`.
    public func quota(userID: String, token: String) async throws(ConnectorError) -> Quota {
        let answer = try await call("GET", "/\(userID)/threads_publishing_limit?fields=quota_usage,config", token: token)
        guard case .array(let rows)? = answer["data"], let row = rows.first, let used = row["quota_usage"]?.integer,
              let total = row["config"]?["quota_total"]?.integer else { throw Self.malformed("threads_publishing_limit", "no quota") }
        return Quota(used: used, total: total)
    }
}
