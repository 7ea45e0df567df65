import Connectors
import Foundation
import RunPosts
import RunSummary
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerServices
@testable import SchedulerStores
import Testing
@testable import Scheduler

/// `POST /v1/runs` through its service: each account's text by its network, the picture drawn and stored (a JPEG when an
/// Instagram Graph account is a target), the splits as an X thread, and a summary that cannot be drawn refused.
@Suite final class RunPostServiceTests {
    /// 2030-01-01T00:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_893_456_000)
    let store: SQLiteStore
    let library = MediaLibrary(stateDirectory: NSTemporaryDirectory() + "run-posts-\(UUID().uuidString)")
    let runs: RunPostService

    init() throws {
        store = try SQLiteStore.inMemory()
        runs = RunPostService(posts: .withXAndInstagramRules(store: store, library: library, now: Self.now))
    }

    /// The state directory made for each test is removed with it (a class, so that it can).
    deinit { try? FileManager.default.removeItem(atPath: (library.directory as NSString).deletingLastPathComponent) }

    /// Three kilometres at 5:00 in Paris on a Sunday morning.
    static func summary() -> RunSummary {
        var summary = RunSummary(title: "Sunday Morning Run", start: Date(timeIntervalSince1970: 1_893_479_400),
                                 timeZone: TimeZone(identifier: "Europe/Paris")!, distanceMeters: 3_000, movingSeconds: 900,
                                 elapsedSeconds: 900, paceSecondsPerKilometre: 300, elevationGainMeters: nil, heartRateAverage: 150,
                                 heartRateMax: 160, cadenceAverage: nil, calories: nil,
                                 route: [Coordinate(latitude: 48.85, longitude: 2.35), Coordinate(latitude: 48.86, longitude: 2.36)],
                                 pointCount: 2)
        summary.kilometreSplitSeconds = [300, 300, 300]
        return summary
    }

    func request(to: [String], thread: Bool = false, summary: RunSummary = summary()) -> RunPostRequest {
        RunPostRequest(summary: summary, file: "sunday.gpx", units: .metric, templates: nil, runThread: thread ? true : nil,
                       post: SchedulePostRequest(text: "", to: to, at: "2030-01-02 07:30"))
    }

    func stored(_ request: RunPostRequest) async throws -> PostView {
        guard case .stored(let view) = try await runs.schedule(request) else { throw RequestError.badRequest("not stored") }
        return view
    }

    @Test func eachAccountGetsItsNetworksText_andThePictureIsAPNGWithItsAltText() async throws {
        try await store.addAccount("runner")
        _ = try await store.upsertAccount(network: .instagram, remoteID: "ig-club", handle: "club", displayName: "Club",
                                          authKind: .none) { _ in [] }
        let post = try await stored(request(to: ["x:@runner", "instagram:@club"]))
        let texts = RunTexts()
        #expect(post.text == (try texts.text(for: .x, summary: Self.summary(), units: .metric)))
        let instagram = try #require(post.deliveries.first { $0.account == "instagram:@club" })
        #expect(instagram.text == (try texts.text(for: .instagram, summary: Self.summary(), units: .metric)))
        #expect(post.media.map(\.contentType) == ["image/png"], "a handoff account takes the PNG")
        #expect(post.media.first?.width == 1_080 && post.media.first?.height == 1_350)
        #expect(post.media.first?.alt == "Route map of Sunday Morning Run: 3.00 km")
    }

    @Test func anInstagramGraphAccount_getsTheCardAsAJPEG() async throws {
        try await store.addAccount("club", network: .instagram)
        let post = try await stored(request(to: ["instagram:@club"]))
        #expect(post.media.map(\.contentType) == ["image/jpeg"])
    }

    @Test func aRunThread_isTheSummaryThenItsSplits() async throws {
        try await store.addAccount("runner")
        let post = try await stored(request(to: ["x:@runner"], thread: true))
        #expect(post.thread?.map(\.text) == RunThread.splitParts(Self.summary(), units: .metric))
    }

    @Test func aSummaryThatCannotBeDrawn_isRefused_andNothingIsStored() async throws {
        try await store.addAccount("runner")
        var summary = Self.summary()
        summary.distanceMeters = -1
        let error = await #expect(throws: RequestError.self) { try await runs.schedule(request(to: ["x:@runner"], summary: summary)) }
        #expect(error?.code == .badRequest && error?.message.contains("cannot be used") == true, "\(error?.message ?? "")")
        #expect(try await store.listPosts(filter: .all, limit: 10, offset: 0).isEmpty)
    }
}
