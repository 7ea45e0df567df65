import Foundation
import RunSummary

/// `[runs]`: runs that arrive by themselves (the inbox folder and its rules), what of a run is never shown (privacy
/// zones, the first and last metres), and the map drawn under the route.
package struct RunsConfiguration: Sendable {
    /// The folder the daemon watches for finished runs; nil, no inbox.
    package var inbox: String?
    /// How long a file a writer closed must stay unchanged before it is read: synced folders write in several goes.
    /// A file renamed into the folder is complete at once.
    package var settleSeconds: Double = 2
    /// The zone a run's times are read in (its title, an `at` rule's day): the runner's, else the daemon's.
    package var timeZone: TimeZone?
    package var units: Units = .metric
    /// What becomes of a file, by the first rule whose `match` fits its name.
    package var rules: [InboxRule] = []
    /// What of the route is never drawn.
    package var privacy = RunPrivacy()
    /// `[runs.map]`: tiles under the route; nil, none.
    package var map: RunMapSettings?

    package init() {}
}

/// `[[runs.rules]]`: which files, to which accounts, when, with which templates.
package struct InboxRule: Sendable, Equatable {
    /// A shell-style pattern on the file's name (`*.fit`, `club-*`); `*` takes every file.
    package var match: String = "*"
    /// Account references as `schedctl schedule --to` takes them.
    package var to: [String]
    package var when: InboxTiming
    /// A templates directory as `schedctl --templates` takes; nil, the built-in texts.
    package var templates: String?
    /// The splits as a thread after the first part.
    package var thread: Bool = false

    package init(match: String = "*", to: [String], when: InboxTiming, templates: String? = nil, thread: Bool = false) {
        self.match = match; self.to = to; self.when = when; self.templates = templates; self.thread = thread
    }
}

/// When a run from the inbox is posted.
package enum InboxTiming: Sendable, Equatable, CustomStringConvertible {
    /// Kept as a draft for a person to finish.
    case draft
    /// At this wall-clock time on the run's day in the runner's zone (the next day when that time has passed).
    case at(hour: Int, minute: Int)
    /// This long after the run ended.
    case after(seconds: Int)
    /// At the first account's queue's next free slot.
    case nextSlot

    /// `draft`, `19:00`, `+2h`, `next-slot`.
    package static func parse(_ text: String) -> InboxTiming? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch trimmed {
        case "draft": return .draft
        case "next-slot": return .nextSlot
        default: break
        }
        if trimmed.hasPrefix("+") {
            guard let seconds = DurationText.seconds(String(trimmed.dropFirst())), seconds > 0 else { return nil }
            return .after(seconds: seconds)
        }
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count <= 2, parts[1].count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]),
              (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        return .at(hour: hour, minute: minute)
    }

    package var description: String {
        switch self {
        case .draft: "draft"
        case .nextSlot: "next-slot"
        case let .at(hour, minute): String(format: "%02d:%02d", hour, minute)
        case let .after(seconds): "+\(seconds)s"
        }
    }
}

/// `[runs.map]`: map tiles drawn under the route, from a tile server that allows it, with its attribution.
package struct RunMapSettings: Sendable, Equatable {
    /// `https://tile.openstreetmap.org/{z}/{x}/{y}.png`: the three placeholders are required.
    package var tiles: String
    /// Drawn on the card; tile servers' licences require it (OpenStreetMap: "© OpenStreetMap contributors").
    package var attribution: String
    /// Where fetched tiles are kept; `state_dir/tiles` when unset.
    package var cacheDirectory: String?
    /// The cache's size limit; the least recently used tiles go first.
    package var cacheMaxBytes: Int = 100 * 1_024 * 1_024
    /// How long the tiles of one card may take in all; past it the card is drawn without the map.
    package var timeoutSeconds: Int = 5

    /// `tiles = "sandbox"`: in sandbox mode, the sandbox's own made-up tiles (`GET /tiles/{z}/{x}/{y}.png` on its X
    /// port), for drawing maps offline; refused without `--sandbox`.
    package static let sandboxTiles = "sandbox"
    /// The attribution the sandbox's tiles get when none is given.
    package static let sandboxAttribution = "Sandbox tiles, not a real map"

    package init(tiles: String, attribution: String) {
        self.tiles = tiles
        self.attribution = attribution
    }
}
