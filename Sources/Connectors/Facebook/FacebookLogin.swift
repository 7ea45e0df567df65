import CryptoPrimitives
import Foundation
import HTTPClient
import OAuth
import SchedulerCore

/// Facebook Login shared by Facebook Pages and Instagram professional accounts: the code becomes a
/// short-lived user token, that a long-lived one (about 60 days), and that the Page tokens the
/// person granted, which do not expire.
struct FacebookLogin: Sendable {
    let app: FacebookApp
    let scopes: [String]
    let transport: any HTTPTransport
    let network: String

    var client: OAuth2Client {
        OAuth2Client(configuration: OAuth2ClientConfiguration(
            clientID: app.appID, clientSecret: app.appSecret, authentication: .queryParameters,
            authorizationEndpoint: app.dialogBaseURL + "/\(app.graphVersion)/dialog/oauth",
            tokenEndpoint: app.graph + "/oauth/access_token", revocationEndpoint: nil,
            scopes: scopes, scopeSeparator: ",", usesPKCE: false, tokenRequestMethod: "GET", errorReader: FacebookError.reader),
            transport: transport)
    }

    var identity: IdentityClient { IdentityClient(transport: transport, network: network) }

    func start(network: Network, redirectURI: String) -> PendingLink {
        let session = client.startAuthorization(redirectURI: redirectURI)
        return PendingLink(network: network, method: .oauth2, authorizationURL: session.url, redirectURI: redirectURI, oauth2: session)
    }

    /// The long-lived user token behind what the person approved.
    func userToken(_ pending: PendingLink, response: String) async throws(LinkError) -> OAuth2TokenResponse {
        guard let session = pending.oauth2 else { throw LinkError(.unsupported, "\(network): no pending login") }
        do {
            let code = try OAuth2Client.authorizationCode(fromRedirect: response, session: session)
            let shortLived = try await client.exchange(code: code, session: session)
            return try await client.tokenRequest(parameters: [("grant_type", "fb_exchange_token"), ("fb_exchange_token", shortLived.accessToken)])
        } catch {
            throw LinkError(error, network: network)
        }
    }

    /// The Pages the user token can publish as, with their Page tokens.
    func pages(userToken: String) async throws(LinkError) -> [FacebookPage] {
        let fields = "id,name,access_token,instagram_business_account"
        let value = try await identity.json(app.graph + "/me/accounts?fields=\(fields)&access_token=\(PercentEncoding.encode(userToken))")
        guard case .array(let items)? = value["data"] else { return [] }
        return items.compactMap { item in
            guard let id = item["id"]?.stringValue, let token = item["access_token"]?.stringValue else { return nil }
            return FacebookPage(id: id, name: item["name"]?.stringValue ?? id, token: token,
                                instagramID: item["instagram_business_account"]?["id"]?.stringValue)
        }
    }

    /// The Page named by `choice` (id or name), or the only one; otherwise an error listing them.
    static func choose(_ pages: [FacebookPage], choice: String?, network: String, flag: String = "--page") throws(LinkError) -> FacebookPage {
        if let choice {
            guard let page = pages.first(where: { $0.id == choice || $0.name.caseInsensitiveCompare(choice) == .orderedSame }) else {
                throw LinkError(.invalidInput, "\(network): no Page '\(choice)' among \(pages.map { "\($0.name) (\($0.id))" }.joined(separator: ", "))")
            }
            return page
        }
        guard pages.count == 1 else {
            if pages.isEmpty { throw LinkError(.invalidInput, "\(network): the login granted no Page; approve at least one Page") }
            throw LinkError(.choiceNeeded, "\(network): several Pages were granted; choose one with \(flag): "
                + pages.map { "\($0.name) (\($0.id))" }.joined(separator: ", "))
        }
        return pages[0]
    }

    /// Removes the app's permissions, which invalidates the user token and the Page tokens derived from it.
    func revoke(_ credentials: AccountCredentials) async throws(LinkError) -> Bool {
        let token = credentials.userToken ?? credentials.token
        _ = try await identity.json(app.graph + "/me/permissions?access_token=\(PercentEncoding.encode(token))", method: "DELETE")
        return true
    }
}

/// A Page the person granted, with its token and the Instagram professional account behind it.
struct FacebookPage: Sendable, Equatable {
    var id: String
    var name: String
    var token: String
    var instagramID: String?
}

extension String {
    /// `Sandbox Runner's Page` → `sandbox_runners_page`: a handle people can type after `facebook:@`.
    var handleSlug: String {
        let mapped = lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }
        return String(mapped).split(separator: "_").joined(separator: "_")
    }
}
