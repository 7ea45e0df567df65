import CCairo
import Foundation
import HTTPClient
import Logging
import RunCard
import RunPosts
import RunSummary
import Sandbox
import SchedulerCore
@testable import SchedulerServices
@testable import SchedulerStores
import ServiceLifecycle
import TestHTTPReceiver
import Testing
@testable import Scheduler

/// The map under a run card's route in the daemon: the tile cache on disk (private, per server, least recently used
/// out first), the tiles fetched within the card's time limit or none at all (with one notice), the sandbox's tiles,
/// `tiles = "sandbox"` in the configuration, and a run post drawn over the sandbox's map.
@Suite struct RunMapTests {
    static let png = TileCache.pngSignature + Array(repeating: 7, count: 1_000)

    @Test func theCache_keepsATile_0600_inA0700Folder_apartFromAnotherServersTiles() throws {
        let directory = try TemporaryDirectory()
        let osm = TileCache(root: directory.path, template: "https://tile.openstreetmap.org/{z}/{x}/{y}.png", maximumBytes: 1 << 20)
        let other = TileCache(root: directory.path, template: "https://tiles.example.org/{z}/{x}/{y}.png", maximumBytes: 1 << 20)
        let key = TileKey(z: 15, x: 16_372, y: 10_895)
        #expect(osm.tile(key) == nil)
        #expect(osm.keep(key, Self.png))
        #expect(osm.tile(key) == Self.png)
        #expect(other.tile(key) == nil, "another server's tile is another tile")
        #expect(osm.directory != other.directory && osm.path(key).hasSuffix("/15/16372/10895.png"))
        #expect(try permissions(osm.path(key)) == 0o600)
        for folder in [directory.path + "/" + (osm.directory as NSString).lastPathComponent, osm.directory + "/15", osm.directory + "/15/16372"] {
            #expect(try permissions(folder) == 0o700, "\(folder)")
        }
        // A kept file that is not a PNG (cut short by a full disk) is no tile, and is removed.
        try Data("<html>".utf8).write(to: URL(fileURLWithPath: osm.path(key)))
        #expect(osm.tile(key) == nil && !FileManager.default.fileExists(atPath: osm.path(key)))
    }

