import Connectors
import Foundation
import Logging
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerServices
import Testing
@testable import Scheduler

/// Issue 48, item 2: linking a person again updates their account rather than adding a second one beside it, and a
/// name two accounts share is answered with the candidates' ids, which every command takes.
@Suite struct AccountRelinkTests {
    /// A linker whose tokens say who they belong to: `remote-id|handle|name`.
    struct TokenSaysWho: AccountLinker {
        let network: Network
        var methods: [LinkMethod] { [] }
        func start(method: LinkMethod, redirectURI: String, options: LinkOptions) async throws(LinkError) -> PendingLink {
            throw LinkError(.invalidInput, "not in this test")
        }
        func complete(_ pending: PendingLink, response: String, options: LinkOptions) async throws(LinkError) -> LinkedAccount {
            throw LinkError(.invalidInput, "not in this test")
        }
        func identify(_ credentials: AccountCredentials) async throws(LinkError) -> AccountProfile {
            let parts = credentials.token.split(separator: "|").map(String.init)
            return AccountProfile(remoteID: parts[0], handle: parts[1], displayName: parts[2])
        }
        func refresh(_ credentials: AccountCredentials) async throws(LinkError) -> AccountCredentials { credentials }
        func revoke(_ credentials: AccountCredentials) async throws(LinkError) -> Bool { false }
    }

    func service(_ store: any StoreInspection) throws -> AccountService {
        let vault = try CredentialVault(key: testKey())
        let linkers = LinkerRegistry([TokenSaysWho(network: .threads), TokenSaysWho(network: .facebook)])
        let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        return AccountService(store: store, linkers: linkers, vault: vault,
                              credentials: CredentialProvider(store: store, vault: vault, linkers: linkers, logger: logger),
                              wake: WakeSignal(), headlessRedirectURI: "http://127.0.0.1/callback")
    }

    func add(_ network: Network, _ who: String, to service: AccountService) async throws -> AccountView {
        try await service.importAccount(ImportAccountRequest(network: network, token: who, tokenSecret: nil))
    }

    @Test(arguments: StoreBackend.allCases)
    func theSameIdentityAgain_updatesItsAccount_keepingItsPosts(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let accounts = try service(store)
            let first = try await add(.threads, "111|mara|Mara", to: accounts)
            try await store.addPost(due: Date().addingTimeInterval(3_600), to: [try await store.account(reference: "\(first.id)")])

            let again = try await add(.threads, "111|mara|Mara R.", to: accounts)

            #expect(again.id == first.id)
            #expect(again.notes == ["account \(first.id) was linked already; its token was replaced and its 1 waiting post stay with it"])
            #expect(try await store.accounts().count == 1)
        }
    }

    /// A sandbox restarted, or a person who deleted and made their account again: the handle is theirs, the id the
    /// network gives it is new. Where a handle names one identity, that is still the account people named.
    @Test(arguments: StoreBackend.allCases)
    func aNewIdentityUnderTheSameHandle_replacesTheAccountsIdentity_whereAHandleNamesOne(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let accounts = try service(store)
            let first = try await add(.threads, "111|mara|Mara", to: accounts)
            try await store.addPost(due: Date().addingTimeInterval(3_600), to: [try await store.account(reference: "\(first.id)")])

            let replaced = try await add(.threads, "222|Mara|Mara", to: accounts)

            #expect(replaced.id == first.id)
            #expect(replaced.remoteId == "222")
            #expect(replaced.pendingPosts == 1)
            #expect(replaced.notes?.first?.contains("had this handle under another Threads identity (111); it now publishes as 222") == true,
                    "\(replaced.notes ?? [])")
            #expect(try await store.account(reference: "threads:@mara").id == first.id, "one account answers to the handle")
        }
    }

    /// Two Facebook Pages may share a name: each is an account, and the name alone is answered with both ids.
    @Test(arguments: StoreBackend.allCases)
    func twoPagesOfOneName_areTwoAccounts_andTheNameListsTheirIds(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let accounts = try service(store)
            let north = try await add(.facebook, "p1|Harriers|Harriers North", to: accounts)
            let south = try await add(.facebook, "p2|Harriers|Harriers South", to: accounts)
            #expect(north.id != south.id && south.notes == nil)

            let error = await #expect(throws: StoreError.self) { try await store.account(reference: "facebook:@Harriers") }

            #expect(error?.message == "'facebook:@Harriers' matches 2 accounts: \(north.id) (facebook:@Harriers, Harriers North), "
                + "\(south.id) (facebook:@Harriers, Harriers South); name one by its id, e.g. \(north.id)")
            #expect(try await store.account(reference: "\(south.id)").displayName == "Harriers South")
        }
    }
}
