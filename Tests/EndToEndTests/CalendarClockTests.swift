import Foundation
import Testing

/// Which week `schedctl calendar` asks for without `--from`: the one holding the daemon's today, in the daemon's zone,
/// read from `GET /v1/clock` (not the whole status, which counts every waiting delivery to answer), or from the status
/// of an older daemon that has no such route. Against a stand-in socket (`Fixtures/fake_control_socket.py`), since a
/// real daemon's clock is this machine's and it cannot be made to answer as an older one would.
@Suite struct CalendarClockTests {
    /// Sunday 2031-03-09 23:30 in UTC is Monday 2031-03-10 13:30 at Kiritimati (UTC+14): the week of the 10th there, the
    /// week of the 3rd here.
    static let now = "2031-03-09T23:30:00.000Z"
    static let zone = "Pacific/Kiritimati"
    static let week = "/v1/calendar/days?from=2031-03-10&days=7&zone=Pacific/Kiritimati&per_day=12"

    @Test(.timeLimit(.minutes(1)))
    func withoutFrom_theWeekIsTheDaemonsToday_fromItsClock_withoutTheStatus() async throws {
        let asked = try await pathsAsked(routes: [
            "/v1/clock": [200, ["now": Self.now, "zone": Self.zone]],
            "/v1/calendar/days": [200, [String]()],
        ])
        #expect(asked == ["/v1/clock", Self.week])
    }

    @Test(.timeLimit(.minutes(1)))
    func anOlderDaemonWithoutTheClock_isAskedForItsStatus_andTheWeekIsTheSame() async throws {
        let status: [String: Any] = [
            "version": "0.3.0", "started_at": Self.now, "now": Self.now, "sandbox": false, "deliveries": [String: Int](),
            "accounts_needing_attention": [String](), "zone": Self.zone,
        ]
        let asked = try await pathsAsked(routes: ["/v1/status": [200, status], "/v1/calendar/days": [200, [String]()]])
        #expect(asked == ["/v1/clock", "/v1/status", Self.week])
    }

    /// Runs `schedctl calendar --json` on this machine in UTC against the stand-in answering `routes`, and returns the
    /// paths it asked for, in order.
    private func pathsAsked(routes: [String: Any]) async throws -> [String] {
        let directory = TemporaryDirectory("calendar-clock")
        let socket = directory.file("control.sock"), log = directory.file("asked.log")
        try JSONSerialization.data(withJSONObject: routes).write(to: URL(fileURLWithPath: directory.file("routes.json")))
        let fake = try ChildProcess("/usr/bin/python3", [Fixtures.path("fake_control_socket.py"), socket, directory.file("routes.json"), log],
                                    logDirectory: directory.path, name: "fake-daemon")
        defer { fake.signal(SIGTERM) }
        try await eventually("the stand-in to listen on \(socket)") { FileManager.default.fileExists(atPath: socket) || !fake.process.isRunning }
        #expect(fake.process.isRunning, "the stand-in exited: \(fake.stderr)")
        let run = try Schedctl.run(["calendar", "--json"], socket: socket, environment: ["TZ": "UTC"])
        #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
        let asked = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return asked.split(separator: "\n").map(String.init)
    }
}
