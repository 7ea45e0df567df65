import Foundation
import HTTPClient
import Logging
import RunCard
import SchedulerCore

/// The map under a run card's route: the tiles the card needs (``RunCard/mapTiles(for:units:)``), from the disk cache
/// (``TileCache``) or else the tile server through libcurl, within `[runs.map] timeout_s` for the whole card.
///
/// It never holds a post back: when a tile is missing at the deadline (the server is slow, down, or refuses), the card
/// is drawn without the map and one notice is logged; what did arrive is kept for the next card. A tile that failed is
/// not asked for again for the same card.
///
/// Written to OpenStreetMap's tile usage policy (https://operations.osmfoundation.org/policies/tiles/), which other
/// free servers follow: a `User-Agent` naming the program and its version; the attribution drawn on every map; tiles
/// cached on disk; only the few tiles under one route, when a card is drawn (no bulk or ahead-of-time download), at
/// most ``concurrentRequests`` at a time.
package struct MapTileSource: Sendable {
    /// The settings, with `tiles` the URL template itself (``RunMapSettings/resolved(sandboxBaseURL:)``).
    package let settings: RunMapSettings
    package let cache: TileCache
    package let transport: any HTTPTransport
    package let logger: Logger

    /// At most this many tile requests of one card in flight.
    package static let concurrentRequests = 4
    /// A tile is a few tens of kilobytes; a larger answer is no tile.
    package static let maximumTileBytes = 1_024 * 1_024
    /// "schedulerd/0.3.0 (run cards; self-hosted post scheduler)".
    package static let userAgent = "schedulerd/\(BuildInfo.version) (run cards; self-hosted post scheduler)"

    /// - Parameter stateDirectory: where the cache goes when `cache_dir` is not set (`state_dir/tiles`).
    package init(settings: RunMapSettings, stateDirectory: String, transport: any HTTPTransport, logger: Logger) {
        self.settings = settings
        cache = TileCache(root: settings.cacheDirectory ?? stateDirectory + "/tiles", template: settings.tiles, maximumBytes: settings.cacheMaxBytes)
        self.transport = transport
        self.logger = logger
    }

    /// Every tile of `keys` with the attribution, or nil (and a notice logged) when any is missing by the deadline.
    package func tiles(_ keys: [TileKey]) async -> MapTiles? {
        guard !keys.isEmpty else { return nil }
        let deadline = ContinuousClock.now + .seconds(settings.timeoutSeconds)
        var images: [TileKey: [UInt8]] = [:]
        for key in keys { images[key] = cache.tile(key) }
        let missing = keys.filter { images[$0] == nil }
        if !missing.isEmpty {
            let fetched = await fetch(missing, until: deadline)
            for (key, bytes) in fetched.tiles { cache.keep(key, bytes) }
            images.merge(fetched.tiles) { $1 }
            if !fetched.tiles.isEmpty { cache.trim() }
            if let problem = fetched.problem ?? (images.count < keys.count ? "no answer within \(settings.timeoutSeconds) s" : nil) {
                logger.notice("run card drawn without its map: tiles missing", metadata: [
                    "tiles.missing": "\(keys.count - images.count)", "tiles.needed": "\(keys.count)",
                    "tiles.host": "\(host)", "tiles.problem": "\(problem)",
                ])
                return nil
            }
        }
        return MapTiles(images: images, attribution: settings.attribution)
    }

    /// The tile server's host, for the log: a template's query may hold a key (`?apikey=`), its host never does.
    package var host: String {
        URL(string: url(TileKey(z: 0, x: 0, y: 0)))?.host ?? "?"
    }

    /// The URL of one tile: the template with `{z}`, `{x}` and `{y}` filled in.
    package func url(_ key: TileKey) -> String {
        settings.tiles.replacingOccurrences(of: "{z}", with: "\(key.z)").replacingOccurrences(of: "{x}", with: "\(key.x)")
            .replacingOccurrences(of: "{y}", with: "\(key.y)")
    }
}
