import Foundation
import SchedulerCore

extension BlueskyXRPC {
    /// What a reply to the post at `uri` names (the `reply` of `app.bsky.feed.post`): the post itself as the parent, and
    /// the thread's first post as the root, read from the parent's own `reply.root` (itself when it is no reply). The
    /// engine keeps only each part's `at://` URI, so the CIDs are read back here, from the PDS that holds them.
    public func replyReferences(to uri: String, session: Session) async throws(ConnectorError) -> (root: Record, parent: Record) {
        guard let location = Self.location(uri) else {
            throw ConnectorError(code: .permanent, message: "'\(uri)' is no at:// URI of a post to reply to")
        }
        let path = "com.atproto.repo.getRecord?repo=\(Self.query(location.repo))&collection=\(location.collection)&rkey=\(location.rkey)"
        let answer = try await call("GET", path, token: session.accessJwt)
        let parent = try Self.record(answer, call: "getRecord")
        guard let root = answer["value"]?["reply"]?["root"] else { return (parent, parent) }
        return (try Self.record(root, call: "getRecord"), parent)
    }

    /// The repository, collection and record key of an `at://` URI.
    static func location(_ uri: String) -> (repo: String, collection: String, rkey: String)? {
        guard uri.hasPrefix("at://") else { return nil }
        let parts = uri.dropFirst(5).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        return (parts[0], parts[1], parts[2])
    }
}
