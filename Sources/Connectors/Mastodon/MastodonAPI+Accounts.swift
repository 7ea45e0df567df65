import Foundation
import HTTPClient
import SchedulerCore

extension MastodonAPI {
    /// `GET /api/v1/accounts/verify_credentials`: whose the token is (needs `profile`, or `read:accounts` before 4.3).
    public func whoAmI(token: String) async throws(ConnectorError) -> AccountProfile {
        let me = try await call("GET", "/api/v1/accounts/verify_credentials", token: token)
        guard let id = me["id"]?.text, let acct = me["acct"]?.stringValue ?? me["username"]?.stringValue else {
            throw Self.malformed("verify_credentials", "no id or acct")
        }
        let name = me["display_name"]?.stringValue ?? ""
        return AccountProfile(remoteID: id, handle: acct, displayName: name.isEmpty ? acct : name)
    }

    /// The instance's own domain (`GET /api/v2/instance`'s `domain`), which makes an account's fediverse address
    /// (`runner@mastodon.social`); the address's host when the instance does not say.
    public func domain() async -> String {
        if let domain = try? await call("GET", "/api/v2/instance", token: nil)["domain"]?.stringValue, !domain.isEmpty { return domain }
        return URL(string: instance)?.host ?? instance
    }

    /// `POST /api/v1/apps`: registers schedulerd on the instance for `redirectURI`, asking for `scopes`.
    public func registerApp(redirectURI: String, scopes: [String]) async throws(ConnectorError) -> (clientID: String, clientSecret: String) {
        let body = JSONValue.object(["client_name": .string("schedulerd"), "redirect_uris": .string(redirectURI),
                                     "scopes": .string(scopes.joined(separator: " ")), "website": .string("https://github.com/schedulerd")])
        let app = try await call("POST", "/api/v1/apps", json: body, token: nil)
        guard let id = app["client_id"]?.stringValue, let secret = app["client_secret"]?.stringValue else {
            throw Self.malformed("apps", "no client_id or client_secret")
        }
        return (id, secret)
    }

    /// Whether the instance knows the `profile` scope (4.3 and later), from its OAuth metadata
    /// (`/.well-known/oauth-authorization-server`, itself new in 4.3): older instances need `read:accounts` instead.
    public func offersProfileScope() async -> Bool {
        guard let metadata = try? await call("GET", "/.well-known/oauth-authorization-server", token: nil),
              case .array(let scopes)? = metadata["scopes_supported"] else { return false }
        return scopes.contains(.string("profile"))
    }

    /// A status in the account's own list, as far as a look-up needs it.
    struct ListedStatus: Sendable {
        var status: PublishedStatus
        /// The text as the instance shows it (HTML made plain).
        var text: String
        var inReplyTo: String?
    }

    /// `GET /api/v1/accounts/:id/statuses`, newest first, 40 a page, paged by `max_id`.
    func statusPage(account: String, maxID: String?, token: String) async throws(ConnectorError) -> ListingPage {
        let path = "/api/v1/accounts/\(account)/statuses?limit=40" + (maxID.map { "&max_id=\($0)" } ?? "")
        guard case .array(let items) = try await call("GET", path, token: token) else { throw Self.malformed("statuses", "not a list") }
        return ListingPage(items: items, next: items.count < 40 ? nil : items.last?["id"]?.text)
    }

    /// The account's status with this text (and reply), posted at or after `since`; nil when its list has none.
    func findStatus(text: String, inReplyTo: String?, account: String, since: Date, token: String) async throws(ConnectorError) -> PublishedStatus? {
        let lookup = PagedLookup(network: "Mastodon", since: since, time: { ListingTime.rfc3339($0["created_at"]) }, matches: { item in
            RecentPosts.matches(MastodonHTML.plainText(item["content"]?.stringValue ?? ""), text)
                && item["in_reply_to_id"]?.text == inReplyTo
        })
        guard let item = try await lookup.find({ next throws(ConnectorError) in try await statusPage(account: account, maxID: next, token: token) })
        else { return nil }
        return try Self.status(item)
    }
}

/// A status's `content` as text: Mastodon gives HTML (paragraphs, line breaks, links split into spans, entities).
enum MastodonHTML {
    static func plainText(_ html: String) -> String {
        var text = html.replacingOccurrences(of: "</p><p>", with: "\n\n")
        for lineBreak in ["<br />", "<br/>", "<br>"] { text = text.replacingOccurrences(of: lineBreak, with: "\n") }
        var plain = ""
        var inTag = false
        for character in text {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { plain.append(character) }
        }
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"), ("&amp;", "&")] {
            plain = plain.replacingOccurrences(of: entity, with: character)
        }
        return plain
    }
}
