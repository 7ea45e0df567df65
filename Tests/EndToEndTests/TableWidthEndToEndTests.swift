import Foundation
import HTTPClient
import SchedulerCore
import Testing

/// Issue 25, bug 8, against a real daemon: at 80 columns (`COLUMNS`, as in a pipe) every human table schedctl prints
/// fits, and `list` shows each delivery on its own line with its state whole; `list` shows every time in one zone,
/// named in its header.
@Suite struct TableWidthEndToEndTests {
    static let longText = "Kyiv Run Club Sunday long run: 24 km along the Dnipro, meet at the Pedestrian Bridge at 07:00, pace groups 5:00 to 6:30"

    @Test(.timeLimit(.minutes(2)))
    func everyHumanTable_fits80Columns_andEveryDeliveryStateIsWhole() async throws {
        let daemon = try DaemonUnderTest("tables-fit", config: #"timezone = "Europe/Kyiv""#)
        try await daemon.start()
        let x = try daemon.addSandboxAccount(username: "kyiv_run_club")
        let instagram = try daemon.schedctl(["accounts", "add", "instagram", "--handoff", "--handle", "kyiv_run_club_official_account", "--json"])
            .decode(AccountView.self)
        let picture = Fixtures.path("run-4x5.jpg")
        let post = try daemon.schedule(Self.longText, to: x.reference, at: "in 2h", extra: ["--to", instagram.reference, "--media", picture])
        let draft = try daemon.schedctl(["schedule", "Draft: " + Self.longText, "--to", x.reference, instagram.reference, "--media", picture, "--draft"])
        #expect(draft.status == 0, "\(draft.stderr)")
        let slots = try daemon.schedctl(["slots", "set", x.reference, "mon-fri", "07:30,12:15,18:45", "sat", "09:00,17:30", "sun", "10:00",
                                         "--tz", "Europe/Kyiv"])
        #expect(slots.status == 0, "\(slots.stderr)")

        let commands: [[String]] = [["list"], ["list", "--state", "all"], ["accounts", "list", "--all"], ["drafts"], ["status"], ["doctor"],
                                    ["queue"], ["slots"], ["history", "\(post.id)"], ["handoff", "list"], ["sandbox", "received"]]
        for command in commands {
            let run = try daemon.schedctl(command, environment: ["COLUMNS": "80"])
            #expect(run.status == 0, "\(command): \(run.stderr)")
            let tooWide = run.stdout.split(separator: "\n").filter { $0.count > 80 }
            #expect(tooWide.isEmpty, "schedctl \(command.joined(separator: " ")) at 80 columns:\n\(tooWide.joined(separator: "\n"))")
        }

        let list = try daemon.schedctl(["list"], environment: ["COLUMNS": "80"]).stdout.split(separator: "\n")
        let rows = list.drop { !$0.hasPrefix("\(post.id) ") }.prefix(2)
        #expect(rows.count == 2 && rows.first?.contains("x:@kyiv_run_club") == true && rows.last?.contains("instagram:@kyiv") == true,
                "one line per delivery:\n\(list.joined(separator: "\n"))")
        #expect(rows.allSatisfy { ($0 + "  ").contains("  scheduled  ") }, "each delivery's state whole:\n\(list.joined(separator: "\n"))")
        _ = try await daemon.stop()
    }

    /// Issue 25: `list` showed each post in its own zone, so a page kept in several zones looked unsorted.
    @Test(.timeLimit(.minutes(2)))
    func list_showsEveryTimeInOneZone_namedInItsHeader() async throws {
        let daemon = try DaemonUnderTest("list-zone", config: #"timezone = "Europe/Kyiv""#)
        try await daemon.start()
        let club = try daemon.addSandboxAccount(username: "zones")
        let paris = try daemon.schedule("Kept in Paris", to: club.reference, at: "tomorrow 07:30", extra: ["--tz", "Europe/Paris"])
        let newYork = try daemon.schedule("Kept in New York", to: club.reference, at: "tomorrow 07:30", extra: ["--tz", "America/New_York"])
        func wallClock(_ post: PostView, _ zone: String) -> String {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: zone)!
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: post.dueAt!)
            return String(format: "%04d-%02d-%02d %02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!)
        }
        // The daemon says its zone on every answer, so `list` reads it from the page it asked for.
        let page = try await CurlHTTPClient().send(HTTPRequest(url: "http://localhost/v1/posts?limit=1", unixSocketPath: daemon.socket))
        #expect(page.header("Schedulerd-Zone") == "Europe/Kyiv")
        let list = try daemon.schedctl(["list"], environment: ["COLUMNS": "120"])
        #expect(list.stdout.hasPrefix("ID  DUE (Europe/Kyiv)  "), "the daemon's zone, named once: \(list.stdout)")
        for post in [paris, newYork] {
            #expect(list.stdout.contains("\(post.id)\(post.id < 10 ? " " : "")  \(wallClock(post, "Europe/Kyiv"))  "), "\(list.stdout)")
        }
        #expect(!list.stdout.contains("Europe/Paris") && !list.stdout.contains("America/New_York"), "\(list.stdout)")
        let utc = try daemon.schedctl(["list", "--tz", "UTC"], environment: ["COLUMNS": "120"])
        #expect(utc.stdout.hasPrefix("ID  DUE (UTC)  ") && utc.stdout.contains(wallClock(paris, "UTC")), "\(utc.stdout)")
        #expect(try daemon.schedctl(["list", "--tz", "Mars/Olympus"]).status == 2)
        _ = try await daemon.stop()
    }
}
