import Connectors
import Foundation
import SchedulerCore
import SchedulerDomain

/// The account lifecycle: link (OAuth), import, refresh, unlink. Credentials are confirmed with the
/// network, sealed, and only then stored; nothing is stored when any step fails.
package struct AccountService: Sendable {
    package let store: any AccountStore
    package let linkers: LinkerRegistry
    package let vault: CredentialVault
    package let credentials: CredentialProvider
    package let wake: WakeSignal
    package let headlessRedirectURI: String
    /// Where the web app takes an authorization back (`base_url` + `/accounts/callback`); nil without `[web]`.
    package let webRedirectURI: String?
    /// In sandbox mode, the emulated Mastodon instances' addresses by the domain each calls itself (`mastodon.sandbox`):
    /// `--instance mastodon.sandbox`, the domain in the handles, names no host DNS knows, so it is taken to mean its address.
    package let sandboxInstances: [String: String]
    package let sessions = LinkSessions()

    package init(store: any AccountStore, linkers: LinkerRegistry, vault: CredentialVault, credentials: CredentialProvider, wake: WakeSignal,
                headlessRedirectURI: String, webRedirectURI: String? = nil, sandboxInstances: [String: String] = [:]) {
        self.store = store; self.linkers = linkers; self.vault = vault; self.credentials = credentials
        self.wake = wake; self.headlessRedirectURI = headlessRedirectURI; self.webRedirectURI = webRedirectURI
        self.sandboxInstances = sandboxInstances
    }

    /// `instance` as given, or the address of the sandbox instance it names by domain (`mastodon.sandbox`,
    /// `https://mastodon.sandbox/`).
    package func resolvingSandboxInstance(_ instance: String?) -> String? {
        guard let instance, !sandboxInstances.isEmpty else { return instance }
        var domain = instance.lowercased()
        for scheme in ["https://", "http://"] where domain.hasPrefix(scheme) { domain.removeFirst(scheme.count) }
        while domain.hasSuffix("/") { domain.removeLast() }
        return sandboxInstances[domain] ?? instance
    }

    package func linker(_ network: Network) throws -> any AccountLinker {
        guard let linker = linkers[network] else {
            throw RequestError.badRequest("\(network.displayName) is not configured on this daemon; add [networks.\(network == .instagram ? "facebook" : network.rawValue)] to the configuration")
        }
        return linker
    }

    // MARK: Linking

    /// The networks a person can link in the browser: configured, and linked by an authorization page (OAuth), not by an
    /// app password or an instance's name, which the web app does not ask for yet.
    package var browserLinkableNetworks: [Network] {
        Network.allCases.filter { network in
            guard let linker = linkers[network] else { return false }
            return linker.methods.contains { $0 == .oauth2 || $0 == .oauth1 } && network != .mastodon
        }
    }

    /// Starts linking from the web app: the network sends the browser back to the web app's own callback.
    package func startBrowserLink(network: Network) async throws -> LinkStartView {
        guard let webRedirectURI else { throw RequestError.badRequest("the web app is not configured on this daemon; add [web] listen") }
        return try await startLink(StartLinkRequest(network: network, redirectURI: webRedirectURI))
    }

    package func startLink(_ request: StartLinkRequest) async throws -> LinkStartView {
        let linker = try linker(request.network)
        var method = linker.methods.first ?? .oauth2
        if let name = request.method {
            guard let chosen = LinkMethod(rawValue: name), linker.methods.contains(chosen) else {
                throw RequestError.badRequest("\(request.network.displayName) cannot be linked with '\(name)'; it offers \(linker.methods.map(\.rawValue).joined(separator: ", "))")
            }
            method = chosen
        }
        var redirectURI = request.redirectURI ?? (method == .oauth1 ? "oob" : headlessRedirectURI)
        if let given = request.redirectURI {
            // The CLI's listener is on loopback (RFC 8252); the web app's callback is its own public address.
            guard Self.isLoopback(given) || given == webRedirectURI else {
                throw RequestError.badRequest("the redirect URI must be a loopback address such as http://127.0.0.1:PORT/callback (RFC 8252), not '\(given)'")
            }
            redirectURI = given
        }
        let options = LinkOptions(page: request.page, organization: request.organization, instance: resolvingSandboxInstance(request.instance))
        let pending = try await mapLinkErrors { try await linker.start(method: method, redirectURI: redirectURI, options: options) }
        let id = await sessions.add(pending)
        return LinkStartView(linkId: id, network: request.network, authorizationURL: pending.authorizationURL,
                             redirectURI: redirectURI, expects: pending.expects)
    }

    package func completeLink(id: String, _ request: CompleteLinkRequest) async throws -> AccountView {
        guard let pending = await sessions.take(id) else {
            throw RequestError(.notFound, "no authorization in progress with this id: it was already used or is older than 15 minutes",
                               hint: RefusalHint(.linkAccount))
        }
        let linker = try linker(pending.network)
        let options = LinkOptions(page: request.page, organization: request.organization)
        let linked = try await mapLinkErrors { try await linker.complete(pending, response: request.response, options: options) }
        var account = try await save(network: pending.network, profile: linked.profile, credentials: linked.credentials, authKind: linked.authKind)
        if let limits = linked.instanceLimits { account = try await storing(limits, for: account) }
        account.notes = Self.joined(account.notes, linked.notes)
        return AccountView(account)
    }

    // MARK: Importing

    package func importAccount(_ request: ImportAccountRequest) async throws -> AccountView {
        AccountView(try await imported(request))
    }

    private func imported(_ request: ImportAccountRequest) async throws -> AccountRecord {
        if request.handoff == true {
            guard request.network == .instagram else { throw RequestError.badRequest("only Instagram accounts can be added for handoff") }
            guard let handle = request.handle?.trimmingCharacters(in: .whitespaces).drop(while: { $0 == "@" }), !handle.isEmpty else {
                throw RequestError.badRequest("a handoff account needs its handle", hint: .give(.handle))
            }
            if let problem = Network.instagram.handleRule?.problem(String(handle), network: .instagram) {
                throw RequestError.badRequest(problem + "; nothing was stored")
            }
            return try await save(network: .instagram, profile: AccountProfile(remoteID: "handoff:\(handle.lowercased())", handle: String(handle),
                                                                             displayName: "\(handle) (handoff)"),
                                  credentials: nil, authKind: .none)
        }
        let linker = try linker(request.network)
        if let passwordLinker = linker as? any PasswordLinking { return try await signIn(request, with: passwordLinker) }
        guard !request.token.isEmpty else { throw RequestError.badRequest("the access token is empty") }
        var credentials: AccountCredentials
        if request.network == .x {
            guard let secret = request.tokenSecret, !secret.isEmpty else {
                throw RequestError.badRequest("an X import needs the access token and the access token secret (OAuth 1.0a user context)")
            }
            credentials = .oauth1(token: request.token, tokenSecret: secret)
        } else {
            credentials = .oauth2(accessToken: request.token, refreshToken: nil, expiresAt: nil)
        }
        if let service = request.network == .mastodon ? resolvingSandboxInstance(request.service) : request.service {
            guard Self.isWebAddress(service) else {
                throw RequestError.badRequest("the instance must be an https:// address, such as https://mastodon.example, not '\(service)'")
            }
            credentials.serviceURL = service.hasSuffix("/") ? String(service.dropLast()) : service
        }
        // What the token may do is asked before whose it is: a token that cannot publish is refused, never stored as healthy.
        let inspected: InspectedToken
        let profile: AccountProfile
        do {
            inspected = try await linker.inspect(credentials)
            profile = try await linker.identify(inspected.credentials)
        } catch where error.code == .needsRelink || error.code == .invalidInput {
            throw RequestError.badRequest(Self.refusedImport(request.network, error), hint: RefusalHint(.linkAccount, network: request.network))
        } catch {
            throw Self.requestError(error)
        }
        var account = try await save(network: request.network, profile: profile, credentials: inspected.credentials,
                                     authKind: credentials.scheme == .oauth1 ? .oauth1 : .oauth2)
        if let limits = inspected.instanceLimits { account = try await storing(limits, for: account) }
        account.notes = Self.joined(account.notes, inspected.notes)
        return account
    }

    /// A network linked with an app password (Bluesky): the session is made, and only its tokens are sealed and stored.
    private func signIn(_ request: ImportAccountRequest, with linker: any PasswordLinking) async throws -> AccountRecord {
        guard let identifier = request.handle?.trimmingCharacters(in: .whitespaces), !identifier.isEmpty else {
            throw RequestError.badRequest("\(request.network.displayName) needs the account's handle or DID", hint: .give(.handle))
        }
        guard let password = request.password, !password.isEmpty else {
            throw RequestError.badRequest("the app password is empty", hint: .give(.password))
        }
        if let service = request.service, !Self.isWebAddress(service) {
            throw RequestError.badRequest("the PDS must be given by its https:// address, such as https://pds.example, not '\(service)'")
        }
        let linked = try await mapLinkErrors { try await linker.signIn(identifier: identifier, password: password, service: request.service) }
        return try await save(network: request.network, profile: linked.profile, credentials: linked.credentials, authKind: linked.authKind)
    }

    /// An https address with a host (plain http only on loopback, where nothing crosses a network): a server of the
    /// person's own (a PDS, an instance), which the account's tokens are sent to.
    package static func isWebAddress(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else { return false }
        return scheme == "https" || (scheme == "http" && isLoopback("http://\(host.contains(":") ? "[\(host)]" : host)/"))
    }

    /// A Mastodon account's instance limits, which its posts are checked against from now on.
    private func storing(_ limits: MastodonInstanceLimits, for account: AccountRecord) async throws -> AccountRecord {
        try await store.setInstanceLimits(accountID: account.id, limits: limits)
        var updated = account
        updated.instanceLimits = limits
        return updated
    }

    /// Links an identity: the account that already is it is updated in place (a relink), and so is the one linked under
    /// the same handle where a handle names one identity (``Network/handleNamesOneIdentity``): its posts, slots and
    /// history stay with it. Anything else is a new account. The note says which happened.
    private func save(network: Network, profile: AccountProfile, credentials: AccountCredentials?, authKind: AuthKind) async throws -> AccountRecord {
        let vault = self.vault
        let grant = credentials.map(CredentialGrant.init(credentials:)) ?? CredentialGrant()
        let linked = try await store.accounts(includeRevoked: true).filter { $0.network == network }
        let same = linked.first { $0.remoteId == profile.remoteID }
        let sameHandle = same == nil && network.handleNamesOneIdentity
            ? linked.first { $0.status != .revoked && $0.handle.caseInsensitiveCompare(profile.handle) == .orderedSame } : nil
        var account = try await store.upsertAccount(network: network, remoteID: profile.remoteID, handle: profile.handle,
                                                    displayName: profile.displayName, authKind: authKind, grant: grant,
                                                    replacing: sameHandle?.id) { id in
            try credentials.map { try vault.seal($0, accountID: id) }
        }
        if let previous = same ?? sameHandle {
            account.notes = [Self.relinkNote(previous, now: account, sameIdentity: same != nil)]
        }
        wake.signal()
        return account
    }

    private static func joined(_ first: [String]?, _ second: [String]) -> [String]? {
        let all = (first ?? []) + second
        return all.isEmpty ? nil : all
    }

    package static func relinkNote(_ previous: AccountRecord, now account: AccountRecord, sameIdentity: Bool) -> String {
        let waiting = Counted.of(account.pendingPosts, "waiting post")
        if sameIdentity {
            return previous.status == .revoked
                ? "account \(account.id) was unlinked before; it is linked again with the new token"
                : "account \(account.id) was linked already; its token was replaced and its \(waiting) stay with it"
        }
        return "account \(account.id) had this handle under another \(account.network.displayName) identity (\(previous.remoteId)); "
            + "it now publishes as \(account.remoteId), with its \(waiting)"
    }

    // MARK: Refresh and unlink

    /// Renews the token now (it is renewed by itself before expiry and after a refusal anyway).
    /// The linked accounts, and the unlinked ones too with `includeRevoked`.
    package func list(includeRevoked: Bool) async throws -> [AccountView] { try await store.accounts(includeRevoked: includeRevoked).map(AccountView.init) }

    package func account(reference: String) async throws -> AccountView { AccountView(try await store.account(reference: reference)) }

    package func refresh(reference: String) async throws -> AccountView {
        let account = try await store.account(reference: reference)
        guard account.refreshable else {
            let relink = account.authKind == .oauth2 && account.accessExpiresAt != nil || account.authKind == .appPassword
            throw RequestError.badRequest(Self.nothingToRefresh(account), hint: relink ? RefusalHint(.relink, account: account.reference) : nil)
        }
        guard let sealed = try await store.sealedCredentials(accountID: account.id) else {
            throw RequestError(.conflict, "\(account.reference) has no stored credentials; relink it")
        }
        let current = try vault.open(sealed, accountID: account.id)
        do {
            _ = try await credentials.renew(accountID: account.id, network: account.network, rejected: current)
        } catch let error as CredentialProviderError {
            guard error.needsRelink else { throw RequestError(.unavailable, error.message) }
            throw RequestError(.conflict, error.message, hint: RefusalHint(.relink, account: account.reference))
        }
        wake.signal()
        return AccountView(try await store.account(reference: "\(account.id)"))
    }

    /// Revokes at the network where it offers revocation, then deletes the sealed secrets. Refused while
    /// unfinished posts target the account, unless `cancelPending` — checked before anything is revoked.
    package func unlink(reference: String, cancelPending: Bool) async throws -> UnlinkView {
        let account = try await store.account(reference: reference)
        if account.pendingPosts > 0 && !cancelPending {
            throw RequestError(.conflict, "\(Counted.of(account.pendingPosts, "unfinished post")) \(account.pendingPosts == 1 ? "targets" : "target") "
                               + "\(account.reference)", hint: RefusalHint(.cancelPending, account: account.reference))
        }
        var revoked = false
        var note: String?
        if let sealed = try await store.sealedCredentials(accountID: account.id), let linker = linkers[account.network],
           let current = try? vault.open(sealed, accountID: account.id) {
            do {
                revoked = try await linker.revoke(current)
                if !revoked { note = "\(account.network.displayName) offers no revocation for these credentials; remove the app in the network's settings if you want it gone there too" }
            } catch {
                note = "the revocation at \(account.network.displayName) failed (\(error.message)); the credentials are deleted here anyway"
            }
        }
        let removed = try await store.removeAccount(reference: "\(account.id)", cancelPending: cancelPending)
        wake.signal()
        return UnlinkView(account: AccountView(removed.account), revokedAtNetwork: revoked, note: note, cancelledPosts: removed.cancelledPosts)
    }

    // MARK: Helpers

    /// Why an account's token cannot be renewed, and what to do. Issue 25, bug 16: an OAuth 1.0a account was told to
    /// relink "before it expires", but its token never expires.
    package static func nothingToRefresh(_ account: AccountRecord) -> String {
        switch account.authKind {
        case .none:
            return "\(account.reference) is published by handoff and has no token: there is nothing to refresh"
        case .oauth1:
            return "\(account.reference) has an OAuth 1.0a token, which does not expire: there is nothing to refresh"
        case .oauth2 where account.accessExpiresAt == nil:
            return "\(account.reference)'s token does not expire (\(account.network.displayName) gave it no expiry): there is nothing to refresh"
        case .oauth2, .appPassword:
            return "\(account.reference) has no refresh token (\(account.network.displayName) gave none), so it is relinked before it expires"
        }
    }

    /// The token `accounts add` takes for a network, as its documentation names it.
    package static func tokenKind(_ network: Network) -> String {
        switch network {
        case .x: "OAuth 1.0a access token and secret"
        case .linkedin: "member access token"
        case .facebook: "Page access token"
        case .instagram: "Facebook user or Page token whose Page has an Instagram professional account"
        case .bluesky: "app password, with the account's handle"
        case .mastodon: "access token, with the account's instance"
        case .threads: "long-lived Threads user token"
        }
    }

    package static func isLoopback(_ uri: String) -> Bool {
        guard let url = URL(string: uri), url.scheme == "http", let host = url.host else { return false }
        return host == "127.0.0.1" || host == "localhost" || host == "::1" || host == "[::1]"
    }

    private func mapLinkErrors<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as LinkError {
            throw Self.requestError(error)
        }
    }

    /// What the person brought was wrong (bad input, 400); the network or the configuration failed (503).
    /// A token the network refuses while linking, or one that cannot publish, is what the person brought: bad input too.
    package static func requestError(_ error: LinkError) -> RequestError {
        switch error.code {
        case .invalidInput, .choiceNeeded, .unsupported, .needsRelink, .unfit: RequestError.badRequest(error.message)
        default: RequestError(.unavailable, error.message)
        }
    }

    /// An imported token the network refused: bad input, like any other wrong input (docs/using-schedctl.md, "Exit codes"),
    /// said the same way for every network, with the network's own words and what to do.
    package static func refusedImport(_ network: Network, _ error: LinkError) -> String {
        let name = network.displayName
        var detail = error.message
        // The linkers name the network themselves; said once here.
        for prefix in ["\(name) did not accept these credentials: ", "\(name) answered ", "\(name): "] where detail.hasPrefix(prefix) {
            detail.removeFirst(prefix.count)
        }
        return "\(name) did not accept this token (\(detail)); nothing was stored. Check that it is a current \(tokenKind(network))"
    }
}
