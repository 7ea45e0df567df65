import Foundation
import SchedulerCore

/// How one network lets a person link an account: start an authorization, finish it with what the
/// person brings back, and later refresh or revoke what was granted.
///
/// Linkers know the network's endpoints and identity lookups; the OAuth target does the protocol,
/// and the daemon keeps the pending link and stores the result.
public protocol AccountLinker: Sendable {
    var network: Network { get }

    /// The ways this network can be linked, the first being the default.
    var methods: [LinkMethod] { get }

    /// Starts an authorization that will come back to `redirectURI` (ignored by X's PIN flow), asking for
    /// what `options` need (LinkedIn asks for the organization scopes only when an organization is named).
    func start(method: LinkMethod, redirectURI: String, options: LinkOptions) async throws(LinkError) -> PendingLink

    /// Finishes it with the redirect URL (or X's PIN) the person brought back.
    func complete(_ pending: PendingLink, response: String, options: LinkOptions) async throws(LinkError) -> LinkedAccount

    /// What imported credentials may do (`accounts add`), asked of the network before anything is stored: `.unfit` when
    /// they cannot publish (a permission not granted, a user token where a Page token is needed, another app's).
    /// The answer's credentials carry what the network said of them (expiry, scopes).
    func inspect(_ credentials: AccountCredentials) async throws(LinkError) -> InspectedToken

    /// Who imported credentials belong to (`accounts add`), as the network reports it.
    func identify(_ credentials: AccountCredentials) async throws(LinkError) -> AccountProfile

    /// New credentials from the refresh token; `.needsRelink` when the network refused it.
    func refresh(_ credentials: AccountCredentials) async throws(LinkError) -> AccountCredentials

    /// Revokes the grant at the network. False when the network offers no revocation for these credentials.
    func revoke(_ credentials: AccountCredentials) async throws(LinkError) -> Bool
}

/// The authorization protocol a link uses.
public enum LinkMethod: String, Sendable, Codable, CaseIterable {
    /// Authorization code with PKCE, the redirect caught on loopback or pasted.
    case oauth2
    /// X's three-legged OAuth 1.0a: a PIN (`oob`) or a loopback callback.
    case oauth1
}

/// Choices the person makes when a login gives access to several identities.
public struct LinkOptions: Sendable, Equatable {
    /// The Facebook Page (id or name) to publish as, or whose Instagram account to use.
    public var page: String?
    /// A LinkedIn organization (id or URN) to publish as instead of the member.
    public var organization: String?
    /// The Mastodon instance the account is on (`https://mastodon.social`).
    public var instance: String?

    public init(page: String? = nil, organization: String? = nil, instance: String? = nil) {
        self.page = page
        self.organization = organization
        self.instance = instance
    }
}

/// An account the network vouched for, with its credentials ready to seal.
public struct LinkedAccount: Sendable {
    public var profile: AccountProfile
    public var credentials: AccountCredentials
    public var authKind: AuthKind
    /// What the person should know though the link worked: a permission only some posts need was not granted.
    public var notes: [String]
    /// A Mastodon account's instance limits, read while linking.
    public var instanceLimits: MastodonInstanceLimits?

    public init(profile: AccountProfile, credentials: AccountCredentials, authKind: AuthKind, notes: [String] = []) {
        self.profile = profile
        self.credentials = credentials
        self.authKind = authKind
        self.notes = notes
    }
}

/// Imported credentials as the network described them: fit to publish, with what it said (expiry, scopes) and notes.
public struct InspectedToken: Sendable {
    public var credentials: AccountCredentials
    public var notes: [String]
    /// A Mastodon account's instance limits, read with the token (nil elsewhere, or when the instance did not answer).
    public var instanceLimits: MastodonInstanceLimits?

    public init(credentials: AccountCredentials, notes: [String] = []) {
        self.credentials = credentials
        self.notes = notes
    }
}

/// The linkers the daemon can use, one per network.
public struct LinkerRegistry: Sendable {
    private var linkers: [Network: any AccountLinker] = [:]

    public init(_ linkers: [any AccountLinker] = []) {
        for linker in linkers { self.linkers[linker.network] = linker }
    }

    public subscript(network: Network) -> (any AccountLinker)? { linkers[network] }
}

extension AccountLinker {
    /// Nothing to ask beyond ``identify(_:)``: a network whose identity answer says what the token may do (X's
    /// `x-access-level`) checks it there, and one that takes no imports refuses them there.
    public func inspect(_ credentials: AccountCredentials) async throws(LinkError) -> InspectedToken {
        InspectedToken(credentials: credentials)
    }
}

/// A network linked with an identifier and a password made for the app (Bluesky's app password), read from standard
/// input or a file and forgotten once a session is made.
public protocol PasswordLinking: AccountLinker {
    /// Signs in at `service` (the account's own server) or the network's default, and answers the account with its
    /// session's credentials.
    func signIn(identifier: String, password: String, service: String?) async throws(LinkError) -> LinkedAccount
}
