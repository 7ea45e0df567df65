import Connectors
import Foundation
import Logging
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerServices
@testable import SchedulerStores
import Testing
@testable import Scheduler

/// Tokens of quiet accounts renewed ahead of time (``TokenKeeper``): only those expiring before the next pass are asked
/// for, and the provider renews those within their margin, as a post would have.
@Suite struct TokenKeeperTests {
    let now = Date(timeIntervalSince1970: 1_900_000_000)

    /// An X account with OAuth 2.0 credentials, their expiry and refresh token recorded as a link records them.
    func account(_ handle: String, _ credentials: AccountCredentials, store: SQLiteStore, vault: CredentialVault) async throws -> AccountRecord {
        try await store.upsertAccount(network: .x, remoteID: "remote-\(handle)", handle: handle, displayName: handle, authKind: .oauth2,
                                      grant: CredentialGrant(credentials: credentials)) { id in try vault.seal(credentials, accountID: id) }
    }

    @Test func aTokenExpiringBeforeTheNextPass_isRenewed_andOneFarFromExpiry_isLeftAlone() async throws {
        let store = try SQLiteStore.inMemory()
        let vault = try CredentialVault(key: testKey())
        let linker = CountingLinker()
        let soon = try await account("soon", .oauth2(accessToken: "access-1", refreshToken: "refresh-1", expiresAt: now.addingTimeInterval(30)),
                                     store: store, vault: vault)
        _ = try await account("later", .oauth2(accessToken: "access-later", refreshToken: "refresh-later", expiresAt: now.addingTimeInterval(3 * 86_400)),
                              store: store, vault: vault)
        _ = try await store.addAccount("forever", vault: vault, credentials: .oauth1(token: "t", tokenSecret: "s"))
        let fixed = now
        let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        let provider = CredentialProvider(store: store, vault: vault, linkers: LinkerRegistry([linker]), logger: logger, now: { fixed })
        let keeper = TokenKeeper(store: store, credentials: provider, logger: logger, now: { fixed })

        #expect(await keeper.keepOnce() == 1, "only the token expiring before tomorrow's pass")
        #expect(linker.refreshes == 1)
        let stored = try vault.open(try #require(try await store.sealedCredentials(accountID: soon.id)), accountID: soon.id)
        #expect(stored.token == "access-2")
    }
}
