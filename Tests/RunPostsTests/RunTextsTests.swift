import Foundation
import NetworkRules
import RunPosts
import RunSummary
import SchedulerCore
import Testing

/// A 10.02 km Sunday morning run in Paris with every figure, or without the optional ones.
func sampleSummary(title: String = "Sunday Morning Run", full: Bool = true) -> RunSummary {
    let zone = TimeZone(identifier: "Europe/Paris")!
    let start = ISO8601DateFormatter().date(from: "2026-11-22T06:31:05Z")!
    var summary = RunSummary(title: title, start: start, timeZone: zone, distanceMeters: 10_020, movingSeconds: 3_133,
                             elapsedSeconds: full ? 3_260 : 3_133, paceSecondsPerKilometre: 3_133 / 10.02,
                             elevationGainMeters: full ? 85.2 : nil, heartRateAverage: full ? 148 : nil, heartRateMax: full ? 172 : nil,
                             cadenceAverage: full ? 172 : nil, calories: full ? 612 : nil,
                             route: [Coordinate(latitude: 48.85, longitude: 2.35), Coordinate(latitude: 48.86, longitude: 2.36)], pointCount: 2)
    if full {
        // The fastest whole kilometre is the 4th (4:58), the fastest whole mile the 3rd (8:00).
        summary.kilometreSplitSeconds = [318, 315, 312, 298.4, 313, 314, 312, 316, 318, 311]
        summary.mileSplitSeconds = [505, 503, 480.2, 506, 504, 507]
    }
    return summary
}

@Suite struct RunTextsTests {
    let texts = RunTexts()

    @Test func xDefault_isTheShortLine() throws {
        let text = try texts.text(for: .x, summary: sampleSummary(), units: .metric)
        #expect(text == "Sunday Morning Run: 10.02 km in 52:13 (5:13 /km), 85 m up, HR 148 bpm. #running")
        #expect(XTextRules.weightedLength(text) <= 280)
    }

    @Test func everyDefault_isWithinItsNetworksLimits() throws {
        for network in Network.allCases {
            for summary in [sampleSummary(), sampleSummary(full: false)] {
                for units in Units.allCases {
                    let text = try texts.text(for: network, summary: summary, units: units)
                    let rules = NetworkRules.of(network)
                    #expect(rules.text.count(text) <= rules.text.maxLength, "\(network) \(units): \(text)")
                    #expect(rules.problems(with: PublishRequest(text: text)).filter { !$0.contains("image") }.isEmpty, "\(network): \(text)")
                    #expect(RunTexts.hashtagCount(text) <= 30)
                    #expect(!text.contains("{{") && !text.hasSuffix("\n") && !text.contains("\n\n\n"))
                }
            }
        }
    }

