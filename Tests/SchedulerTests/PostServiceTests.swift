import Connectors
import Foundation
import HTTPClient
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerServices
@testable import SchedulerStores
import Testing
@testable import Scheduler

/// Scheduling through the service: every refusal names the problem, and a refused request stores nothing.
@Suite struct PostServiceTests {
    /// 2030-01-01T00:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_893_456_000)

    let store: SQLiteStore
    let wake = WakeSignal()
    let service: PostService

    init() throws {
        store = try SQLiteStore.inMemory()
        let x = XConnector(configuration: .init(apiBaseURL: "http://127.0.0.1:9", consumerKey: "k", consumerSecret: "s"),
                           transport: UnusedTransport())
        service = PostService(store: store, connectors: ConnectorRegistry([x]), wake: wake,
                              defaultZone: TimeZone(identifier: "UTC")!, defaultLatenessSeconds: 3_600, now: { Self.now })
    }

    private func request(_ text: String = "Sunday Morning Run", to: [String] = ["x:@runner"], at: String = "2030-01-02T07:30:00Z",
                         tz: String? = nil, lateness: String? = nil, dryRun: Bool? = nil) -> SchedulePostRequest {
        SchedulePostRequest(text: text, to: to, at: at, tz: tz, lateness: lateness, dryRun: dryRun)
    }

