import Connectors
import Foundation
import HTTPClient
import SchedulerCore
import Testing
@testable import Scheduler

/// Importing a batch through the service on both stores: every row checked first, all or nothing (or the valid
/// ones with skip_invalid), problems named by their file line.
@Suite struct ImportServiceTests {
    /// 2030-01-01T00:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_893_456_000)

    func service(_ store: any SchedulerStore) -> PostService {
        let x = XConnector(configuration: .init(apiBaseURL: "http://127.0.0.1:9", consumerKey: "k", consumerSecret: "s"), transport: UnusedTransport())
        return PostService(store: store, connectors: ConnectorRegistry([x]), wake: WakeSignal(), defaultZone: TimeZone(identifier: "UTC")!,
                           defaultLatenessSeconds: 3_600, now: { Self.now })
    }

    func row(_ text: String, at: String = "2030-01-02 07:30", to: [String] = ["x:@club"], tz: String? = "Europe/Kyiv") -> SchedulePostRequest {
        SchedulePostRequest(text: text, to: to, at: at, tz: tz)
    }

    @Test(arguments: StoreBackend.allCases)
    func aValidBatch_isStoredInOrder(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            try await store.addAccount("club")
            try await store.addAccount("coach")
            let rows = (1...250).map { row("Row \($0)", to: $0 % 2 == 0 ? ["x:@club", "x:@coach"] : ["x:@club"]) }
            let view = try await service(store).importPosts(ImportRequest(posts: rows))
            #expect(view.valid == 250 && view.postIds.count == 250 && view.problems.isEmpty && !view.dryRun)
            let stored = try await store.listPosts(filter: .all, limit: 1_000, offset: 0).sorted { $0.id < $1.id }
            #expect(stored.map(\.id) == view.postIds)
            #expect(stored.map(\.text) == (1...250).map { "Row \($0)" })
            #expect(stored[1].deliveries.map(\.account) == ["x:@club", "x:@coach"])
            #expect(stored.allSatisfy { $0.dueLocal == "2030-01-02T07:30:00" && $0.dueZone == "Europe/Kyiv" })
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func oneBadRow_storesNothing_andNamesItsLine(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            try await store.addAccount("club")
            let rows = [row("fine"), row(String(repeating: "a", count: 300)), row("past", at: "2029-01-01 07:30"), row("fine too")]
            let error = await #expect(throws: RequestError.self) {
                _ = try await service(store).importPosts(ImportRequest(posts: rows, lines: [2, 3, 5, 6]))
            }
            #expect(error?.message == "2 of 4 rows are not valid; nothing was stored")
            #expect(error?.problems?.count == 2)
            #expect(error?.problems?.first?.hasPrefix("line 3: x:@club: the text counts 300 characters") == true, "\(error?.problems ?? [])")
            #expect(error?.problems?.last?.hasPrefix("line 5: '2029-01-01 07:30' is in the past") == true, "\(error?.problems ?? [])")
            #expect(try await store.listPosts(filter: .all, limit: 10, offset: 0).isEmpty)
        }
    }

    @Test func skipInvalid_storesTheValidRows_andDryRunStoresNothing() async throws {
        let store = try SQLiteStore.inMemory()
        try await store.addAccount("club")
        let rows = [row("one"), row("nobody", to: ["x:@nobody"]), row("draft", at: "2030-01-02 07:30"), row("three")]
        var withDraft = rows
        withDraft[2].draft = true
        let dry = try await service(store).importPosts(ImportRequest(posts: withDraft, dryRun: true, skipInvalid: true))
        #expect(dry.dryRun && dry.valid == 2 && dry.postIds.isEmpty)
        #expect(dry.problems.map(\.line) == [2, 3])
        #expect(dry.problems[1].message.contains("not taken in an import row"))
        #expect(try await store.listPosts(filter: .all, limit: 10, offset: 0).isEmpty)

        let stored = try await service(store).importPosts(ImportRequest(posts: withDraft, skipInvalid: true))
        #expect(stored.postIds.count == 2 && stored.problems.count == 2)
        #expect(try await store.listPosts(filter: .all, limit: 10, offset: 0).map(\.text).sorted() == ["one", "three"])
    }
}
