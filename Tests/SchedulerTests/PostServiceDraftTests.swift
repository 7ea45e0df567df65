import Connectors
import Foundation
import HTTPClient
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerServices
@testable import SchedulerStores
import Testing
@testable import Scheduler

/// Drafts through the service: checked like any post when kept and again when scheduled, with a clear refusal
/// for every request that mixes up drafts and times.
@Suite struct PostServiceDraftTests {
    /// 2030-01-01T00:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_893_456_000)

    let store: SQLiteStore
    let service: PostService

    init() throws {
        store = try SQLiteStore.inMemory()
        service = .withXRules(store: store, zone: "Europe/Paris", now: Self.now)
    }

    private func keep(_ text: String = "Club run Thursday", tz: String? = nil) async throws -> PostView {
        guard case .stored(let view) = try await service.schedule(SchedulePostRequest(text: text, to: ["x:@runner"], at: nil, tz: tz, draft: true))
        else { throw RequestError.badRequest("not stored") }
        return view
    }

    private func refusal(_ operation: () async throws -> Void) async -> RequestError? {
        await #expect(throws: RequestError.self) { try await operation() }
    }

    @Test func aDraft_isKeptWithoutATime_inTheDaemonsZoneOrTheOneGiven() async throws {
        try await store.addAccount("runner")
        let plain = try await keep()
        #expect(plain.dueAt == nil && plain.dueZone == "Europe/Paris")
        #expect(plain.deliveries.map(\.state) == [.draft])
        let kyiv = try await keep(tz: "Europe/Kyiv")
        #expect(kyiv.dueZone == "Europe/Kyiv")
    }

    @Test func aDraft_isCheckedLikeAnyPost_andARefusedOneIsNotKept() async throws {
        try await store.addAccount("runner")
        let long = await refusal { _ = try await keep(String(repeating: "a", count: 281)) }
        #expect(long?.code == .badRequest)
        #expect(long?.message.contains("x:@runner") == true && long?.message.contains("280") == true, "\(long?.message ?? "")")
        #expect(try await store.listPosts(filter: .all, limit: 10, offset: 0).isEmpty)
    }

    @Test func draftsAndTimes_thatDoNotGoTogether_areRefusedSayingWhy() async throws {
        try await store.addAccount("runner")
        let both = await refusal { _ = try await service.schedule(SchedulePostRequest(text: "a", to: ["x:@runner"], at: "in 1h", draft: true)) }
        #expect(both?.message.contains("a draft has no time") == true)
        let neither = await refusal { _ = try await service.schedule(SchedulePostRequest(text: "a", to: ["x:@runner"], at: nil)) }
        #expect(neither?.message == "no time was given, and no draft asked for" && neither?.hint == .oneOf(.at, .nextSlot, .draft))
        let dry = await refusal { _ = try await service.schedule(SchedulePostRequest(text: "a", to: ["x:@runner"], at: nil, dryRun: true, draft: true)) }
        #expect(dry?.message.contains("a dry run shows what is sent at a time") == true && dry?.hint == .oneOf(.draft, .dryRun))
        #expect(try await store.listPosts(filter: .all, limit: 10, offset: 0).isEmpty)
    }

    @Test func schedulingADraft_readsTheTimeInTheDraftsZone() async throws {
        try await store.addAccount("runner")
        let draft = try await keep(tz: "America/New_York")
        let scheduled = try await service.scheduleDraft(id: draft.id, ScheduleDraftRequest(at: "2030-01-02 07:30"))
        #expect(scheduled.dueLocal == "2030-01-02T07:30:00")
        #expect(scheduled.dueAt == Date(timeIntervalSince1970: 1_893_456_000 + 86_400 + 12 * 3_600 + 1_800), "07:30 in New York is 12:30 UTC")
        #expect(scheduled.deliveries.map(\.state) == [.scheduled])
        let again = await refusal { _ = try await service.scheduleDraft(id: draft.id, ScheduleDraftRequest(at: "2030-01-03 07:30")) }
        #expect(again?.code == .conflict)
    }

    @Test func schedulingADraft_checksItAgain_forAnAccountThatNeedsRelinkingSince() async throws {
        let runner = try await store.addAccount("runner")
        let draft = try await keep()
        try await store.setStatus(.needsRelink, accountID: runner.id)
        let refused = await refusal { _ = try await service.scheduleDraft(id: draft.id, ScheduleDraftRequest(at: "2030-01-02 07:30")) }
        #expect(refused?.message.contains("relink") == true, "\(refused?.message ?? "")")
        #expect(try await store.post(id: draft.id).deliveries.map(\.state) == [.draft], "still a draft")
    }
}
