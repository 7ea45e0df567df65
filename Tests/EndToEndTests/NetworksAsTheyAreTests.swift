import Foundation
import HTTPClient
import SchedulerCore
import Testing

/// The networks as their 2026 references describe them, through real `schedulerd`, `schedctl` and `sandboxd`
/// processes: LinkedIn apps with only the self-serve products, retired LinkedIn versions, Graph's Business Use
/// Case throttling, and X's pay-per-use credits running out.
@Suite(.serialized) struct NetworksAsTheyAreTests {
    /// `YYYYMM` of the month `offset` months from now (UTC): always a version the sandbox LinkedIn serves for 0 to -11.
    static func linkedInVersion(monthsFromNow offset: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month], from: calendar.date(byAdding: .month, value: offset, to: Date())!)
        return String(format: "%04d%02d", parts.year!, parts.month!)
    }

    @Test(.timeLimit(.minutes(2)))
    func aMemberLinksWithAShareAndOpenIDApp_andAnOrganizationWithACommunityManagementApp_eachPublishingWithTheConfiguredVersion() async throws {
        let version = Self.linkedInVersion(monthsFromNow: -1)
        // What most apps have: "Share on LinkedIn" and "Sign In with OpenID Connect".
        let ordinary = try await SandboxUnderTest(directory: TemporaryDirectory("li-ordinary-sandbox"))
        let member = try DaemonUnderTest("li-member", sandbox: ordinary, networks: ["linkedin": "version = \"\(version)\""])
        try await member.start()
        let link = try await member.link("linkedin") { url in try await Browser.approve(url + "&sandbox_user=li_member") }
        #expect(link.status == 0, "\(link.stderr)")
        let scope = URLComponents(string: link.url)?.queryItems?.first { $0.name == "scope" }?.value ?? ""
        #expect(scope == "openid profile w_member_social", "no organization scope is asked of an ordinary app")
        let account = try JSONCoding.decoder().decode(AccountView.self, from: Data(link.stdout.utf8))
        let refused = try await member.link("linkedin", ["--organization", "90000001"]) { url in try await Browser.approve(url) }
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("Community Management API"), "\(refused.stderr)")
        _ = try member.schedule("Member post \(UUID().uuidString.prefix(6))", to: account.reference, at: "in 1s")
        try await eventually(timeout: .seconds(20), "the member's post to be published") { try member.posts(state: "published").count == 1 }
        let share = try #require(try await ordinary.received().first { $0["path"]?.stringValue == "/rest/posts" })
        #expect(share["version"]?.stringValue == version)
        #expect(share["body"]?["author"]?.stringValue == account.remoteId)
        _ = try await member.stop()

        let community = try await SandboxUnderTest(directory: TemporaryDirectory("li-community-sandbox"), arguments: ["--linkedin-products", "share,openid,community"])
        let club = try DaemonUnderTest("li-organization", sandbox: community, networks: ["linkedin": "version = \"\(version)\""])
        try await club.start()
        let organization = try await community.linkedInOrganization(of: "li_admin")
        let linked = try await club.linkAccount("linkedin", as: "li_admin", extra: ["--organization", organization])
        #expect(linked.remoteId == organization)
        _ = try club.schedule("Club post \(UUID().uuidString.prefix(6))", to: linked.reference, at: "in 1s")
        try await eventually(timeout: .seconds(20), "the organization's post to be published") { try club.posts(state: "published").count == 1 }
        let clubShare = try #require(try await community.received().first { $0["path"]?.stringValue == "/rest/posts" })
        #expect(clubShare["body"]?["author"]?.stringValue == organization)
        #expect(clubShare["version"]?.stringValue == version)
        _ = try await club.stop()
    }

    @Test(.timeLimit(.minutes(2)))
    func aRetiredLinkedInVersion_pausesLinkedInWithOneEvent_failsNothing_andAfterTheFixAndARestartThePostsGoOut() async throws {
        let sandbox = try await SandboxUnderTest(directory: TemporaryDirectory("li-retired-sandbox"))
        let daemon = try DaemonUnderTest("li-retired", sandbox: sandbox, networks: ["linkedin": "version = \"202411\""])
        try await daemon.start()
        let warning = try #require(try await daemon.status().warnings?.first)
        #expect(warning.hasPrefix("networks.linkedin.version = 202411 was retired on 2025-11-01"))
        #expect(daemon.logs.contains("configured API version is retired or retires soon"))
        let linkedin = try await daemon.linkAccount("linkedin", as: "li_retired")
        let x = try await daemon.linkAccount("x", as: "li_retired_x")
        let tag = UUID().uuidString.prefix(6)
        let texts = ["Retired \(tag) one", "Retired \(tag) two"]
        let posts = try texts.map { try daemon.schedule($0, to: linkedin.reference, at: "in 1s") }
        let elsewhere = try daemon.schedule("Retired \(tag) on X", to: x.reference, at: "in 1s")

        try await eventually(timeout: .seconds(20), "X to publish and LinkedIn to pause") {
            let status = try await daemon.status()
            return status.paused?.networks.map(\.network) == [.linkedin] && status.deliveries["published"] == 1
        }
        #expect(try daemon.posts(state: "published").map(\.id) == [elsewhere.id], "other networks are unaffected")
        let status = try await daemon.status()
        #expect(status.deliveries["failed"] == nil && status.deliveries["scheduled"] == 2, "\(status.deliveries)")
        let pause = try #require(status.paused?.networks.first)
        #expect(pause.reason.contains("API version 202411") && pause.remedy?.contains("[networks.linkedin]") == true)
        let shown = try daemon.schedctl(["status"], environment: ["COLUMNS": "250"]).stdout
        #expect(shown.contains("paused:     LinkedIn since") && shown.contains("warning:    networks.linkedin.version = 202411"), "\(shown)")
        let events = try daemon.schedctl(["events", "--json", "--last", "50"]).decode([EventView].self)
        #expect(events.filter { $0.event == "network_paused" }.count == 1, "one event, however many posts wait")
        #expect(events.contains { $0.event == "api_version" && $0.network == "linkedin" })
        #expect(try await sandbox.rejected().contains { $0["status"] == .integer(426) })
        _ = try await daemon.stop()

        try daemon.writeConfiguration("")
        try await daemon.start()
        try await eventually(timeout: .seconds(20), "the waiting LinkedIn posts to go out after the fix") {
            try await daemon.status().deliveries["published"] == 3
        }
        #expect(try await daemon.status().warnings == nil)
        let shares = try await sandbox.received().filter { $0["path"]?.stringValue == "/rest/posts" }
        #expect(shares.compactMap { $0["text"]?.stringValue }.sorted() == texts.sorted(), "each once")
        var attempts: [HistoryView.Attempt] = []
        for post in posts {
            let history = try daemon.schedctl(["history", "\(post.id)", "--json"]).decode(HistoryView.self)
            let delivery = try #require(history.deliveries.first)
            #expect(delivery.attempts.last?.outcome == "published")
            attempts += delivery.attempts
        }
        #expect(attempts.contains { $0.errorClass == "app_blocked" && $0.httpStatus == 426 }, "the refusal is in the history")
        _ = try await daemon.stop()
    }

    /// Graph throttles Page tokens with 80001 and Instagram with 80002 (HTTP 400), saying in whole minutes when
    /// access comes back: the posts wait that long, then go out once; none fails. Takes a little over a minute.
    @Test(.timeLimit(.minutes(4)))
    func graphThrottling80001And80002_isWaitedOut_andEachPostGoesOutOnce() async throws {
        let sandbox = try await SandboxUnderTest(directory: TemporaryDirectory("graph-throttle-sandbox"))
        let daemon = try DaemonUnderTest("graph-throttle", sandbox: sandbox)
        try await daemon.start()
        let facebook = try await daemon.linkAccount("facebook", as: "throttled_fb")
        let instagram = try await daemon.linkAccount("instagram", as: "throttled_ig")
        let picture = try await daemon.uploadMedia(Fixtures.path("run-4x5.jpg"))
        try await sandbox.setFaults(#"{"rate":1,"kinds":["rate_limit"],"reset_seconds":1}"#)
        let tag = UUID().uuidString.prefix(6)
        let due = "in 1s"  // read by the daemon when it stores each post, never before
        _ = try await daemon.schedule(SchedulePostRequest(text: "Throttled \(tag) page", to: [facebook.reference], at: due))
        _ = try await daemon.schedule(SchedulePostRequest(text: "Throttled \(tag) gram", to: [instagram.reference], at: due,
                                                          media: [MediaReference(id: picture)]))
        try await eventually(timeout: .seconds(20), "both networks to throttle") {
            Set(try await sandbox.record("faults").compactMap { $0["network"]?.stringValue }) == ["facebook", "instagram"]
        }
        try await sandbox.setFaults(#"{"rate":0}"#)
        // The sandbox records a fault as it answers; the daemon stores the outcome a moment later, in its next
        // group commit, so the retrying state is waited for. It lasts the announced minute, far past the deadline.
        try await eventually(timeout: .seconds(20), "both deliveries to wait for the regain time, not fail") {
            try await daemon.status().deliveries["retrying"] == 2
        }
        try await eventually(timeout: .seconds(150), "both posts to go out once access is regained") {
            try await daemon.status().deliveries["published"] == 2
        }
        let faults = try await sandbox.record("faults")
        let count = PublicationCount(scheduled: ["Throttled \(tag) page", "Throttled \(tag) gram"], received: try await sandbox.received(), unknown: 0)
        #expect(count.once == 2 && count.duplicates == 0)
        var histories: [HistoryView] = []
        for post in try daemon.posts() { histories.append(try daemon.schedctl(["history", "\(post.id)", "--json"]).decode(HistoryView.self)) }
        #expect(histories.flatMap(\.deliveries).allSatisfy { $0.state == .published })
        let throttled = histories.flatMap(\.deliveries).flatMap(\.attempts).filter { $0.errorClass == "rate_limited" }.compactMap(\.excerpt)
        #expect(throttled.contains { $0.contains("\"code\":80001") } && throttled.contains { $0.contains("\"code\":80002") }, "\(throttled)")
        // Each network was throttled once; its delivery was not tried again before the regain time it announced.
        for delivery in histories.flatMap(\.deliveries) {
            let network = delivery.account.hasPrefix("instagram:") ? "instagram" : "facebook"
            let reset = try #require(faults.first { $0["network"]?.stringValue == network }?["reset_at"]?.stringValue.flatMap(RFC3339.parse))
            let retry = try #require(delivery.attempts.dropFirst().first)
            #expect(retry.startedAt >= reset.addingTimeInterval(-0.001), "\(delivery.account) retried at \(retry.startedAt), before \(reset)")
        }
        _ = try await daemon.stop()
    }

    @Test(.timeLimit(.minutes(2)))
    func xCreditsDepleted_pausesXWithAnEvent_otherNetworksGoOn_andResumeAfterTopUpPublishesOnce() async throws {
        let sandbox = try await SandboxUnderTest(directory: TemporaryDirectory("x-credits-sandbox"))
        let daemon = try DaemonUnderTest("x-credits", sandbox: sandbox)
        try await daemon.start()
        let x = try await daemon.linkAccount("x", as: "broke_x")
        let facebook = try await daemon.linkAccount("facebook", as: "broke_fb")
        try await sandbox.setFaults(#"{"rate":1,"kinds":["credits_depleted"]}"#)
        let tag = UUID().uuidString.prefix(6)
        let onX = try daemon.schedule("Credits \(tag) X", to: x.reference, at: "in 1s")
        _ = try daemon.schedule("Credits \(tag) Page", to: facebook.reference, at: "in 1s")

        try await eventually(timeout: .seconds(20), "X to pause and Facebook to publish") {
            let status = try await daemon.status()
            return status.paused?.networks.map(\.network) == [.x] && status.deliveries["published"] == 1
        }
        let pause = try #require(try await daemon.status().paused?.networks.first)
        #expect(pause.reason.contains("credits") && pause.remedy?.contains("schedctl resume --network x") == true)
        #expect(try daemon.schedctl(["show", "\(onX.id)", "--json"]).decode(PostView.self).deliveries.first?.state == .scheduled)
        let events = try daemon.schedctl(["events", "--json", "--last", "50"]).decode([EventView].self)
        #expect(events.contains { $0.event == "network_paused" && $0.network == "x" && $0.confirm?.contains("resume --network x") == true })

        try await sandbox.setFaults(#"{"rate":0}"#)
        _ = try await CurlHTTPClient().send(HTTPRequest(method: "POST", url: sandbox.url + "/_sandbox/x/credits"))
        let resumed = try daemon.schedctl(["resume", "--network", "x"])
        #expect(resumed.status == 0 && resumed.stdout == "resumed network X\nnothing is paused now\n", "\(resumed.stdout) \(resumed.stderr)")
        try await eventually(timeout: .seconds(20), "the X post to go out") { try await daemon.status().deliveries["published"] == 2 }
        let count = PublicationCount(scheduled: ["Credits \(tag) X", "Credits \(tag) Page"], received: try await sandbox.received(), unknown: 0)
        #expect(count.once == 2 && count.duplicates == 0)
        #expect(try daemon.schedctl(["resume", "--network", "myspace"]).status == 2, "an unknown network is bad input")
        _ = try await daemon.stop()
    }

    @Test(.timeLimit(.minutes(1)))
    func aDryRun_showsTheAltTextWhereEachNetworkTakesIt_andOnlyANetworksOwnLimitRefusesIt() async throws {
        let daemon = try DaemonUnderTest("alt-dry-run")
        try await daemon.start()
        let targets = [try await daemon.linkAccount("x"), try await daemon.linkAccount("facebook"), try await daemon.linkAccount("linkedin"),
                       try await daemon.linkAccount("instagram")].map(\.reference)
        let run = try daemon.schedctl(["schedule", "Trail run", "--at", "in 1h", "--media", Fixtures.path("run-4x5.jpg"), "--alt", "A forest trail",
                                       "--dry-run", "--json"] + targets.flatMap { ["--to", $0] })
        let preview = try run.decode(DryRunView.self)
        func request(_ network: Network) -> JSONValue? { preview.deliveries.first { $0.network == network }?.request }
        #expect(request(.x)?["POST /2/media/metadata"]?.arrayFirst?["metadata"]?["alt_text"]?["text"]?.stringValue == "A forest trail")
        #expect(request(.facebook)?["alt_text_custom"]?.stringValue == "A forest trail")
        #expect(request(.linkedin)?["content"]?["media"]?["altText"]?.stringValue == "A forest trail")
        #expect(request(.instagram)?["alt_text"]?.stringValue == "A forest trail")

        let long = String(repeating: "a", count: 1_001)
        let refused = try daemon.schedctl(["schedule", "Trail run", "--at", "in 1h", "--media", Fixtures.path("run-4x5.jpg"), "--alt", long,
                                           "--to", targets[0], "--to", targets[1]])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("over X's limit of 1000") && !refused.stderr.contains("Facebook"), "\(refused.stderr)")
        let facebookOnly = try daemon.schedctl(["schedule", "Trail run", "--at", "in 1h", "--media", Fixtures.path("run-4x5.jpg"), "--alt", long,
                                                "--to", targets[1], "--dry-run"])
        #expect(facebookOnly.status == 0, "Facebook documents no limit, so none is imposed: \(facebookOnly.stderr)")
        _ = try await daemon.stop()
    }
}

extension JSONValue {
    /// The first element, when this is a non-empty array.
    var arrayFirst: JSONValue? {
        guard case .array(let elements) = self else { return nil }
        return elements.first
    }
}
