import Foundation
import SchedulerCore
import Testing

/// A run from a GPX file: `run-summary` prints its figures and texts without a daemon, and `schedule --run`
/// publishes it to X (the text from the X template, with the picture) and hands it off to Instagram
/// (the caption and the picture in the bundle).
@Suite(.serialized) struct RunSummaryEndToEndTests {
    /// Three laps of a 1 km circle in Paris, 5:00 per km, from 07:30 on Sunday 22 November 2026 (Paris time):
    /// a point every 5 s (60 a lap), heart rate 140…160, elevation rolling ±10 m around 30 m.
    static func loopGPX() -> String {
        let radius = 1_000 / (2 * Double.pi), latitude0 = 48.85, longitude0 = 2.35
        let perLap = 60
        let start = ISO8601DateFormatter().date(from: "2026-11-22T06:30:00Z")!
        let times = ISO8601DateFormatter()
        var points: [String] = []
        for index in 0..<(3 * perLap + 1) {
            let angle = 2 * Double.pi * Double(index % perLap) / Double(perLap)
            let latitude = latitude0 + radius * sin(angle) / 111_320
            let longitude = longitude0 + radius * (1 - cos(angle)) / (111_320 * cos(latitude0 * .pi / 180))
            points.append("""
                <trkpt lat="\(String(format: "%.7f", latitude))" lon="\(String(format: "%.7f", longitude))"><ele>\(String(format: "%.1f", 30 + 10 * sin(angle)))</ele>\
                <time>\(times.string(from: start.addingTimeInterval(Double(index * 5))))</time><extensions><gpxtpx:TrackPointExtension>\
                <gpxtpx:hr>\(140 + index % 21)</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>
                """)
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="schedulerd e2e" xmlns="http://www.topografix.com/GPX/1/1"
                 xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
            <trk><name>Loop</name><trkseg>
            \(points.joined(separator: "\n"))
            </trkseg></trk></gpx>
            """
    }

    @Test func scheduleRun_publishesTheXTextWithThePicture_andHandsOffTheCaptionAndThePicture() async throws {
        let daemon = try DaemonUnderTest("run-summary")
        try await daemon.start()
        let x = try daemon.addSandboxAccount(username: "runner")
        let added = try daemon.schedctl(["accounts", "add", "instagram", "--handoff", "--handle", "club", "--json"])
        #expect(added.status == 0, "\(added.stderr)")
        let file = daemon.directory.file("sunday.gpx")
        try Self.loopGPX().write(toFile: file, atomically: true, encoding: .utf8)
        // The person's own X template; Instagram falls back to the built-in caption.
        let templates = daemon.directory.file("templates")
        try FileManager.default.createDirectory(atPath: templates, withIntermediateDirectories: true)
        try "{{title}}: {{distance}} in {{moving_time}} ({{pace}}){{#hr_avg}}, HR {{hr_avg}}{{/hr_avg}} #e2e".write(
            toFile: templates + "/x.mustache", atomically: true, encoding: .utf8)

        // What run-summary says, without the daemon's help.
        let summary = try Schedctl.run(["run-summary", file, "--tz", "Europe/Paris", "--templates", templates, "--json",
                                        "--to", "x", "instagram", "--image", daemon.directory.file("card.png")], socket: "/nonexistent.sock")
        #expect(summary.status == 0, "\(summary.stderr)")
        let figures = try JSONSerialization.jsonObject(with: Data(summary.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(Set(figures.keys) == ["title", "start", "distance_m", "moving_s", "elapsed_s", "pace_s_per_km", "elevation_gain_m",
                                      "hr_avg", "hr_max", "cadence_spm", "calories", "points", "dropped_points", "dropped_because", "notes", "texts",
                                      "route_points", "hidden_points"])
        #expect(figures["points"] as? Int == 181 && figures["dropped_points"] as? Int == 0)
        #expect(figures["title"] as? String == "Sunday Morning Run")
        #expect(figures["start"] as? String == "2026-11-22T07:30:00+01:00")
        let distance = try #require(figures["distance_m"] as? Double)
        #expect(abs(distance - 3_000) < 30, "three laps of 1 km: \(distance)")
        let moving = try #require(figures["moving_s"] as? Double), elapsed = try #require(figures["elapsed_s"] as? Double)
        #expect(abs(elapsed - 900) < 1 && abs(moving - 900) < 5, "\(moving) \(elapsed)")
        #expect(abs((figures["pace_s_per_km"] as? Double ?? 0) - 300) < 2)
        #expect((figures["elevation_gain_m"] as? Double ?? 0) > 0)
        #expect(figures["hr_max"] as? Int == 160)
        #expect(figures["calories"] is NSNull, "a GPX has no calories")
        let texts = try #require(figures["texts"] as? [String: String])
        #expect(Set(texts.keys) == ["x", "instagram"])
        let xText = try #require(texts["x"]), caption = try #require(texts["instagram"])
        #expect(xText.hasPrefix("Sunday Morning Run: 3.00 km in 15:00 (5:00 /km), HR ") && xText.hasSuffix(" bpm #e2e"), "\(xText)")
        #expect(caption.hasPrefix("Sunday Morning Run 🏃\n") && caption.contains("#running"), "\(caption)")
        let card = try #require(FileManager.default.contents(atPath: daemon.directory.file("card.png")))
        #expect(Array(card.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG")

        // Scheduled through the daemon: the file is read by schedctl, the picture uploaded first.
        let scheduled = try daemon.schedctl(["schedule", "--run", file, "--to", x.reference, "instagram:@club", "--at", "in 2s",
                                             "--tz", "Europe/Paris", "--templates", templates, "--json"])
        #expect(scheduled.status == 0, "\(scheduled.stderr)")
        let post = try scheduled.decode(PostView.self)
        #expect(post.media.count == 1 && post.media.first?.contentType == "image/png")
        #expect(post.media.first?.width == 1_080 && post.media.first?.height == 1_350)
        #expect(post.media.first?.alt == "Route map of Sunday Morning Run: 3.00 km")

        try await eventually(timeout: .seconds(30), "published to X and handed off to Instagram") {
            let deliveries = try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).deliveries
            return deliveries.contains { $0.state == .published } && deliveries.contains { $0.state == .handedOff }
        }
        let received = try daemon.schedctl(["sandbox", "received", "--json"]).decode([JSONValue].self)
        let tweet = try #require(received.first { $0["network"]?.stringValue == "x" && ($0["path"]?.stringValue ?? "").hasSuffix("/2/tweets") })
        #expect(tweet["body"]?["text"]?.stringValue == xText)
        guard case .array(let mediaIDs)? = tweet["body"]?["media"]?["media_ids"] else { Issue.record("X got no media ids"); return }
        #expect(mediaIDs.count == 1)
        let upload = try #require(received.first { $0["network"]?.stringValue == "x" && ($0["path"]?.stringValue ?? "").contains("/2/media/upload") })
        let uploadRecord = String(decoding: try JSONCoding.encoder().encode(upload), as: UTF8.self)
        #expect(uploadRecord.contains("image/png"), "the upload was the PNG: \(uploadRecord)")

        let handoff = try #require(try daemon.schedctl(["handoff", "list", "--json"]).decode([HandoffView].self).first)
        #expect(handoff.account == "instagram:@club")
        #expect(try String(contentsOfFile: handoff.bundle + "/caption.txt", encoding: .utf8) == caption)
        let files = try FileManager.default.contentsOfDirectory(atPath: handoff.bundle)
        let picture = try #require(files.first { $0.hasSuffix(".png") }, "\(files)")
        #expect(FileManager.default.contents(atPath: handoff.bundle + "/" + picture) == card, "the same picture run-summary drew")
        _ = try await daemon.stop()
    }

    @Test func scheduleRunAsAThread_postsTheSummaryThenItsSplitsOnX_withTheActivityLinkAsTheFirstComment() async throws {
        let daemon = try DaemonUnderTest("run-thread")
        try await daemon.start()
        let x = try await daemon.linkAccount("x")
        let file = daemon.directory.file("sunday.gpx")
        try Self.loopGPX().write(toFile: file, atomically: true, encoding: .utf8)

        let scheduled = try daemon.schedctl(["schedule", "--run", file, "--run-thread", "--first-comment", "On the map: https://example.org/a/1",
                                             "--to", x.reference, "--at", "in 2s", "--tz", "Europe/Paris", "--json"])
        #expect(scheduled.status == 0, "\(scheduled.stderr)")
        let post = try scheduled.decode(PostView.self)
        try await eventually(timeout: .seconds(30), "the run's thread on X") { try daemon.posts(state: "published").count == 1 }
        let received = try daemon.schedctl(["sandbox", "received", "--json"]).decode([JSONValue].self)
        let tweets = received.filter { $0["kind"]?.stringValue == "post" && ($0["path"]?.stringValue ?? "").hasSuffix("/2/tweets") }
        #expect(tweets.count == 3, "the summary, its splits, the comment")
        #expect(tweets.first?["text"]?.stringValue == post.text && tweets.first?["media"] != nil, "the summary with the picture first")
        let splits = try #require(tweets.dropFirst().first?["text"]?.stringValue)
        // Three laps of a 1 km circle drawn as 60-sided polygons measure a little under 3 km: two whole kilometres.
        #expect(splits.hasPrefix("Splits (km):\n1 km · 5:0") && splits.contains("\n2 km · 5:0"), "\(splits)")
        #expect(tweets.last?["text"]?.stringValue == "On the map: https://example.org/a/1")
        #expect(tweets.last?["reply_to"]?.stringValue == tweets.dropFirst().first?["remote_id"]?.stringValue, "the comment ends the thread")
        _ = try await daemon.stop()
    }

    @Test func scheduleRun_toAnInstagramGraphAccount_sendsTheCardAsA1080By1350JPEG() async throws {
        let daemon = try DaemonUnderTest("run-summary-graph")
        try await daemon.start()
        let instagram = try await daemon.linkAccount("instagram")
        let file = daemon.directory.file("sunday.gpx")
        try Self.loopGPX().write(toFile: file, atomically: true, encoding: .utf8)

        let scheduled = try daemon.schedctl(["schedule", "--run", file, "--to", instagram.reference, "--at", "in 2s", "--tz", "Europe/Paris", "--json"])
        #expect(scheduled.status == 0, "\(scheduled.stderr)")
        try await eventually(timeout: .seconds(30), "the run to be published on Instagram") {
            try daemon.posts(state: "published").count == 1
        }
        let received = try daemon.schedctl(["sandbox", "received", "--json"]).decode([JSONValue].self)
        let container = try #require(received.first { ($0["path"]?.stringValue ?? "").hasSuffix("/media") })
        #expect(container["fetched"]?["content_type"]?.stringValue == "image/jpeg")
        #expect(container["fetched"]?["width"] == .integer(1080) && container["fetched"]?["height"] == .integer(1350))
        #expect(container["body"]?["caption"]?.stringValue?.contains("#running") == true)
        _ = try await daemon.stop()
    }

    /// The loop with a point at 0,0, one 300 km off and one whose time goes back an hour, and its first point written
    /// again at the end (a "single point" glued on after the run).
    static func loopGPXWithBadPoints() -> String {
        var lines = loopGPX().components(separatedBy: "\n")
        let points = lines.indices.filter { lines[$0].hasPrefix("<trkpt") }
        lines[points[40]] = lines[points[40]].replacingOccurrences(of: #"lat="[0-9.]+" lon="[0-9.]+""#, with: #"lat="0" lon="0""#,
                                                                     options: .regularExpression)
        lines[points[80]] = lines[points[80]].replacingOccurrences(of: #"lat="48\.8"#, with: #"lat="51.5"#, options: .regularExpression)
        lines[points[120]] = lines[points[120]].replacingOccurrences(of: "T06:", with: "T05:")
        return lines.joined(separator: "\n")
    }

    @Test func runSummary_leavesOutImpossibleGPSPoints_andSaysHowMany() throws {
        let directory = TemporaryDirectory("run-bad-gps")
        let file = directory.file("bad-gps.gpx")
        try Self.loopGPXWithBadPoints().write(toFile: file, atomically: true, encoding: .utf8)
        let json = try Schedctl.run(["run-summary", file, "--tz", "Europe/Paris", "--to", "x", "--json"], socket: "/nonexistent.sock")
        #expect(json.status == 0, "\(json.stderr)")
        let figures = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(figures["points"] as? Int == 181 && figures["dropped_points"] as? Int == 3)
        #expect(figures["dropped_because"] as? [String: Int] == ["zero_position": 1, "too_fast": 1, "time_out_of_order": 1])
        let distance = try #require(figures["distance_m"] as? Double)
        #expect(abs(distance - 3_000) < 30, "three laps of 1 km, not a trip to Africa: \(distance)")
        #expect(abs((figures["pace_s_per_km"] as? Double ?? 0) - 300) < 3)

        let text = try Schedctl.run(["run-summary", file, "--tz", "Europe/Paris", "--to", "x"], socket: "/nonexistent.sock")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("\nleft out 3 of 181 track points as impossible GPS: 1 at 0°N 0°E; "
            + "1 too far from the points around it (faster than 12 m/s); 1 with a time out of order\n"), "\(text.stdout)")
        #expect(text.stdout.contains("Sunday Morning Run: 3.00 km in 15:00 (5:00 /km)"), "\(text.stdout)")

        // Nothing sensible left: refused, exit 2, naming the file; no picture written.
        let single = directory.file("single.gpx")
        let lines = Self.loopGPX().components(separatedBy: "\n")
        try lines.filter { !$0.hasPrefix("<trkpt") || $0 == lines.first { $0.hasPrefix("<trkpt") } }.joined(separator: "\n")
            .write(toFile: single, atomically: true, encoding: .utf8)
        let refused = try Schedctl.run(["run-summary", single, "--image", directory.file("single.png")], socket: "/nonexistent.sock")
        #expect(refused.status == 2, "\(refused.stdout) \(refused.stderr)")
        #expect(refused.stderr.contains(single + ": has a single track point: a run needs at least two, at different times"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("single.png")))
    }

    @Test func runSummaryImage_isWrittenInTheFormatItsExtensionNames_orRefused() throws {
        let directory = TemporaryDirectory("run-image")
        let file = directory.file("loop.gpx")
        try Self.loopGPX().write(toFile: file, atomically: true, encoding: .utf8)
        let jpegMagic: [UInt8] = [0xFF, 0xD8, 0xFF], pngMagic: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        for (name, magic, said) in [("card.jpg", jpegMagic, "JPEG"), ("card.JPEG", jpegMagic, "JPEG"), ("card.png", pngMagic, "PNG")] {
            let image = directory.file(name)
            let run = try Schedctl.run(["run-summary", file, "--to", "x", "--image", image], socket: "/nonexistent.sock")
            #expect(run.status == 0, "\(name): \(run.stderr)")
            let bytes = try #require(FileManager.default.contents(atPath: image), "\(name) written")
            #expect(Array(bytes.prefix(magic.count)) == magic, "\(name) starts with \(Array(bytes.prefix(8)))")
            #expect(run.stdout.contains("wrote the picture to \(image) (1080×1350 \(said))"), "\(run.stdout)")
        }
        for name in ["card.webp", "card"] {
            let image = directory.file(name)
            let run = try Schedctl.run(["run-summary", file, "--image", image], socket: "/nonexistent.sock")
            #expect(run.status == 2, "\(name): \(run.stdout) \(run.stderr)")
            #expect(run.stderr.contains("--image \(image):") && run.stderr.contains(".png (PNG) or .jpg/.jpeg (JPEG)"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: image), "nothing written for \(name)")
            #expect(run.stdout.isEmpty, "no texts printed before the refusal: \(run.stdout)")
        }
    }

    @Test func badFiles_andTextWithRun_areRefusedWithExit2() async throws {
        let directory = TemporaryDirectory("run-bad")
        let broken = directory.file("broken.gpx")
        try "<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"48.8\" lon=\"2.3\"><time>2026-11-22T06:30:00Z".write(
            toFile: broken, atomically: true, encoding: .utf8)
        let summary = try Schedctl.run(["run-summary", broken], socket: "/nonexistent.sock")
        #expect(summary.status == 2, "\(summary.stdout) \(summary.stderr)")
        #expect(summary.stderr.contains(broken), "\(summary.stderr)")
        let missing = try Schedctl.run(["run-summary", directory.file("missing.gpx"), "--json"], socket: "/nonexistent.sock")
        #expect(missing.status == 2 && missing.stderr.contains(directory.file("missing.gpx")), "\(missing.stderr)")

        // Refused before the daemon is asked anything: nothing listens on this socket.
        let scheduled = try Schedctl.run(["schedule", "--run", broken, "--to", "x:@runner", "--at", "in 1h"], socket: "/nonexistent.sock")
        #expect(scheduled.status == 2 && scheduled.stderr.contains(broken), "\(scheduled.stderr)")
        let both = try Schedctl.run(["schedule", "Text too", "--run", broken, "--to", "x:@runner", "--at", "in 1h"], socket: "/nonexistent.sock")
        #expect(both.status == 2 && both.stderr.contains("give one of the post's TEXT, --run FILE"), "\(both.stderr)")

        let template = directory.file("templates")
        try FileManager.default.createDirectory(atPath: template, withIntermediateDirectories: true)
        try "{{#hr_avg}}HR {{hr_avg}}".write(toFile: template + "/x.mustache", atomically: true, encoding: .utf8)
        let good = directory.file("good.gpx")
        try Self.loopGPX().write(toFile: good, atomically: true, encoding: .utf8)
        let badTemplate = try Schedctl.run(["run-summary", good, "--to", "x", "--templates", template], socket: "/nonexistent.sock")
        #expect(badTemplate.status == 2 && badTemplate.stderr.contains(template + "/x.mustache"), "\(badTemplate.stderr)")
    }
}
