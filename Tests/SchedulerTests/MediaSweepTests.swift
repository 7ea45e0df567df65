import Connectors
import Foundation
import GRDB
import HTTPClient
import NetworkRules
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerServices
@testable import SchedulerStores
import Testing
@testable import Scheduler

/// Issue 16, bug 5: files copied into `media/` for a dry run or a refused schedule stayed for good. The sweep removes
/// the files no post names an hour after they were last uploaded or attached, and keeps every file a post names.
@Suite final class MediaSweepTests {
    /// 2030-01-01T00:00:00Z.
    static let start = Date(timeIntervalSince1970: 1_893_456_000)

    final class TestClock: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Date
        init(_ value: Date) { self.value = value }
        var now: Date {
            get { lock.withLock { value } }
            set { lock.withLock { value = newValue } }
        }
    }

    let directory: String
    let clock = TestClock(start)
    let store: SQLiteStore
    let library: MediaLibrary
    let service: PostService

    init() throws {
        directory = NSTemporaryDirectory() + "media-sweep-\(UUID().uuidString)"
        store = try SQLiteStore.inMemory()
        let clock = self.clock
        library = MediaLibrary(stateDirectory: directory, now: { clock.now })
        let x = XConnector(configuration: .init(apiBaseURL: "http://127.0.0.1:9", consumerKey: "k", consumerSecret: "s"),
                           transport: UnusedTransport())
        service = PostService(store: store, connectors: ConnectorRegistry([x]), wake: WakeSignal(), defaultZone: TimeZone(identifier: "UTC")!,
                              defaultLatenessSeconds: 3_600, media: library, now: { clock.now })
    }

    /// The state directory made for each test is removed with it (a class, so that it can).
    deinit { try? FileManager.default.removeItem(atPath: directory) }

    static func fixture(_ name: String) throws -> [UInt8] {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("EndToEndTests/Fixtures")
        return Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    private func files() throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: library.directory))
    }

    private func schedule(_ media: MediaItem, dryRun: Bool) async throws -> PostService.Scheduled {
        try await service.schedule(SchedulePostRequest(text: "Morning run", to: ["x:@runner"], at: "2030-01-02T07:30:00Z",
                                                       dryRun: dryRun ? true : nil, media: [MediaReference(id: media.sha256)]))
    }

    @Test func aDryRunsMedia_isRemovedAfterTheGracePeriod_whileAScheduledPostsMediaIsKept() async throws {
        try await store.addAccount("runner")
        let previewed = try library.store(try Self.fixture("panorama-3x1.jpg"))
        guard case .preview = try await schedule(previewed, dryRun: true) else { Issue.record("expected a dry run"); return }
        let scheduled = try library.store(try Self.fixture("run-4x5.jpg"))
        guard case .stored = try await schedule(scheduled, dryRun: false) else { Issue.record("expected a stored post"); return }
        let both: Set = [previewed.fileName, scheduled.fileName]
        #expect(try files() == both)

        clock.now = Self.start.addingTimeInterval(MediaLibrary.sweepGrace - 60)
        #expect(try await library.sweep(references: store).removed.isEmpty, "within the grace period nothing goes")
        #expect(try files() == both)

        clock.now = Self.start.addingTimeInterval(MediaLibrary.sweepGrace + 60)
        let result = try await library.sweep(references: store)
        #expect(result.removed == [previewed.fileName])
        #expect(result.kept == 1)
        #expect(try files() == [scheduled.fileName])
        #expect(try await store.post(id: 1).media.map(\.id) == [scheduled.sha256])
    }

    @Test func aRefusedSchedulesMedia_isRemovedAfterTheGracePeriod() async throws {
        // No account x:@runner: the schedule is refused, the upload stays behind.
        let orphan = try library.store(try Self.fixture("run-4x5.jpg"))
        await #expect(throws: RequestError.self) { try await schedule(orphan, dryRun: false) }
        clock.now = Self.start.addingTimeInterval(MediaLibrary.sweepGrace + 1)
        #expect(try await library.sweep(references: store).removed == [orphan.fileName])
        #expect(try files().isEmpty)
    }

    @Test func aFileAttachedAgainWithinTheGracePeriod_startsItAgain() async throws {
        try await store.addAccount("runner")
        let picture = try library.store(try Self.fixture("run-4x5.jpg"))
        _ = try await schedule(picture, dryRun: true)
        clock.now = Self.start.addingTimeInterval(MediaLibrary.sweepGrace - 60)
        _ = try library.store(try Self.fixture("run-4x5.jpg"))  // uploaded again, as `schedctl schedule` does each time
        clock.now = Self.start.addingTimeInterval(MediaLibrary.sweepGrace + 60)
        #expect(try await library.sweep(references: store).removed.isEmpty)
        clock.now = Self.start.addingTimeInterval(2 * MediaLibrary.sweepGrace)
        #expect(try await library.sweep(references: store).removed == [picture.fileName])
    }

    @Test func halfWrittenUploadsAndInterruptedSweeps_areTidied_andOtherFilesLeftAlone() async throws {
        let picture = try library.store(try Self.fixture("run-4x5.jpg"))
        let folder = library.directory as NSString
        // A sweep stopped after moving the file aside: it comes back (and is decided on like any other).
        try FileManager.default.moveItem(atPath: picture.path, toPath: picture.path + MediaLibrary.sweepingSuffix)
        let partial = folder.appendingPathComponent("\(String(repeating: "a", count: 64)).jpg.partial")
        #expect(FileManager.default.createFile(atPath: partial, contents: Data([1, 2, 3])))
        try FileManager.default.setAttributes([.modificationDate: Self.start], ofItemAtPath: partial)
        let stranger = folder.appendingPathComponent("README")
        #expect(FileManager.default.createFile(atPath: stranger, contents: Data("not media".utf8)))
        try FileManager.default.setAttributes([.modificationDate: Self.start], ofItemAtPath: stranger)

        clock.now = Self.start.addingTimeInterval(MediaLibrary.sweepGrace - 60)
        #expect(try await library.sweep(references: store).removed.isEmpty)
        #expect(try files() == [picture.fileName, (partial as NSString).lastPathComponent, "README"])
        clock.now = Self.start.addingTimeInterval(MediaLibrary.sweepGrace + 60)
        #expect(Set(try await library.sweep(references: store).removed) == [picture.fileName, (partial as NSString).lastPathComponent])
        #expect(try files() == ["README"])
    }

    @Test func theReferenceQuery_readsTheIndexOnTheFilesHash() async throws {
        let sha = String(repeating: "b", count: 64)
        let statements = try await store.statementsRun { _ = try await store.referencedMedia([sha, sha.uppercased()]) }
        let select = try #require(statements.first { $0.contains("post_media") })
        let plan = try await store.writer.read { db in try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + select).map { $0["detail"] as String } }
        #expect(plan.contains { $0.contains("post_media_by_file") } && !plan.contains { $0.hasPrefix("SCAN post_media") }, "\(plan)")
    }

    @Test func bothStores_nameTheFilesPostsUse() async throws {
        try await store.addAccount("runner")
        let picture = try library.store(try Self.fixture("run-4x5.jpg"))
        _ = try await schedule(picture, dryRun: false)
        let other = String(repeating: "c", count: 64)
        #expect(try await store.referencedMedia([picture.sha256, other]) == [picture.sha256])
        #expect(try await store.referencedMedia([]).isEmpty)
        try await withPostgresStore(register: false) { postgres in
            let account = try await postgres.addAccount("runner")
            let time = ScheduleTime(instant: Self.start.addingTimeInterval(86_400), zoneIdentifier: "UTC", wallClock: "2030-01-02T00:00:00")
            _ = try await postgres.insertPost(NewPost(text: "Run", time: time, latenessLimitSeconds: 3_600,
                                                      targets: [NewPost.Target(accountID: account.id)], media: [picture]), now: Self.start)
            #expect(try await postgres.referencedMedia([picture.sha256, other]) == [picture.sha256])
            // Blobs: an unnamed one older than the cutoff goes, a named one stays.
            try await postgres.putMedia(sha256: picture.sha256, bytes: [1], now: Self.start)
            try await postgres.putMedia(sha256: other, bytes: [2], now: Self.start)
            #expect(try await postgres.removeUnreferencedMedia(storedBefore: Self.start.addingTimeInterval(1)) == 1)
            #expect(try await postgres.mediaBytes(sha256: picture.sha256) == [1])
            #expect(try await postgres.mediaBytes(sha256: other) == nil)
        }
    }
}
