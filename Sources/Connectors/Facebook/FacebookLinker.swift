import CryptoPrimitives
import Foundation
import HTTPClient
import SchedulerCore

/// Links a Facebook Page: Facebook Login, then the Page's own token, which is what posts are published with.
/// `pages_manage_engagement` lets the Page comment under its own posts (the Pages API posts guide lists it).
public struct FacebookLinker: AccountLinker {
    public let network = Network.facebook
    public let methods: [LinkMethod] = [.oauth2]
    let login: FacebookLogin

    public init(app: FacebookApp, transport: any HTTPTransport) {
        login = FacebookLogin(app: app, scopes: ["pages_show_list", "pages_read_engagement", "pages_manage_posts", "pages_manage_engagement"],
                              transport: transport, network: "Facebook")
    }

    public func start(method: LinkMethod, redirectURI: String, options: LinkOptions) async throws(LinkError) -> PendingLink {
        login.start(network: .facebook, redirectURI: redirectURI)
    }

    /// The Page's token is checked with `debug_token` before anything is stored: Facebook Login lets a person untick a
    /// permission ("Edit access"), and a Page token without `pages_manage_posts` fails every post with #200.
    public func complete(_ pending: PendingLink, response: String, options: LinkOptions) async throws(LinkError) -> LinkedAccount {
        let user = try await login.userToken(pending, response: response)
        let page = try FacebookLogin.choose(try await login.grantedPages(userToken: user.accessToken, remedy: Self.relinkRemedy), choice: options.page, network: "Facebook")
        let debug = try await login.debug(page.token)
        let notes = try login.requirePageToken(debug, permissions: .facebookPage, remedy: Self.relinkRemedy)
        let credentials = AccountCredentials(scheme: .oauth2, token: page.token, userToken: user.accessToken, scopes: debug.scopes)
        return LinkedAccount(profile: AccountProfile(remoteID: page.id, handle: page.name.handleSlug, displayName: page.name),
                             credentials: credentials, authKind: .oauth2, notes: notes)
    }

    /// An imported token must be this app's Page token with the publishing permissions (`debug_token`); a user token is
    /// what Graph API Explorer gives first, and would be stored as if it were the Page.
    public func inspect(_ credentials: AccountCredentials) async throws(LinkError) -> InspectedToken {
        let debug = try await login.debug(credentials.token)
        let notes = try login.requirePageToken(debug, permissions: .facebookPage, remedy: Self.importRemedy)
        var inspected = credentials
        inspected.scopes = debug.scopes
        inspected.expiresAt = debug.expiresAt
        return InspectedToken(credentials: inspected, notes: notes)
    }

    static let relinkRemedy = "Link again with `schedctl accounts link facebook` and approve every permission Facebook asks for "
        + "(leave them all ticked under \"Edit access\")"
    static let importRemedy = "Make a Page token that has them (Graph API Explorer: add the permissions, Generate Access Token, then "
        + "Get Page Access Token) and add it again, or link with `schedctl accounts link facebook` and approve every permission"

    /// An imported Page token (Graph API Explorer): `/me` with a Page token is the Page.
    public func identify(_ credentials: AccountCredentials) async throws(LinkError) -> AccountProfile {
        let me = try await login.identity.json(login.app.graph + "/me?fields=id,name&access_token=\(PercentEncoding.encode(credentials.token))")
        guard let id = me["id"]?.stringValue else { throw LinkError(.invalidInput, "Facebook did not say whose token this is") }
        let name = me["name"]?.stringValue ?? id
        return AccountProfile(remoteID: id, handle: name.handleSlug, displayName: name)
    }

    public func refresh(_ credentials: AccountCredentials) async throws(LinkError) -> AccountCredentials {
        throw LinkError(.unsupported, "Facebook Page tokens do not expire and cannot be refreshed; relink if Facebook invalidated it")
    }

    public func revoke(_ credentials: AccountCredentials) async throws(LinkError) -> Bool {
        try await login.revoke(credentials)
    }
}