    @Test func theCache_overItsLimit_dropsTheLeastRecentlyUsedTiles() throws {
        let directory = try TemporaryDirectory()
        let cache = TileCache(root: directory.path, template: "https://tile.openstreetmap.org/{z}/{x}/{y}.png", maximumBytes: 3 * Self.png.count)
        let keys = (0..<4).map { TileKey(z: 10, x: $0, y: 0) }
        let now = Date()
        for (index, key) in keys.enumerated() {
            cache.keep(key, Self.png)
            // Kept an hour apart, the first the oldest.
            try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(Double(index - 10) * 3_600)], ofItemAtPath: cache.path(key))
        }
        // The oldest is drawn again: it becomes the most recently used.
        #expect(cache.tile(keys[0], now: now) != nil)
        #expect(cache.trim() == 1)
        #expect(keys.map { cache.tile($0) != nil } == [true, false, true, true], "the second kept, unused since, went")
        #expect(cache.trim() == 0)
    }

    @Test func aServerThatNeverAnswers_givesNoMap_withinTheTimeout_andOneNotice() async throws {
        let silent = try SilentListener()
        let logs = LogRecorder()
        let http = CurlHTTPClient()
        defer { http.shutdown() }
        let directory = try TemporaryDirectory()
        var settings = RunMapSettings(tiles: "http://127.0.0.1:\(silent.port)/{z}/{x}/{y}.png", attribution: "© OpenStreetMap contributors")
        settings.timeoutSeconds = 1
        let source = MapTileSource(settings: settings, stateDirectory: directory.path, transport: http, logger: logs.logger())
        let keys = (0..<9).map { TileKey(z: 14, x: 8_000 + $0 % 3, y: 5_000 + $0 / 3) }
        let started = ContinuousClock.now
        let tiles = await source.tiles(keys)
        let took = ContinuousClock.now - started
        #expect(tiles == nil)
        // The deadline, plus what a machine busy with the whole suite takes to wind down the transfers in flight (up to
        // 12 s seen): bounded, where a fetch without the deadline would wait on the silent server for ever.
        #expect(took < .seconds(settings.timeoutSeconds + 20), "the card waited \(took)")
        let notices = logs.all.filter { $0.level == .notice }
        #expect(notices.count == 1 && notices.first?.message == "run card drawn without its map: tiles missing")
        #expect(notices.first?.metadata["tiles.missing"] == "9" && notices.first?.metadata["tiles.host"] == "127.0.0.1")
    }

    @Test func aServerThatAnswersWithoutATile_givesNoMap_andSaysWhy() async throws {
        let receiver = try HTTPReceiver()
        defer { receiver.stop() }
        let logs = LogRecorder()
        let http = CurlHTTPClient()
        defer { http.shutdown() }
        let directory = try TemporaryDirectory()
        var settings = RunMapSettings(tiles: "http://127.0.0.1:\(receiver.port)/tiles/{z}/{x}/{y}.png?key=secret", attribution: "Tiles")
        // The receiver answers at once; a deadline no loaded machine reaches, so the reason is the answer's.
        settings.timeoutSeconds = 60
        let source = MapTileSource(settings: settings, stateDirectory: directory.path, transport: http, logger: logs.logger())
        #expect(await source.tiles([TileKey(z: 3, x: 1, y: 2), TileKey(z: 3, x: 2, y: 2)]) == nil)
        // Each tile asked for once, with the product in the User-Agent; the key never reaches the log.
        let requests = receiver.received
        #expect(requests.count == 2)
        #expect(requests.allSatisfy { $0.contains("User-Agent: schedulerd/") })
        #expect(Set(requests.compactMap { $0.split(separator: " ").dropFirst().first.map(String.init) })
                == ["/tiles/3/1/2.png?key=secret", "/tiles/3/2/2.png?key=secret"])
        #expect(logs.all.map(\.metadata["tiles.problem"]) == ["the server answered HTTP 204"])
        #expect(!logs.all.contains { "\($0)".contains("secret") })
    }

    @Test func theSandboxsTiles_areFetchedOnce_thenDrawnFromTheCache() async throws {
        try await withSandbox { base in
            let directory = try TemporaryDirectory()
            let http = CurlHTTPClient()
            defer { http.shutdown() }
            var settings = RunMapSettings(tiles: RunMapSettings.sandboxTiles, attribution: RunMapSettings.sandboxAttribution).resolved(sandboxBaseURL: base)
            // Drawing a dozen tiles on a machine busy with the whole suite may take longer than the 5 s a card waits.
            settings.timeoutSeconds = 60
            #expect(settings.tiles == base + "/tiles/{z}/{x}/{y}.png")
            let source = MapTileSource(settings: settings, stateDirectory: directory.path, transport: http, logger: Logger(label: "test"))
            let keys = RunCard.mapTiles(for: RunPostServiceTests.summary(), units: .metric)
            let tiles = try #require(await source.tiles(keys))
            #expect(Set(tiles.images.keys) == Set(keys) && tiles.attribution == "Sandbox tiles, not a real map")
            #expect(tiles.images.values.allSatisfy { $0.starts(with: TileCache.pngSignature) })
            #expect(keys.allSatisfy { FileManager.default.fileExists(atPath: source.cache.path($0)) }, "kept in state_dir/tiles")
            // From the cache alone: a source whose server is gone still has them.
            let offline = MapTileSource(settings: RunMapSettings(tiles: "http://127.0.0.1:9/{z}/{x}/{y}.png", attribution: "Sandbox tiles, not a real map"),
                                        stateDirectory: directory.path, transport: http, logger: Logger(label: "test"))
            #expect(offline.cache.directory != source.cache.directory)
            let cached = MapTileSource(settings: settings, stateDirectory: directory.path, transport: UnansweringTransport(), logger: Logger(label: "test"))
            #expect(await cached.tiles(keys)?.images == tiles.images)
        }
    }

    @Test func tilesSandbox_isTakenWithSandboxMode_andRefusedWithout() throws {
        let configuration = try ConfigurationLoader.parse("[runs.map]\ntiles = \"sandbox\"\n", file: "t.toml")
        #expect(configuration.runs.map?.tiles == "sandbox" && configuration.runs.map?.attribution == RunMapSettings.sandboxAttribution)
        let directory = try TemporaryDirectory()
        let file = directory.file("schedulerd.toml")
        try "[runs.map]\ntiles = \"sandbox\"\n".write(toFile: file, atomically: true, encoding: .utf8)
        var options = DaemonOptions()
        options.configPath = file
        #expect(throws: ConfigurationError.self) { try DaemonConfiguration.resolve(options, environment: [:]) }
        options.sandbox = true
        #expect(try DaemonConfiguration.resolve(options, environment: [:]).0.runs.map?.tiles == "sandbox")
        #expect(throws: ConfigurationError.self) { try ConfigurationLoader.parse("[runs.map]\ntiles = \"sandboxes\"\nattribution = \"x\"\n", file: "t.toml") }
    }

    @Test func aRunPost_withTheSandboxsMap_isDrawnOverIt() async throws {
        try await withSandbox { base in
            let store = try SQLiteStore.inMemory()
            try await store.addAccount("runner")
            let state = try TemporaryDirectory()
            let library = MediaLibrary(stateDirectory: state.path)
            let http = CurlHTTPClient()
            defer { http.shutdown() }
            var settings = RunMapSettings(tiles: "sandbox", attribution: RunMapSettings.sandboxAttribution).resolved(sandboxBaseURL: base)
            settings.timeoutSeconds = 60
            let runs = RunPostService(posts: .withXAndInstagramRules(store: store, library: library, now: RunPostServiceTests.now),
                                      map: MapTileSource(settings: settings, stateDirectory: state.path, transport: http, logger: Logger(label: "test")))
            var summary = RunPostServiceTests.summary()
            summary.route = Self.loop()
            let request = RunPostRequest(summary: summary, file: "sunday.gpx", units: .metric, templates: nil, runThread: nil,
                                         post: SchedulePostRequest(text: "", to: ["x:@runner"], at: "2030-01-02 07:30"))
            guard case .stored(let post) = try await runs.schedule(request) else { Issue.record("not stored"); return }
            let media = try #require(post.media.first)
            let card = try await library.download(id: media.id).bytes
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let folder = root.appendingPathComponent(".build/run-cards")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(card).write(to: folder.appendingPathComponent("with-map.png"))
            let without = try RunCard.render(summary, units: .metric)
            try Data(without).write(to: folder.appendingPathComponent("without-map.png"))
            // The panel's top-left inside (no route there): the plain dark panel without a map, pale land with one.
            let (withMap, plain) = (try Pixels(card), try Pixels(without))
            let (r, g, b) = withMap.rgb(100, 280)
            #expect(r > 150 && g > 150 && b > 150, "a pale map under the route: \(r) \(g) \(b)")
            #expect(plain.rgb(100, 280) == (0x19, 0x20, 0x2A))
        }
    }

    /// A 2 km loop round a park in Paris.
    static func loop() -> [Coordinate] {
        (0...120).map { i in
            let a = Double(i) / 120 * 2 * .pi
            return Coordinate(latitude: 48.8462 + 0.0028 * sin(a), longitude: 2.3371 + 0.0042 * (1 - cos(a)) * (1 + 0.2 * sin(3 * a)))
        }
    }

    private func permissions(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    /// Runs `body` with a sandbox in-process, given its X base URL.
    private func withSandbox(_ body: (String) async throws -> Void) async throws {
        let logger = Logger(label: "sandbox", factory: { _ in SwiftLogNoOpLogHandler() })
        let sandbox = SandboxServer(logger: logger)
        let group = ServiceGroup(services: [sandbox], logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            do { try await body(try await sandbox.baseURL()) } catch {
                await group.triggerGracefulShutdown()
                throw error
            }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }
}

/// A transport with no network at all: every request fails at once, as a cache-only source must not notice.
struct UnansweringTransport: HTTPTransport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        throw HTTPClientError(code: .couldNotConnect, message: "no network in this test")
    }
}

/// A PNG's pixels, read with cairo.
struct Pixels {
    private let data: [UInt32]
    private let width: Int

    init(_ bytes: [UInt8]) throws {
        let path = NSTemporaryDirectory() + "pixels-\(UUID().uuidString).png"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let surface = cairo_image_surface_create_from_png(path)!
        defer { cairo_surface_destroy(surface) }
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        let raw = UnsafeRawPointer(cairo_image_surface_get_data(surface)!).assumingMemoryBound(to: UInt32.self)
        data = (0..<h).flatMap { y in (0..<w).map { raw[y * stride + $0] } }
        width = w
    }

    func rgb(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let p = data[y * width + x]
        return (UInt8((p >> 16) & 0xFF), UInt8((p >> 8) & 0xFF), UInt8(p & 0xFF))
    }
}
