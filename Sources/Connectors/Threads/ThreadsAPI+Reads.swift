import Foundation
import HTTPClient
import SchedulerCore

extension ThreadsAPI {
    /// The profile's post with this text, or a reply with it under `replyTo`, posted at or after `since`: a
    /// `PUBLISHED` container's post, found where Threads lists it (replies are not among the profile's threads).
    func findPost(text: String, replyTo: String?, userID: String, since: Date, token: String) async throws(ConnectorError) -> (id: String, url: String?)? {
        let edge = replyTo.map { "/\($0)/replies" } ?? "/\(userID)/threads"
        let lookup = PagedLookup(network: "Threads", since: since, time: { ListingTime.rfc3339($0["timestamp"]) },
                                 matches: { RecentPosts.matches($0["text"]?.stringValue, text) })
        let found = try await lookup.find { next throws(ConnectorError) in
            let answer = try await call("GET", edge + "?fields=id,text,timestamp,permalink&limit=100" + (next.map { "&after=\($0)" } ?? ""), token: token)
            guard case .array(let items)? = answer["data"] else { throw Self.malformed("threads", "no data") }
            return ListingPage(items: items, next: answer["paging"]?["next"] == nil ? nil : answer["paging"]?["cursors"]?["after"]?.stringValue)
        }
        guard let found, let id = found["id"]?.text else { return nil }
        return (id, found["permalink"]?.stringValue)
    }

    /// `GET /{media-id}?fields=permalink`: the post's address, when Threads gives it.
    func permalink(of id: String, token: String) async -> String? {
        try? await call("GET", "/\(id)?fields=permalink", token: token)["permalink"]?.stringValue
    }

    /// `GET /me?fields=id,username`.
    public func whoAmI(token: String) async throws(ConnectorError) -> AccountProfile {
        let me = try await call("GET", "/me?fields=id,username,name", token: token)
        guard let id = me["id"]?.text, let username = me["username"]?.stringValue else { throw Self.malformed("me", "no id or username") }
        return AccountProfile(remoteID: id, handle: username, displayName: me["name"]?.stringValue ?? username)
    }
}