    @Test func facebookAndLinkedIn_listTheFigures() throws {
        let text = try texts.text(for: .facebook, summary: sampleSummary(), units: .metric)
        #expect(text == """
            Sunday Morning Run
            Sunday 22 November 2026, 07:31

            Distance: 10.02 km
            Moving time: 52:13 (54:20 elapsed)
            Average pace: 5:13 /km
            Fastest km: 4:58
            Elevation gain: 85 m
            Heart rate: 148 bpm average, 172 bpm max
            Calories: 612 kcal
            """)
        let linkedin = try texts.text(for: .linkedin, summary: sampleSummary(), units: .metric)
        #expect(linkedin.hasPrefix(text) && linkedin.hasSuffix("\n\n#running"))
    }

    @Test func instagram_isACaptionWithHashtags() throws {
        let text = try texts.text(for: .instagram, summary: sampleSummary(), units: .metric)
        #expect(text.hasPrefix("Sunday Morning Run 🏃\n10.02 km in 52:13 · 5:13 /km\n"))
        #expect(text.contains("#running #run "))
        #expect(text.count <= 2_200)
        #expect((1...30).contains(RunTexts.hashtagCount(text)))
    }

    @Test func imperialUnits_useMilesFeetAndMinutesPerMile() throws {
        let x = try texts.text(for: .x, summary: sampleSummary(), units: .imperial)
        #expect(x == "Sunday Morning Run: 6.23 mi in 52:13 (8:23 /mi), 280 ft up, HR 148 bpm. #running")
        let facebook = try texts.text(for: .facebook, summary: sampleSummary(), units: .imperial)
        #expect(facebook.contains("Distance: 6.23 mi") && facebook.contains("Fastest mile: 8:00") && facebook.contains("Elevation gain: 280 ft"))
        #expect(!facebook.contains("km"))
        let values = RunTextContext.values(sampleSummary(), units: .imperial)
        #expect(values["distance_unit"] == "mi" && values["pace_unit"] == "min/mi" && values["elevation_unit"] == "ft")
    }

    @Test func absentFigures_areLeftOut() throws {
        let summary = sampleSummary(full: false)
        let values = RunTextContext.values(summary, units: .metric)
        for key in ["hr_avg", "hr_max", "calories", "elevation_gain", "fastest_split", "cadence", "paused"] { #expect(values[key] == nil, "\(key)") }
        #expect(try texts.text(for: .x, summary: summary, units: .metric) == "Sunday Morning Run: 10.02 km in 52:13 (5:13 /km). #running")
        let facebook = try texts.text(for: .facebook, summary: summary, units: .metric)
        #expect(facebook == """
            Sunday Morning Run
            Sunday 22 November 2026, 07:31

            Distance: 10.02 km
            Moving time: 52:13
            Average pace: 5:13 /km
            """)
        let instagram = try texts.text(for: .instagram, summary: summary, units: .metric)
        #expect(!instagram.contains("❤️") && !instagram.contains("⛰️") && !instagram.contains("🔥"))
    }

    @Test func aFlatRun_saysNothingOfClimbing_inAnyText() throws {
        var flat = sampleSummary()
        flat.elevationGainMeters = 0.1  // smoothed GPS noise: nothing worth saying, in metres or in feet
        for units in Units.allCases {
            #expect(RunTextContext.values(flat, units: units)["elevation_gain"] == nil)
            for network in Network.allCases {
                let text = try texts.text(for: network, summary: flat, units: units)
                #expect(!text.contains("0 m") && !text.contains("0 ft") && !text.contains("up,") && !text.contains("Elevation")
                        && !text.contains("climbing"), "\(network) \(units): \(text)")
            }
        }
        #expect(try texts.text(for: .x, summary: flat, units: .metric) == "Sunday Morning Run: 10.02 km in 52:13 (5:13 /km), HR 148 bpm. #running")
        flat.elevationGainMeters = 0.6  // 1 m (2 ft): said
        #expect(try texts.text(for: .x, summary: flat, units: .metric).contains(", 1 m up,"))
    }

    @Test func aVeryLongTitle_stillFitsX_countedTheXWay() throws {
        for title in [String(repeating: "Long Run ", count: 60), String(repeating: "日曜日の朝のラン", count: 30), String(repeating: "🏃🏽‍♀️", count: 200),
                      "https://example.com/" + String(repeating: "a", count: 400) + " " + String(repeating: "word ", count: 80)] {
            let text = try texts.text(for: .x, summary: sampleSummary(title: title), units: .metric)
            #expect(XTextRules.weightedLength(text) <= 280, "\(XTextRules.weightedLength(text)): \(text)")
            #expect(text.contains("…") && text.contains("10.02 km in 52:13"), "\(text)")
            #expect(text.hasSuffix("#running"))
        }
        // Short enough with the heart rate dropped: the title is kept whole.
        let nearly = String(repeating: "x", count: 230)
        let text = try texts.text(for: .x, summary: sampleSummary(title: nearly), units: .metric)
        #expect(text.hasPrefix(nearly + ":") && !text.contains("HR") && XTextRules.weightedLength(text) <= 280, "\(text)")
    }

    @Test func aTooLongCustomTemplate_isCutToFit() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try String(repeating: "{{distance}} ", count: 100).write(toFile: directory + "/x.mustache", atomically: true, encoding: .utf8)
        try (String(repeating: "#tag ", count: 40) + "{{title}}").write(toFile: directory + "/instagram.mustache", atomically: true, encoding: .utf8)
        let custom = RunTexts(templates: RunTemplates(directory: directory))
        let x = try custom.text(for: .x, summary: sampleSummary(), units: .metric)
        #expect(XTextRules.weightedLength(x) <= 280 && x.hasSuffix("…"))
        let instagram = try custom.text(for: .instagram, summary: sampleSummary(), units: .metric)
        #expect(RunTexts.hashtagCount(instagram) == 30)
    }

    @Test func aCustomTemplate_fromTheDirectory_isUsed_andMissingOnesFallBack() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "Ran {{distance}} at {{pace}}{{#hr_avg}} ♥ {{hr_avg}}{{/hr_avg}} — {{title}} & co".write(
            toFile: directory + "/x.mustache", atomically: true, encoding: .utf8)
        let custom = RunTexts(templates: try RunTemplates.resolve(option: directory, environment: [:]))
        #expect(try custom.text(for: .x, summary: sampleSummary(), units: .metric) == "Ran 10.02 km at 5:13 /km ♥ 148 bpm — Sunday Morning Run & co")
        #expect(try custom.text(for: .facebook, summary: sampleSummary(), units: .metric) == texts.text(for: .facebook, summary: sampleSummary(), units: .metric))
    }

    @Test func theTemplatesDirectory_comesFromTheOption_theVariable_XDG_thenEtc() throws {
        let one = try temporaryDirectory(), two = try temporaryDirectory(), config = try temporaryDirectory()
        defer { for directory in [one, two, config] { try? FileManager.default.removeItem(atPath: directory) } }
        try FileManager.default.createDirectory(atPath: config + "/schedulerd/templates", withIntermediateDirectories: true)
        #expect(try RunTemplates.resolve(option: one, environment: ["SCHEDCTL_TEMPLATES": two]).directory == one)
        #expect(try RunTemplates.resolve(option: nil, environment: ["SCHEDCTL_TEMPLATES": two, "XDG_CONFIG_HOME": config]).directory == two)
        #expect(try RunTemplates.resolve(option: nil, environment: ["XDG_CONFIG_HOME": config]).directory == config + "/schedulerd/templates")
        #expect(try RunTemplates.resolve(option: nil, environment: ["HOME": config + "/nothing"]).directory
            == (FileManager.default.fileExists(atPath: "/etc/schedulerd/templates") ? "/etc/schedulerd/templates" : nil))
        #expect(throws: RunTemplateError(path: one + "/missing", problem: "no such templates directory")) {
            try RunTemplates.resolve(option: one + "/missing", environment: [:])
        }
    }

    @Test func aBrokenTemplate_isNamedInTheError_withTheProblem() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "{{title}}\n{{#hr_avg}}HR {{hr_avg}}{{/hr_max}}\n".write(toFile: directory + "/linkedin.mustache", atomically: true, encoding: .utf8)
        try "{{title}}\n\n{{#hr_avg}}HR {{hr_avg}}\n".write(toFile: directory + "/facebook.mustache", atomically: true, encoding: .utf8)
        try "{{title".write(toFile: directory + "/instagram.mustache", atomically: true, encoding: .utf8)
        let custom = RunTexts(templates: RunTemplates(directory: directory))
        let mismatched = try #require(throws: RunTemplateError.self) { try custom.text(for: .linkedin, summary: sampleSummary(), units: .metric) }
        #expect(mismatched.path == directory + "/linkedin.mustache")
        #expect(mismatched.description.hasPrefix(directory + "/linkedin.mustache: line 2"), "\(mismatched)")
        #expect(mismatched.problem.contains("does not match"), "\(mismatched)")
        let unclosed = try #require(throws: RunTemplateError.self) { try custom.text(for: .facebook, summary: sampleSummary(), units: .metric) }
        #expect(unclosed.path == directory + "/facebook.mustache" && unclosed.problem.contains("never closed"), "\(unclosed)")
        let unfinished = try #require(throws: RunTemplateError.self) { try custom.text(for: .instagram, summary: sampleSummary(), units: .metric) }
        #expect(unfinished.path == directory + "/instagram.mustache" && unfinished.problem.contains("line 1") && unfinished.problem.contains("not finished"),
                "\(unfinished)")
        // The others still work.
        #expect(try custom.text(for: .x, summary: sampleSummary(), units: .metric).hasPrefix("Sunday Morning Run: "))
    }

    /// Issue 25: `{{nonexistent}}` rendered as nothing, silently; it is refused naming the keys there are, sections and
    /// dotted names of known keys still work, and a template written with Windows line endings gives `\n` lines.
    @Test func anUnknownKey_isRefusedNamingTheKeys_andCRLFLinesAreRead() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "{{title}}\r\n{{#hr_avg}}HR {{hr_avg}}{{/hr_avg}} {{ nonexistent }}".write(toFile: directory + "/x.mustache", atomically: true, encoding: .utf8)
        try "{{title}}\r\n{{^hr_max}}no max{{/hr_max}}{{! a comment }}\r\n{{{distance}}} {{&pace}}".write(
            toFile: directory + "/linkedin.mustache", atomically: true, encoding: .utf8)
        let custom = RunTexts(templates: RunTemplates(directory: directory))
        let unknown = try #require(throws: RunTemplateError.self) { try custom.text(for: .x, summary: sampleSummary(), units: .metric) }
        #expect(unknown.problem.hasPrefix("line 2: {{ nonexistent }} names no figure of a run; the keys are title, date, time, distance"), "\(unknown)")
        let linkedin = try custom.text(for: .linkedin, summary: sampleSummary(), units: .metric)
        #expect(!linkedin.contains("\r") && linkedin.hasPrefix("Sunday Morning Run\n") && linkedin.contains("10.02 km 5:13 /km"), "\(linkedin)")
        for network in Network.allCases { _ = try RunTemplates().template(for: network) }
    }

    @Test func aRunsSplits_becomeThreadPartsThatEachFitX_withTheFastestMarked() throws {
        var summary = sampleSummary()
        summary.kilometreSplitSeconds = (0..<42).map { 300 + Double($0 % 7) }
        summary.kilometreSplitSeconds[10] = 280
        let parts = RunThread.splitParts(summary, units: .metric)
        #expect(parts.count > 1, "a marathon's 42 splits take more than one post")
        #expect(parts.allSatisfy { RunTexts.fits($0, network: .x) })
        #expect(parts[0].hasPrefix("Splits (km):\n1 km · 5:00"))
        #expect(parts.joined().contains("11 km · 4:40 ⚡"))
        #expect(parts.joined(separator: "\n").components(separatedBy: " km · ").count - 1 == 42, "every split once")
        summary.kilometreSplitSeconds = []
        #expect(RunThread.splitParts(summary, units: .metric).isEmpty)
    }
}

/// A fresh directory; the test removes it when it ends.
func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "runposts-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
