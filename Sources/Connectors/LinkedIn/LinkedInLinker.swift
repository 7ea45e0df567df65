import CryptoPrimitives
import Foundation
import HTTPClient
import OAuth
import SchedulerCore

/// Links a LinkedIn member, or an organization the member administers (`--organization`).
/// Tokens last 60 days and most apps get no refresh token, so the account is relinked before then.
public struct LinkedInLinker: AccountLinker {
    public let network = Network.linkedin
    public let methods: [LinkMethod] = [.oauth2]
    let app: LinkedInApp
    let transport: any HTTPTransport

    public init(app: LinkedInApp, transport: any HTTPTransport) {
        self.app = app
        self.transport = transport
    }

    /// The OAuth client, asking for the organization scopes only when `organization` (see ``LinkedInApp/scopes(organization:)``).
    func client(organization: Bool = false) -> OAuth2Client {
        OAuth2Client(configuration: OAuth2ClientConfiguration(
            clientID: app.clientID, clientSecret: app.clientSecret, authentication: .formParameters,
            authorizationEndpoint: app.authBaseURL + "/oauth/v2/authorization", tokenEndpoint: app.authBaseURL + "/oauth/v2/accessToken",
            revocationEndpoint: app.authBaseURL + "/oauth/v2/revoke", scopes: app.scopes(organization: organization), usesPKCE: false),
                     transport: transport)
    }

    var identity: IdentityClient { IdentityClient(transport: transport, network: "LinkedIn") }

    public func start(method: LinkMethod, redirectURI: String, options: LinkOptions) async throws(LinkError) -> PendingLink {
        let session = client(organization: options.organization != nil).startAuthorization(redirectURI: redirectURI)
        return PendingLink(network: .linkedin, method: .oauth2, authorizationURL: session.url, redirectURI: redirectURI, oauth2: session)
    }

    public func complete(_ pending: PendingLink, response: String, options: LinkOptions) async throws(LinkError) -> LinkedAccount {
        guard let session = pending.oauth2 else { throw LinkError(.unsupported, "LinkedIn: no pending login") }
        let tokens: OAuth2TokenResponse
        do {
            let code = try OAuth2Client.authorizationCode(fromRedirect: response, session: session)
            tokens = try await client().exchange(code: code, session: session)
        } catch let error where ["unauthorized_scope_error", "invalid_scope"].contains(error.serverErrorCode) {
            throw LinkError(.misconfigured, "LinkedIn: \(error.message.asClause). The LinkedIn app lacks a product these scopes need: "
                + "posting as an organization needs the Community Management API product; a member needs Share on LinkedIn "
                + "and Sign In with LinkedIn using OpenID Connect")
        } catch {
            throw LinkError(error, network: "LinkedIn")
        }
        let bearer = IdentityClient.bearer(tokens.accessToken)
        let member = try await identity.json(app.apiBaseURL + "/v2/userinfo", headers: [bearer])
        guard let sub = member["sub"]?.stringValue else { throw LinkError(.unavailable, "LinkedIn's userinfo answer has no member id") }
        let name = member["name"]?.stringValue ?? sub
        let credentials = AccountCredentials(scheme: .oauth2, token: tokens.accessToken, refreshToken: tokens.refreshToken,
                                             expiresAt: tokens.expiresAt(from: Date()), scopes: tokens.scope?.split(separator: " ").map(String.init) ?? [])
        guard let organization = options.organization else {
            guard credentials.scopes.isEmpty || credentials.scopes.contains("w_member_social") else {
                throw LinkError(.invalidInput, "LinkedIn granted \(credentials.scopes.joined(separator: " ")) but not w_member_social, which posting needs; "
                    + "approve every permission when you link")
            }
            return LinkedAccount(profile: AccountProfile(remoteID: "urn:li:person:\(sub)", handle: name.handleSlug, displayName: name),
                                 credentials: credentials, authKind: .oauth2)
        }
        guard credentials.scopes.isEmpty || credentials.scopes.contains("w_organization_social") else {
            throw LinkError(.invalidInput, "LinkedIn granted no organization permissions: the authorization was started without "
                + "--organization; run `schedctl accounts link linkedin --organization \(organization)` again")
        }
        let organizations = try await administeredOrganizations(bearer)
        let wanted = organization.hasPrefix("urn:li:organization:") ? organization : "urn:li:organization:\(organization)"
        guard organizations.contains(wanted) else {
            throw LinkError(.invalidInput, "LinkedIn: you do not administer \(wanted); you administer \(organizations.isEmpty ? "no organization" : organizations.joined(separator: ", "))")
        }
        let id = String(wanted.dropFirst("urn:li:organization:".count))
        return LinkedAccount(profile: AccountProfile(remoteID: wanted, handle: "org_\(id)", displayName: "Organization \(id) (via \(name))"),
                             credentials: credentials, authKind: .oauth2)
    }

