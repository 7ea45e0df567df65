import CryptoPrimitives
import Foundation
import HTTPClient
import SchedulerCore

/// Links an Instagram professional account through Facebook Login: the Page the person chooses leads
/// to the Instagram account behind it. Accounts that are not professional use handoff instead
/// (`schedctl accounts add instagram --handoff`), which needs no token. `instagram_manage_comments` lets the
/// account comment under its own media (the IG Media comments reference requires it).
public struct InstagramLinker: AccountLinker {
    public let network = Network.instagram
    public let methods: [LinkMethod] = [.oauth2]
    let login: FacebookLogin

    public init(app: FacebookApp, transport: any HTTPTransport) {
        login = FacebookLogin(app: app, scopes: ["instagram_basic", "instagram_content_publish", "instagram_manage_comments", "pages_show_list", "pages_read_engagement"],
                              transport: transport, network: "Instagram")
    }

    public func start(method: LinkMethod, redirectURI: String, options: LinkOptions) async throws(LinkError) -> PendingLink {
        login.start(network: .instagram, redirectURI: redirectURI)
    }

    public func complete(_ pending: PendingLink, response: String, options: LinkOptions) async throws(LinkError) -> LinkedAccount {
        let user = try await login.userToken(pending, response: response)
        let withInstagram = try await login.grantedPages(userToken: user.accessToken, remedy: Self.relinkRemedy).filter { $0.instagramID != nil }
        guard !withInstagram.isEmpty else {
            throw LinkError(.invalidInput, "Instagram: none of the granted Pages has an Instagram professional account; "
                + "link a professional account, or add this one for handoff with `schedctl accounts add instagram --handoff --handle NAME`")
        }
        let page = try FacebookLogin.choose(withInstagram, choice: options.page, network: "Instagram")
        let instagramID = page.instagramID!
        // Publishing goes through the Page's token: it must carry what IG content publishing needs, checked before anything is stored.
        let debug = try await login.debug(page.token)
        let notes = try login.requirePageToken(debug, permissions: .instagram, remedy: Self.relinkRemedy)
        let profile = try await login.identity.json(login.app.graph + "/\(instagramID)?fields=id,username&access_token=\(PercentEncoding.encode(page.token))")
        let username = profile["username"]?.stringValue ?? instagramID
        let credentials = AccountCredentials(scheme: .oauth2, token: page.token, userToken: user.accessToken, scopes: debug.scopes)
        return LinkedAccount(profile: AccountProfile(remoteID: instagramID, handle: username, displayName: "\(username) (via \(page.name))"),
                             credentials: credentials, authKind: .oauth2, notes: notes)
    }

    static let relinkRemedy = "Link again with `schedctl accounts link instagram` and approve every permission Facebook asks for "
        + "(leave them all ticked under \"Edit access\")"

    static let importRemedy = "Make a token that has them (Graph API Explorer: add the permissions, Generate Access Token) and add "
        + "it again, or link with `schedctl accounts link instagram` and approve every permission"

    /// An imported token, checked before anything is stored (issue 25, bug 16: every import was refused, the token
    /// `schedctl sandbox token instagram` mints included). A Facebook user token (Graph API Explorer) leads, as linking
    /// does, to the one Page of it with an Instagram professional account, whose token is kept (it does not expire, as
    /// linking keeps it); a Page token is taken as it is. The Page token must carry what IG content publishing needs.
    public func inspect(_ credentials: AccountCredentials) async throws(LinkError) -> InspectedToken {
        var debug = try await login.debug(credentials.token)
        var inspected = credentials
        if debug.isValid, debug.type == "USER" {
            let page = try Self.onlyPage(try await login.grantedPages(userToken: credentials.token, remedy: Self.importRemedy))
            inspected = AccountCredentials(scheme: .oauth2, token: page.token, userToken: credentials.token, scopes: [])
            debug = try await login.debug(page.token)
        }
        let notes = try login.requirePageToken(debug, permissions: .instagram, remedy: Self.importRemedy)
        inspected.scopes = debug.scopes
        inspected.expiresAt = debug.expiresAt
        return InspectedToken(credentials: inspected, notes: notes)
    }

    /// The one Page with an Instagram professional account among a user token's; none or several are refused, saying
    /// what to do (an import has no --page to choose with).
    static func onlyPage(_ pages: [FacebookPage]) throws(LinkError) -> FacebookPage {
        let withInstagram = pages.filter { $0.instagramID != nil }
        guard withInstagram.count == 1 else {
            throw LinkError(.invalidInput, withInstagram.isEmpty
                ? "Instagram: none of the token's Pages has an Instagram professional account; nothing was stored. Add this one for "
                    + "handoff with `schedctl accounts add instagram --handoff --handle NAME`"
                : "Instagram: several of the token's Pages have an Instagram account (\(withInstagram.map(\.name).joined(separator: ", "))); "
                    + "nothing was stored. Add the token of the Page to publish as, or link with `schedctl accounts link instagram --page PAGE`")
        }
        return withInstagram[0]
    }

    /// Who an imported Page token (what ``inspect(_:)`` keeps) publishes as: the Instagram account behind the Page.
    public func identify(_ credentials: AccountCredentials) async throws(LinkError) -> AccountProfile {
        let fields = PercentEncoding.encode("id,name,instagram_business_account{id,username}")
        return try Self.profile(ofPage: try await login.identity.json(
            login.app.graph + "/me?fields=\(fields)&access_token=\(PercentEncoding.encode(credentials.token))"))
    }

    /// The Instagram professional account behind a Page node (`id`, `name`, `instagram_business_account{id,username}`).
    static func profile(ofPage page: JSONValue) throws(LinkError) -> AccountProfile {
        guard let instagram = page["instagram_business_account"], let id = instagram["id"]?.stringValue else {
            throw LinkError(.invalidInput, "Instagram: the Page \(page["name"]?.stringValue ?? "") has no Instagram professional account; "
                + "add this one for handoff with `schedctl accounts add instagram --handoff --handle NAME`")
        }
        let username = instagram["username"]?.stringValue ?? id
        return AccountProfile(remoteID: id, handle: username, displayName: "\(username) (via \(page["name"]?.stringValue ?? "its Page"))")
    }

    public func refresh(_ credentials: AccountCredentials) async throws(LinkError) -> AccountCredentials {
        throw LinkError(.unsupported, "Instagram accounts linked through a Facebook Page use the Page token, which does not expire")
    }

    public func revoke(_ credentials: AccountCredentials) async throws(LinkError) -> Bool {
        try await login.revoke(credentials)
    }
}
