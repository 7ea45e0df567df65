import Connectors
import Foundation
import Logging
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerServices
@testable import SchedulerStores
import Synchronization
import Testing
@testable import Scheduler

/// Token renewal: before expiry, once after a refusal, single-flight per account, committed before use.
@Suite struct CredentialProviderTests {
    let now = Date(timeIntervalSince1970: 1_900_000_000)

    func setUp(_ linker: CountingLinker, expiresIn: TimeInterval) async throws -> (SQLiteStore, CredentialVault, CredentialProvider, AccountRecord) {
        let store = try SQLiteStore.inMemory()
        let vault = try CredentialVault(key: testKey())
        let credentials = AccountCredentials.oauth2(accessToken: "access-1", refreshToken: "refresh-1", expiresAt: now.addingTimeInterval(expiresIn))
        let account = try await store.addAccount("renewer", vault: vault, credentials: credentials)
        let fixed = now
        let provider = CredentialProvider(store: store, vault: vault, linkers: LinkerRegistry([linker]),
                                          logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }), now: { fixed })
        return (store, vault, provider, account)
    }

    @Test func aTokenFarFromExpiry_isUsedAsItIs() async throws {
        let linker = CountingLinker()
        let (_, _, provider, account) = try await setUp(linker, expiresIn: 3_600)
        let credentials = try await provider.credentials(accountID: account.id, network: .x)
        #expect(credentials.token == "access-1")
        #expect(linker.refreshes == 0)
    }

    @Test func aTokenAboutToExpire_isRenewed_andTheRotatedPairIsStoredBeforeUse() async throws {
        let linker = CountingLinker()
        let (store, vault, provider, account) = try await setUp(linker, expiresIn: 30)
        let credentials = try await provider.credentials(accountID: account.id, network: .x)
        #expect(credentials.token == "access-2")
        let stored = try vault.open(try #require(try await store.sealedCredentials(accountID: account.id)), accountID: account.id)
        #expect(stored.refreshToken == "refresh-2", "the rotated refresh token is on disk")
        #expect(linker.refreshes == 1)
    }

    @Test func concurrentRefusals_shareOneRenewal() async throws {
        let linker = CountingLinker(delay: .milliseconds(200))
        let (_, _, provider, account) = try await setUp(linker, expiresIn: 3_600)
        let rejected = AccountCredentials.oauth2(accessToken: "access-1", refreshToken: "refresh-1", expiresAt: nil)
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 {
                group.addTask { try await provider.renew(accountID: account.id, network: .x, rejected: rejected).token }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(tokens) == ["access-2"])
        #expect(linker.refreshes == 1, "X refresh tokens are single-use: one renewal, whoever asked")
        // A late caller holding the old token gets the stored new one without renewing again.
        let late = try await provider.renew(accountID: account.id, network: .x, rejected: rejected)
        #expect(late.token == "access-2")
        #expect(linker.refreshes == 1)
    }

    @Test func aRefusedRenewal_marksTheAccountNeedsRelinkWithTheReason() async throws {
        let linker = CountingLinker(refuse: true)
        let (store, _, provider, account) = try await setUp(linker, expiresIn: 10)
        await #expect(throws: CredentialProviderError.self) { try await provider.credentials(accountID: account.id, network: .x) }
        let after = try await store.account(reference: "\(account.id)")
        #expect(after.status == .needsRelink)
        #expect(after.statusReason?.contains("login error") == true, "\(after.statusReason ?? "")")
        // The command that relinks it names the identity, and is given where the reason is shown (``RelinkCommand``).
        let event = try #require(try await store.recentEvents(5).last { $0.event == "needs_relink" })
        #expect(event.confirm == RelinkCommand.text(network: .x, handle: account.handle), "\(event.confirm ?? "")")
    }
}

/// A linker whose refresh rotates `access-N`/`refresh-N`, counting calls.
final class CountingLinker: AccountLinker, @unchecked Sendable {
    let network = Network.x
    let methods: [LinkMethod] = [.oauth2]
    private let count = Mutex(0)
    let delay: Duration
    let refuse: Bool

    init(delay: Duration = .zero, refuse: Bool = false) {
        self.delay = delay
        self.refuse = refuse
    }

    var refreshes: Int { count.withLock { $0 } }

    func start(method: LinkMethod, redirectURI: String, options: LinkOptions) async throws(LinkError) -> PendingLink { throw LinkError(.unsupported, "not here") }
    func complete(_ pending: PendingLink, response: String, options: LinkOptions) async throws(LinkError) -> LinkedAccount {
        throw LinkError(.unsupported, "not here")
    }
    func identify(_ credentials: AccountCredentials) async throws(LinkError) -> AccountProfile { throw LinkError(.unsupported, "not here") }
    func revoke(_ credentials: AccountCredentials) async throws(LinkError) -> Bool { false }

    func refresh(_ credentials: AccountCredentials) async throws(LinkError) -> AccountCredentials {
        let n = count.withLock { value -> Int in
            value += 1
            return value
        }
        try? await Task.sleep(for: delay)
        if refuse { throw LinkError(.needsRelink, "X: the refresh token was already used") }
        return .oauth2(accessToken: "access-\(n + 1)", refreshToken: "refresh-\(n + 1)", expiresAt: Date(timeIntervalSince1970: 1_900_007_200))
    }
}