    /// An imported member token is introspected (`POST /oauth/v2/introspectToken` with the app's client id and secret,
    /// learn.microsoft.com/linkedin/shared/authentication/token-introspection): it must be active and carry
    /// `w_member_social`, and its `expires_at` is what the token forecast counts down to.
    public func inspect(_ credentials: AccountCredentials) async throws(LinkError) -> InspectedToken {
        let form = PercentEncoding.encodeForm([("client_id", app.clientID), ("client_secret", app.clientSecret), ("token", credentials.token)])
        let response = try await identity.send(app.authBaseURL + "/oauth/v2/introspectToken", method: "POST",
                                                headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")], body: Array(form.utf8))
        let said = RefusalText.sentence(in: response.body) ?? "HTTP \(response.status)"
        switch response.status {
        case 200..<300: break
        case 401: throw LinkError(.misconfigured, "LinkedIn refused this daemon's client secret when checking the token (\(said)); check the app under [networks.linkedin]")
        case 500...: throw LinkError(.unavailable, "LinkedIn could not check the token: \(said)")
        default: throw LinkError(.invalidInput, "LinkedIn: \(said)")
        }
        let value = try IdentityClient.decode(response, network: "LinkedIn")
        guard value["active"] == .bool(true) else {
            throw LinkError(.invalidInput, "LinkedIn: the token is \(value["status"]?.stringValue ?? "not active")")
        }
        var inspected = credentials
        if let scope = value["scope"]?.stringValue {
            inspected.scopes = scope.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            _ = try PublishingPermissions.linkedInMember.check(inspected.scopes, remedy: Self.importRemedy)
        }
        if let expiresAt = value["expires_at"].flatMap(Self.seconds) { inspected.expiresAt = Date(timeIntervalSince1970: expiresAt) }
        return InspectedToken(credentials: inspected)
    }

    static let importRemedy = "Make a new token with w_member_social (LinkedIn's token generator: tick it) and add it again, "
        + "or link with `schedctl accounts link linkedin`"

    private static func seconds(_ value: JSONValue) -> TimeInterval? {
        switch value {
        case .integer(let number): TimeInterval(number)
        case .double(let number): number
        default: nil
        }
    }

    /// An imported member token (LinkedIn's token generator): the member it belongs to.
    public func identify(_ credentials: AccountCredentials) async throws(LinkError) -> AccountProfile {
        let member = try await identity.json(app.apiBaseURL + "/v2/userinfo", headers: [IdentityClient.bearer(credentials.token)])
        guard let sub = member["sub"]?.stringValue else { throw LinkError(.invalidInput, "LinkedIn did not say whose token this is") }
        let name = member["name"]?.stringValue ?? sub
        return AccountProfile(remoteID: "urn:li:person:\(sub)", handle: name.handleSlug, displayName: name)
    }

    func administeredOrganizations(_ bearer: HTTPHeader) async throws(LinkError) -> [String] {
        let value: JSONValue
        do {
            value = try await identity.json(app.apiBaseURL + "/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR", headers: [
                bearer, HTTPHeader("LinkedIn-Version", app.version), HTTPHeader("X-Restli-Protocol-Version", "2.0.0"),
            ])
        } catch let error where error.message.contains("HTTP 426") {
            throw LinkError(.misconfigured, "LinkedIn no longer serves API version \(app.version); set `version` under [networks.linkedin] "
                + "in the configuration to a current one (such as \(LinkedInApp.defaultVersion)) and restart schedulerd")
        }
        guard case .array(let elements)? = value["elements"] else { return [] }
        return elements.compactMap { $0["state"]?.stringValue == "APPROVED" || $0["state"] == nil ? $0["organization"]?.stringValue : nil }
    }

    public func refresh(_ credentials: AccountCredentials) async throws(LinkError) -> AccountCredentials {
        guard let refreshToken = credentials.refreshToken else {
            throw LinkError(.unsupported, "LinkedIn gave this app no refresh token; relink the account before its token expires")
        }
        do {
            let tokens = try await client().refresh(refreshToken: refreshToken)
            var renewed = credentials
            renewed.token = tokens.accessToken
            renewed.refreshToken = tokens.refreshToken ?? refreshToken
            renewed.expiresAt = tokens.expiresAt(from: Date())
            return renewed
        } catch {
            throw LinkError(error, network: "LinkedIn", refreshing: true)
        }
    }

    public func revoke(_ credentials: AccountCredentials) async throws(LinkError) -> Bool {
        do {
            try await client().revoke(token: credentials.token, typeHint: "access_token")
            return true
        } catch {
            throw LinkError(error, network: "LinkedIn")
        }
    }
}
