import ArgumentParser
import Foundation
import RunCard
import RunPosts
import RunSummary
import SchedulerCore

struct RunSummaryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run-summary",
        abstract: "Summarise a GPX, TCX or FIT run and print each network's text; needs no daemon.",
        discussion: """
            Texts come from <dir>/<network>.mustache (\(Network.typedNames(joinedBy: "and"))) in the templates directory \
            (--templates, else $SCHEDCTL_TEMPLATES, else $XDG_CONFIG_HOME/schedulerd/templates or \
            ~/.config/schedulerd/templates, else /etc/schedulerd/templates), or the built-in ones.
            Examples:
              schedctl run-summary morning.gpx
              schedctl run-summary morning.gpx --to x --to instagram --image card.png
              schedctl run-summary morning.gpx --units imperial
              schedctl run-summary treadmill.tcx --title "Intervals" --json
            A FIT file's totals (distance, timer time, ascent, heart rate, calories) are the watch's own, where they can be right.
            Impossible GPS points (at 0,0, faster than 12 m/s, a time out of order) are left out and counted.
            The picture never draws the first and last 200 m of the route (--hide-start-end-m) nor any point inside a \
            --privacy-zone; the figures still count them. The daemon applies its own [runs] privacy_zones and \
            hide_start_end_m to every picture it draws.
            Exits 2 when the file or a template cannot be used, or nothing sensible is left of the run.
            """)

    @Argument(help: "The run: a GPX 1.1 track, a TCX activity or a FIT activity file from the watch (found by its .FIT signature).")
    var file: String

    @Option(name: .long, parsing: .upToNextOption, help: "Networks to write for: \(Network.typedNames()) (default: every network).")
    var to: [String] = []

    @Option(help: "Write the picture of the run (1080×1350) to this file: a PNG for .png, a JPEG for .jpg or .jpeg.")
    var image: String?

    @Option(help: "metric (km, min/km, m) or imperial (mi, min/mi, ft).")
    var units: Units = .metric

    @Option(help: "The post's title instead of the generated one (\"Sunday Morning Run\").")
    var title: String?

    @Option(help: "The runner's IANA time zone, for the start time and the title (default: this machine's).")
    var tz: String?

    @Option(help: "The templates directory.")
    var templates: String?

    @Option(name: .customLong("run-number"), help: "Which run of a FIT file holding several (a multi-sport day), from 1.")
    var runNumber: Int?

    @Option(name: .customLong("privacy-zone"), help: "A circle the picture never draws: LAT,LON or LAT,LON,RADIUS_M (200 m when not given); repeat for several.")
    var privacyZones: [PrivacyZoneArgument] = []

    @Option(name: .customLong("hide-start-end-m"), help: "Metres at each end of the route the picture never draws (0-10000).")
    var hideStartEnd = 200

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        for network in to { _ = try NetworkArgument.parse(network) }
        if let image { _ = try Self.imageFormat(image) }
        guard (0...10_000).contains(hideStartEnd) else { throw ValidationError("--hide-start-end-m must be between 0 and 10000; got \(hideStartEnd).") }
    }

    var privacy: RunPrivacy { RunPrivacy(zones: privacyZones.map(\.zone), hideStartEndMeters: Double(hideStartEnd)) }

    /// The picture's format, from the file's extension: writing JPEG bytes under `.png` (or the reverse) makes a file
    /// that viewers and uploads misread, so any other extension is refused before anything is read or written.
    static func imageFormat(_ path: String) throws -> RunCard.Format {
        switch (path as NSString).pathExtension.lowercased() {
        case "png": return .png
        case "jpg", "jpeg": return .jpeg
        case "": throw ValidationError("--image \(path): name the picture's file with .png (PNG) or .jpg/.jpeg (JPEG)")
        case let other:
            throw ValidationError("--image \(path): cannot write a .\(other) picture; name the file with .png (PNG) or .jpg/.jpeg (JPEG)")
        }
    }

    func run() async throws {
        let networks = to.isEmpty ? Network.allCases : try to.map(NetworkArgument.parse)
        let run = try RunPost.read(file, tz: tz, title: title, templates: templates, runNumber: runNumber)
        var texts: [(Network, String)] = []
        for network in networks where !texts.contains(where: { $0.0 == network }) {
            texts.append((network, try run.text(for: network, units: units)))
        }
        let imageFormat = try image.map(Self.imageFormat)
        if let image, let imageFormat {
            let bytes = try run.picture(units: units, format: imageFormat, privacy: privacy)
            guard FileManager.default.createFile(atPath: image, contents: Data(bytes)) else {
                throw CLIError(exitCode: ExitCodes.failure, message: "cannot write the picture to \(image)")
            }
        }
        if options.json {
            return try Output.json(RunSummaryJSON(run.summary, texts: texts, hidden: privacy.visibleRoute(run.summary.route).hiddenPoints))
        }
        let summary = run.summary
        print("\(summary.title): \(RunFormat.distance(summary.distanceMeters, units)) in \(RunFormat.duration(summary.movingSeconds))"
            + " (\(summary.pointCount) points, started \(RunSummaryJSON.start(summary)))")
        let dropped = summary.droppedPoints
        if dropped.total > 0 {
            print("left out \(dropped.total) of \(summary.pointCount) track points as impossible GPS: \(dropped.reasons)")
        }
        for note in summary.notes { print("note: \(note)") }
        let hidden = privacy.visibleRoute(summary.route).hiddenPoints
        if hidden > 0 { print("the picture hides \(hidden) of the route's \(summary.route.count) points (the first and last metres, privacy zones)") }
        for (network, text) in texts {
            print("\n== \(network.rawValue) (\(RunTexts.length(text, network: network)) of \(RunTexts.maxLength(network)) characters as \(network.displayName) counts them) ==")
            print(text)
        }
        if let image, let imageFormat {
            print("\nwrote the picture to \(image) (\(RunCard.width)×\(RunCard.height) \(imageFormat == .png ? "PNG" : "JPEG"))")
        }
    }
}

