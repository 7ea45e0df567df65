import CryptoPrimitives
import Foundation
import SchedulerCore

/// What Graph's `debug_token` says of a token: whether it is valid, whose (a USER or a PAGE), for which app, and with
/// which permissions. A Page token lists the permissions the person granted the app.
///
/// Fields from the Graph API reference (`/debug_token`) and the Access Token Debugging guide: `data.is_valid`, `type`,
/// `app_id`, `scopes`, `profile_id` (the Page, for a Page token), `expires_at` (0: never), `error.message`.
struct GraphTokenDebug: Sendable, Equatable {
    var isValid: Bool
    /// `USER`, `PAGE` or `APP`.
    var type: String?
    var appID: String?
    var scopes: [String]
    /// The Page a Page token acts as.
    var profileID: String?
    /// Nil when the token does not expire (Graph says 0).
    var expiresAt: Date?
    /// Why it is not valid, in Graph's words.
    var problem: String?

    init(data: JSONValue) {
        isValid = data["is_valid"] == .bool(true)
        type = data["type"]?.stringValue
        appID = data["app_id"]?.stringValue ?? data["app_id"].flatMap(GraphErrorMapping.int).map(String.init)
        if case .array(let items)? = data["scopes"] { scopes = items.compactMap(\.stringValue) } else { scopes = [] }
        profileID = data["profile_id"]?.stringValue
        expiresAt = data["expires_at"].flatMap(GraphErrorMapping.int).flatMap { $0 > 0 ? Date(timeIntervalSince1970: TimeInterval($0)) : nil }
        problem = data["error"]?["message"]?.stringValue
    }
}

extension FacebookLogin {
    /// `GET /debug_token?input_token=T&access_token={app-id}|{app-secret}`: "an app access token … for the app associated with
    /// the input_token being inspected is required". Another app's token is answered with "(#100) The App_id in the
    /// input_token did not match the Viewing App" (the words observed in facebook/facebook-sdk-for-unity#551).
    func debug(_ token: String) async throws(LinkError) -> GraphTokenDebug {
        let appToken = PercentEncoding.encode(app.appID + "|" + app.appSecret)
        let response = try await identity.send(app.graph + "/debug_token?input_token=\(PercentEncoding.encode(token))&access_token=\(appToken)")
        let value = try? IdentityClient.decode(response, network: network)
        guard (200..<300).contains(response.status), let data = value?["data"] else {
            throw refusal(status: response.status, error: value?["error"])
        }
        return GraphTokenDebug(data: data)
    }

    /// Why `debug_token` itself was refused: another app's token, or this daemon's own app credentials.
    private func refusal(status: Int, error: JSONValue?) -> LinkError {
        let said = error?["message"]?.stringValue.map { Excerpt.redacted($0, limit: 200) } ?? "HTTP \(status)"
        if status >= 500 { return LinkError(.unavailable, "\(network) could not check the token: \(said)") }
        if said.contains("App_id") { return anotherApp(nil) }
        if let code = error?["code"].flatMap(GraphErrorMapping.int), [1, 101, 190].contains(code) {
            return LinkError(.misconfigured, "\(network) refused this daemon's app credentials when checking the token (\(said)); "
                + "check app_id and the app secret under [networks.facebook] in the configuration")
        }
        return LinkError(.invalidInput, "\(network): \(said)")
    }

    /// Refuses a token that cannot publish as a Page of this app: not valid, another app's, not a Page token, or without
    /// a permission `permissions` requires (naming it, and `remedy`); returns the notes for the occasional ones it lacks.
    func requirePageToken(_ debug: GraphTokenDebug, permissions: PublishingPermissions, remedy: String) throws(LinkError) -> [String] {
        guard debug.isValid else {
            throw LinkError(.invalidInput, "\(network): Graph says it is not valid (\(debug.problem.map { Excerpt.redacted($0, limit: 200) } ?? "no reason given"))")
        }
        if let appID = debug.appID, appID != app.appID { throw anotherApp(appID) }
        guard debug.type == "PAGE" else {
            let what = debug.type == "USER" ? "a user access token" : "an access token of type \(debug.type ?? "unknown")"
            throw LinkError(.unfit, "\(network): this is \(what), not a Page access token; nothing was stored. A Page publishes with its own "
                + "token: in Graph API Explorer choose the Page under \"User or Page\" (Get Page Access Token), or read the Page's "
                + "access_token from GET /me/accounts with this user token, and add that; or link with `schedctl accounts link \(linkCommand)`")
        }
        return try permissions.check(debug.scopes, remedy: remedy)
    }

    /// The Pages the user token can publish as. None because the person unticked `pages_show_list` is said as such, since
    /// "no Page was granted" would send them looking for the wrong thing.
    func grantedPages(userToken: String, remedy: String) async throws(LinkError) -> [FacebookPage] {
        let pages = try await pages(userToken: userToken)
        guard pages.isEmpty else { return pages }
        let debug = try await debug(userToken)
        if debug.isValid, !debug.scopes.contains("pages_show_list") {
            throw LinkError(.unfit, "\(network): the login was not granted pages_show_list, which lists the Pages to publish as; "
                + "nothing was stored. \(remedy)")
        }
        return pages
    }

    private func anotherApp(_ appID: String?) -> LinkError {
        LinkError(.unfit, "\(network): this token was made for another Facebook app\(appID.map { " (app id \($0))" } ?? "") than this daemon's "
            + "(app id \(app.appID), [networks.facebook] app_id); nothing was stored. Make the Page token with this app "
            + "(Graph API Explorer: choose it under \"Meta App\"), or link with `schedctl accounts link \(linkCommand)`")
    }

    private var linkCommand: String { network.lowercased() }
}