    /// Asserts `request` is refused as a bad request whose message contains `problem`, and that nothing was stored.
    private func expectRefusal(_ request: SchedulePostRequest, naming problem: String,
                               sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let error = await #expect(throws: RequestError.self, sourceLocation: sourceLocation) {
            try await service.schedule(request)
        }
        #expect(error?.code == .badRequest, sourceLocation: sourceLocation)
        #expect(error?.message.contains(problem) == true, "\(error?.message ?? "no error")", sourceLocation: sourceLocation)
        #expect(try await store.listPosts(filter: .all, limit: 10, offset: 0).isEmpty, sourceLocation: sourceLocation)
    }

    @Test func schedule_storesThePostWithItsZoneAndWallClockAndWakesTheEngine() async throws {
        try await store.addAccount("runner")

        let scheduled = try await service.schedule(request(at: "2030-01-02 08:30", tz: "Europe/Paris", lateness: "30m"))

        guard case .stored(let view) = scheduled else { Issue.record("expected a stored post"); return }
        #expect(view.dueAt == Date(timeIntervalSince1970: 1_893_456_000 + 86_400 + 7 * 3_600 + 1_800))
        #expect(view.dueZone == "Europe/Paris")
        #expect(view.dueLocal == "2030-01-02T08:30:00")
        #expect(view.latenessLimitSeconds == 1_800)
        #expect(view.notes == nil)
        #expect(try await store.post(id: view.id).deliveries.map(\.account) == ["x:@runner"])
        // The signal was sent while nobody waited, so it is kept: the wait ends by it, not by the deadline.
        #expect(await wake.wait(until: Date().addingTimeInterval(30)))
    }

    /// Issue 16, bug 9: `--tz UTC` was stored and shown as `GMT` (Foundation's name for it on Linux).
    @Test(arguments: ["UTC", "Etc/UTC", "GMT", "Europe/Paris"])
    func schedule_keepsTheZoneAsItWasNamed(_ zone: String) async throws {
        try await store.addAccount("runner")

        guard case .stored(let view) = try await service.schedule(request(at: "2030-01-02 08:30", tz: zone)) else { Issue.record("not stored"); return }

        #expect(view.dueZone == zone)
        #expect(try await store.post(id: view.id).dueZone == zone)
        // Another text: the same one to the same X account within a day is refused as X's duplicate.
        guard case .preview(let preview) = try await service.schedule(request("Sunday Morning Run, previewed", at: "2030-01-02 08:30", tz: zone,
                                                                              dryRun: true)) else {
            Issue.record("no preview"); return
        }
        #expect(preview.dueZone == zone)
        await #expect(throws: RequestError.self, "a name that is no zone is still refused") {
            try await service.schedule(request(at: "2030-01-02 08:30", tz: "utc/nowhere", dryRun: true))
        }
    }

    @Test func schedule_withoutALateness_usesTheConfiguredDefault() async throws {
        try await store.addAccount("runner")
        guard case .stored(let view) = try await service.schedule(request()) else { Issue.record("not stored"); return }
        #expect(view.latenessLimitSeconds == 3_600)
    }

    @Test func schedule_toAnUnknownAccount_isRefused() async throws {
        try await store.addAccount("runner")
        try await expectRefusal(request(to: ["x:@runner", "x:@nobody"]), naming: "no account 'x:@nobody'")
    }

    @Test func schedule_withNoAccount_isRefused() async throws {
        try await expectRefusal(request(to: []), naming: "no target account")
    }

    @Test func schedule_inThePast_isRefused() async throws {
        try await store.addAccount("runner")
        try await expectRefusal(request(at: "2029-12-31T23:00:00Z"), naming: "is in the past")
    }

    @Test func schedule_withATimeThatCannotBeRead_isRefused() async throws {
        try await store.addAccount("runner")
        try await expectRefusal(request(at: "next blursday"), naming: "cannot read 'next blursday' as a time")
    }

    @Test func schedule_inAnUnknownZone_isRefused() async throws {
        try await store.addAccount("runner")
        try await expectRefusal(request(at: "2030-01-02 08:30", tz: "Mars/Olympus_Mons"), naming: "unknown time zone 'Mars/Olympus_Mons'")
    }

    @Test func schedule_withABadLateness_isRefused() async throws {
        try await store.addAccount("runner")
        try await expectRefusal(request(lateness: "a while"), naming: "lateness 'a while' is not a duration")
    }

    @Test(arguments: ["", "   \n"])
    func schedule_withEmptyText_isRefused(text: String) async throws {
        try await store.addAccount("runner")
        try await expectRefusal(request(text), naming: "the text is empty")
    }

    @Test func schedule_textOverXsWeightedLimit_isRefused() async throws {
        try await store.addAccount("runner")
        try await expectRefusal(request(String(repeating: "a", count: 281)), naming: "counts 281 characters, over X's limit of 280")
        // 141 CJK characters weigh 282, though only 141 characters long.
        try await expectRefusal(request(String(repeating: "漢", count: 141)), naming: "counts 282 characters")
        // Issue 48, item 14: and says how it can still go.
        try await expectRefusal(request(String(repeating: "a", count: 281)),
                                naming: "over X's limit of 280; split it into a thread or give x:@runner a shorter text of its own")
    }

    @Test func schedule_textAtXsWeightedLimit_isAccepted() async throws {
        try await store.addAccount("runner")
        _ = try await service.schedule(request(String(repeating: "a", count: 280)))
        _ = try await service.schedule(request(String(repeating: "漢", count: 140)))
        #expect(try await store.listPosts(filter: .all, limit: 10, offset: 0).count == 2)
    }

    @Test func schedule_toAnAccountThatNeedsRelinking_isRefusedWithTheLoginError() async throws {
        let account = try await store.addAccount("runner")
        try await store.setStatus(.needsRelink, accountID: account.id)
        try await expectRefusal(request(), naming: "X unavailable: login error")
        try await expectRefusal(request(), naming: "relink it: \(RelinkCommand.text(network: .x, handle: "runner"))")
    }

    @Test func schedule_listsEveryProblemAtOnce() async throws {
        try await store.addAccount("runner")
        let error = await #expect(throws: RequestError.self) {
            try await service.schedule(request(String(repeating: "a", count: 300), to: ["x:@runner", "@ghost"]))
        }
        #expect(error?.problems?.count == 2)
        #expect(try await store.listPosts(filter: .all, limit: 10, offset: 0).isEmpty)
    }

    @Test func schedule_dryRun_returnsWhatEachNetworkWouldReceiveAndStoresNothing() async throws {
        try await store.addAccount("runner")

        let scheduled = try await service.schedule(request("Run 漢字", at: "2030-01-02 08:30", tz: "Europe/Paris", dryRun: true))

        guard case .preview(let preview) = scheduled else { Issue.record("expected a preview"); return }
        #expect(preview.dryRun)
        #expect(preview.dueAt == "2030-01-02T07:30:00Z")
        #expect(preview.dueZone == "Europe/Paris")
        #expect(preview.dueLocal == "2030-01-02T08:30:00")
        #expect(preview.deliveries.count == 1)
        let delivery = try #require(preview.deliveries.first)
        #expect(delivery.account == "x:@runner")
        #expect(delivery.network == .x)
        #expect(delivery.text == "Run 漢字")
        #expect(delivery.weightedLength == 8)
        #expect(delivery.request == .object(["text": .string("Run 漢字")]))
        #expect(try await store.listPosts(filter: .all, limit: 10, offset: 0).isEmpty)
    }

    @Test func schedule_aWallClockTimeThatHappensTwice_takesTheFirstAndSaysSo() async throws {
        try await store.addAccount("runner")

        // Clocks in Paris go back from 03:00 to 02:00 on 2030-10-27.
        let scheduled = try await service.schedule(request(at: "2030-10-27 02:30", tz: "Europe/Paris"))

        guard case .stored(let view) = scheduled else { Issue.record("expected a stored post"); return }
        #expect(view.dueAt == ISO8601DateFormatter().date(from: "2030-10-27T00:30:00Z"))
        #expect(view.notes?.count == 1)
        #expect(view.notes?.first?.contains("happens twice in Europe/Paris") == true)
    }

    @Test func schedule_aWallClockTimeThatDoesNotExist_isRefused() async throws {
        try await store.addAccount("runner")
        // Clocks in Paris go forward from 02:00 to 03:00 on 2030-03-31.
        try await expectRefusal(request(at: "2030-03-31 02:30", tz: "Europe/Paris"), naming: "does not exist in Europe/Paris")
    }

    @Test func edit_afterPublishingStarted_isAConflict() async throws {
        let account = try await store.addAccount("runner")
        let post = try await store.addPost(due: Self.now, to: [account])
        _ = try await store.claimDue(now: Self.now, limit: 1)

        await #expect(throws: StoreError.self) { try await service.edit(id: post.id, EditPostRequest(text: "changed")) }
        #expect(try await store.post(id: post.id).text == "hello")
    }

    @Test func edit_withTooLongText_isRefusedAndChangesNothing() async throws {
        let account = try await store.addAccount("runner")
        let post = try await store.addPost(due: Self.now.addingTimeInterval(600), to: [account])

        let error = await #expect(throws: RequestError.self) {
            try await service.edit(id: post.id, EditPostRequest(text: String(repeating: "b", count: 281)))
        }

        #expect(error?.message.contains("over X's limit of 280") == true)
        #expect(try await store.post(id: post.id).text == "hello")
    }
}

/// Scheduling never reaches the network; a request here is a bug.
/// A transport the service must never use: scheduling checks, it does not send.
struct UnusedTransport: HTTPTransport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        Issue.record("PostService sent a request to \(request.url)")
        throw HTTPClientError(code: .other, message: "unused")
    }
}
