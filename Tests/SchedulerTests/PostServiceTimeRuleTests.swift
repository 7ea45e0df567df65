import Connectors
import Foundation
import HTTPClient
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerServices
@testable import SchedulerStores
import Testing
@testable import Scheduler

/// Issue 16: the lateness minimum at every way in (bug 1), one zone rule for local times, and the notes that say how a
/// time was read, the same for a dry run as for a stored post (bug 10).
@Suite struct PostServiceTimeRuleTests {
    /// 2030-01-01T00:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_893_456_000)

    let store: SQLiteStore
    let service: PostService

    init() throws {
        store = try SQLiteStore.inMemory()
        service = .withXRules(store: store, zone: "UTC", now: Self.now)
    }

    private func request(at: String = "2030-01-02T07:30:00Z", tz: String? = nil, clientTz: String? = nil, lateness: String? = nil,
                         dryRun: Bool? = nil) -> SchedulePostRequest {
        SchedulePostRequest(text: "Sunday Morning Run", to: ["x:@runner"], at: at, tz: tz, lateness: lateness, dryRun: dryRun, clientTz: clientTz)
    }

    private func stored(_ request: SchedulePostRequest) async throws -> PostView {
        guard case .stored(let view) = try await service.schedule(request) else { throw RequestError.badRequest("expected a stored post") }
        return view
    }

    private func preview(_ request: SchedulePostRequest) async throws -> DryRunView {
        guard case .preview(let view) = try await service.schedule(request) else { throw RequestError.badRequest("expected a preview") }
        return view
    }

    // MARK: bug 1, the lateness minimum

    @Test(arguments: ["0s", "0", "30s"])
    func schedule_withALatenessUnderAMinute_isRefused_andNothingIsStored(_ lateness: String) async throws {
        try await store.addAccount("runner")
        let error = await #expect(throws: RequestError.self) { try await service.schedule(request(lateness: lateness)) }
        #expect(error?.code == .badRequest)
        #expect(error?.message.contains("under the minimum of 1m") == true, "\(error?.message ?? "")")
        #expect(try await store.listPosts(filter: .all, limit: 10, offset: 0).isEmpty)
    }

    @Test func schedule_withANegativeLateness_saysItIsNegative() async throws {
        try await store.addAccount("runner")
        let error = await #expect(throws: RequestError.self) { try await service.schedule(request(lateness: "-5m")) }
        #expect(error?.message.contains("'-5m' is negative") == true, "\(error?.message ?? "")")
    }

    @Test func edit_toALatenessUnderAMinute_isRefused_andTheLimitIsKept() async throws {
        try await store.addAccount("runner")
        let post = try await stored(request(lateness: "30m"))
        let error = await #expect(throws: RequestError.self) { try await service.edit(id: post.id, EditPostRequest(lateness: "0s")) }
        #expect(error?.message.contains("under the minimum of 1m") == true)
        #expect(try await store.post(id: post.id).latenessLimitSeconds == 1_800)
    }