extension Units: ExpressibleByArgument {}

/// A run read from the person's file, with its texts and its picture: `run-summary` writes them here, with no daemon;
/// `schedule --run` sends the summary and the templates to the daemon, which writes them.
struct RunPost {
    let path: String
    let summary: RunSummary
    let texts: RunTexts

    /// Reads and summarises the file; a bad file or templates directory is bad input (exit 2) naming the file.
    static func read(_ path: String, tz: String?, title: String?, templates: String?, runNumber: Int? = nil) throws -> RunPost {
        // The same zone `schedule` reads TIME in: --tz, else this machine's.
        let zone = try ClientZone.resolve(tz).zone
        let directory: RunTemplates
        do { directory = try RunTemplates.resolve(option: templates) } catch { throw CLIError.badInput(error.description) }
        do {
            return RunPost(path: path, summary: try RunFile.summarize(path: path, timeZone: zone, title: title, runNumber: runNumber), texts: RunTexts(templates: directory))
        } catch {
            throw CLIError.badInput(error.description)
        }
    }

    func text(for network: Network, units: Units) throws -> String {
        do { return try texts.text(for: network, summary: summary, units: units) } catch let error as RunTemplateError {
            throw CLIError.badInput(error.description)
        }
    }

    func picture(units: Units, format: RunCard.Format = .png, privacy: RunPrivacy) throws -> [UInt8] {
        do { return try RunCard.render(summary, units: units, format: format, privacy: privacy) } catch {
            throw CLIError(exitCode: ExitCodes.failure, message: "cannot draw the picture of \(path): \(error)")
        }
    }

    /// The person's templates, read to be sent with `POST /v1/runs` (the daemon never reads their files), by network name.
    func templateSources() throws -> [String: RunTemplateSource]? {
        let read: [Network: RunTemplateSource]
        do { read = try texts.templates.read() } catch { throw CLIError.badInput(error.description) }
        return read.isEmpty ? nil : Dictionary(uniqueKeysWithValues: read.map { ($0.key.rawValue, $0.value) })
    }
}

/// `run-summary --json`: the figures (null where the file has no such data) and the texts by network name.
struct RunSummaryJSON: Encodable {
    let summary: RunSummary
    let texts: [(Network, String)]
    /// The route's points the picture leaves out for privacy.
    let hidden: Int

    init(_ summary: RunSummary, texts: [(Network, String)], hidden: Int) {
        self.summary = summary
        self.texts = texts
        self.hidden = hidden
    }

    enum CodingKeys: String, CodingKey {
        case title, start, texts, calories, points
        case hidden = "hidden_points", routePoints = "route_points"
        case dropped = "dropped_points", droppedBecause = "dropped_because", cadence = "cadence_spm", notes
        case distance = "distance_m", moving = "moving_s", elapsed = "elapsed_s", pace = "pace_s_per_km"
        case elevationGain = "elevation_gain_m", hrAverage = "hr_avg", hrMax = "hr_max"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(summary.title, forKey: .title)
        try container.encode(Self.start(summary), forKey: .start)
        try container.encode(Self.tenths(summary.distanceMeters), forKey: .distance)
        try container.encode(Self.tenths(summary.movingSeconds), forKey: .moving)
        try container.encode(Self.tenths(summary.elapsedSeconds), forKey: .elapsed)
        try container.encode(summary.paceSecondsPerKilometre.map(Self.tenths), forKey: .pace)
        try container.encode(summary.elevationGainMeters.map(Self.tenths), forKey: .elevationGain)
        try container.encode(summary.heartRateAverage, forKey: .hrAverage)
        try container.encode(summary.heartRateMax, forKey: .hrMax)
        try container.encode(summary.cadenceAverage, forKey: .cadence)
        try container.encode(summary.calories, forKey: .calories)
        try container.encode(summary.pointCount, forKey: .points)
        try container.encode(summary.route.count, forKey: .routePoints)
        try container.encode(hidden, forKey: .hidden)
        let dropped = summary.droppedPoints
        try container.encode(dropped.total, forKey: .dropped)
        try container.encode(["zero_position": dropped.zeroPosition, "too_fast": dropped.tooFast,
                              "time_out_of_order": dropped.timeOutOfOrder], forKey: .droppedBecause)
        try container.encode(summary.notes, forKey: .notes)
        try container.encode(Dictionary(texts.map { ($0.0.rawValue, $0.1) }, uniquingKeysWith: { first, _ in first }), forKey: .texts)
    }

    /// RFC 3339 with the runner's offset: `2026-11-22T07:31:05+01:00`.
    static func start(_ summary: RunSummary) -> String {
        RunFormat.rfc3339(summary.start, timeZone: summary.timeZone)
    }

    private static func tenths(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}

/// `--privacy-zone 48.85,2.35,250`: a circle the picture never draws.
struct PrivacyZoneArgument: ExpressibleByArgument {
    let zone: PrivacyZone

    init?(argument: String) {
        let parts = argument.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard (2...3).contains(parts.count), let lat = parts[0], let lon = parts[1], (-90...90).contains(lat), (-180...180).contains(lon) else { return nil }
        let radius = parts.count == 3 ? parts[2] : 200
        guard let radius, (10...50_000).contains(radius) else { return nil }
        zone = PrivacyZone(center: Coordinate(latitude: lat, longitude: lon), radiusMeters: radius)
    }

    static var defaultCompletionKind: CompletionKind { .default }
}
