import Foundation
import SchedulerCore

/// What `schedctl list`'s table shows of a post, decoded straight from the daemon's page: the id, the due time, the
/// text and each delivery's account, state and URL. Decoding the page as whole ``PostView``s took most of the time
/// the table costs over `--json` (each of their dozen nested types is looked up by Swift's runtime the first time it
/// is decoded); the field names are the API's, and `PostListRowTests` checks that a row decoded from an encoded
/// `PostView` is the row made from it.
public struct PostListRow: Decodable, Sendable, Equatable {
    public var id: Int64
    public var text: String
    /// Nil for a draft.
    public var dueAt: Date?
    public var deliveries: [Delivery]

    public struct Delivery: Decodable, Sendable, Equatable {
        public var account: String
        public var state: DeliveryState
        public var remoteUrl: String?

        enum CodingKeys: String, CodingKey {
            case account, state
            case remoteUrl = "remote_url"
        }

        public init(account: String, state: DeliveryState, remoteUrl: String?) {
            self.account = account; self.state = state; self.remoteUrl = remoteUrl
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, text, deliveries
        case dueAt = "due_at"
    }

    public init(_ post: PostView) {
        id = post.id
        text = post.text
        dueAt = post.dueAt
        deliveries = post.deliveries.map { Delivery(account: $0.account, state: $0.state, remoteUrl: $0.remoteUrl) }
    }
}