    @Test func import_ofARowWithALatenessUnderAMinute_isRefusedByItsLine() async throws {
        try await store.addAccount("runner")
        let error = await #expect(throws: RequestError.self) {
            try await service.importPosts(ImportRequest(posts: [request(lateness: "30m"), request(lateness: "0s")], lines: [2, 3]))
        }
        #expect(error?.problems?.first?.hasPrefix("line 3: lateness '0s' is under the minimum of 1m") == true, "\(error?.problems ?? [])")
        #expect(try await store.listPosts(filter: .all, limit: 10, offset: 0).isEmpty)
    }

    @Test(arguments: StoreBackend.allCases)
    func retry_ofAPostStoredWithALatenessOfZero_isNotMissedAgain(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let account = try await store.addAccount("runner")
            let post = try await store.addPost(due: referenceNow, to: [account], lateness: 0)
            let swept = try await store.claimDue(now: referenceNow.addingTimeInterval(1), limit: 5)
            #expect(swept.missed == 1)
            let delivery = try await store.delivery(ofPost: post.id)
            let later = referenceNow.addingTimeInterval(3_600)

            _ = try await store.retryDelivery(id: delivery.id, force: false, now: later)

            let (claimed, missed) = try await store.claimDue(now: later.addingTimeInterval(1), limit: 5)
            #expect(missed == 0, "a limit of 0 s would make the retry missed at once")
            #expect(claimed.first?.deadline == later.addingTimeInterval(Double(LatenessLimit.minimumSeconds)))
        }
    }

    // MARK: the zone rule and the notes

    @Test func aLocalTimeWithoutTz_isReadInTheClientsZone_andSaysSo() async throws {
        try await store.addAccount("runner")
        let post = try await stored(request(at: "2030-01-02 07:30", clientTz: "Europe/Paris"))
        #expect(post.dueZone == "Europe/Paris")
        #expect(RFC3339.format(post.dueAt!) == "2030-01-02T06:30:00Z")
        #expect(post.notes == ["2030-01-02 07:30 read in Europe/Paris (your zone); name a zone with the time to read it in another"])
    }

    @Test func tz_winsOverTheClientsZone_withoutANote() async throws {
        try await store.addAccount("runner")
        let post = try await stored(request(at: "2030-01-02 07:30", tz: "America/New_York", clientTz: "Europe/Paris"))
        #expect(post.dueZone == "America/New_York")
        #expect(RFC3339.format(post.dueAt!) == "2030-01-02T12:30:00Z")
        #expect(post.notes == nil)
    }

    @Test func withNeitherTzNorAClientZone_theDaemonsZoneIsUsed_andNamedAsSuch() async throws {
        try await store.addAccount("runner")
        let post = try await stored(request(at: "2030-01-02 07:30"))
        // The daemon's zone by Foundation's name for it (`GMT` for UTC on Linux).
        #expect(post.notes?.count == 1 && post.notes?.first?.hasSuffix("(the daemon's zone); name a zone with the time to read it in another") == true, "\(post.notes ?? [])")
        #expect(post.notes?.first?.hasPrefix("2030-01-02 07:30 read in ") == true)
    }

    @Test func anInstant_needsNoZoneNote() async throws {
        try await store.addAccount("runner")
        #expect(try await stored(request(at: "in 2h", clientTz: "Europe/Paris")).notes == nil)
    }

    @Test func anUnknownClientZone_isRefused_sayingWhereItCameFrom() async throws {
        try await store.addAccount("runner")
        let error = await #expect(throws: RequestError.self) { try await service.schedule(request(at: "2030-01-02 07:30", clientTz: "Mars/Base")) }
        #expect(error?.message.contains("from $TZ or the system") == true, "\(error?.message ?? "")")
    }

    /// Issue 16, bug 10: the dry run said nothing of a time that happens twice; the real schedule did.
    @Test func dryRun_ofATimeThatHappensTwice_saysTheFirstWasTaken_likeTheRealSchedule() async throws {
        try await store.addAccount("runner")
        let twice = request(at: "2030-10-27 02:30", tz: "Europe/Paris")
        var dry = twice
        dry.dryRun = true

        let preview = try await preview(dry)
        let post = try await stored(twice)

        #expect(preview.notes?.contains { $0.contains("happens twice in Europe/Paris; the first") } == true, "\(preview.notes ?? [])")
        #expect(preview.notes == post.notes)
    }

    @Test func aBareTimeThatHasPassed_isTomorrows_andTheDryRunSaysSo() async throws {
        try await store.addAccount("runner")
        // 00:00 UTC is 01:00 in Paris: 00:30 has passed there.
        let preview = try await preview(request(at: "0:30", clientTz: "Europe/Paris", dryRun: true))
        #expect(preview.dueLocal == "2030-01-02T00:30:00")
        #expect(preview.notes?.last == "0:30 has passed today in Europe/Paris, so tomorrow's (2030-01-02) was taken")
    }
}
