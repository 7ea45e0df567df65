import Foundation
import SchedulerCore
import Testing

/// `schedctl doctor` against a real daemon: every area looked at, a key opened to others found, a stopped daemon said.
@Suite(.serialized) struct DoctorEndToEndTests {
    @Test func doctor_onAHealthySandboxDaemon_looksAtEveryArea_andExitsZero() async throws {
        let daemon = try DaemonUnderTest("doctor")
        try await daemon.start()
        _ = try daemon.addSandboxAccount(username: "doctored")
        let run = try daemon.schedctl(["doctor"], environment: ["COLUMNS": "250"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        for area in ["configuration", "permissions", "key file", "database", "clock", "api version", "token"] {
            #expect(run.stdout.contains("  \(area)"), "no \(area) line in:\n\(run.stdout)")
        }
        #expect(run.stdout.contains("quick_check found nothing wrong"))
        #expect(run.stdout.contains("opens all 1 sealed credential"))
        #expect(!run.stdout.contains("fail "), "\(run.stdout)")
        #expect(run.stdout.contains("warn  configuration") && run.stdout.contains("sandbox mode"), "sandbox mode is worth a warning")

        let json = try daemon.schedctl(["doctor", "--json"])
        let report = try JSONDecoder().decode(DoctorReport.self, from: Data(json.stdout.utf8))
        #expect(report.checks.filter { $0.area == "clock" }.count == 5, "one clock line per network app: X, Graph, LinkedIn, Bluesky, Threads")
        #expect(report.worst == .warn)
        _ = try await daemon.stop()
    }

    @Test func doctor_aKeyFileOpenToOthers_failsWithTheFix_andExitsOne() async throws {
        let daemon = try DaemonUnderTest("doctor-key")
        try await daemon.start()
        let key = (daemon.stateDirectory as NSString).appendingPathComponent("credentials.key")
        #expect(chmod(key, 0o644) == 0)
        let run = try daemon.schedctl(["doctor"], environment: ["COLUMNS": "250"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("fail  key file"), "\(run.stdout)")
        #expect(run.stdout.contains("→ chmod 0600 \(key)"), "\(run.stdout)")
        _ = try await daemon.stop()
    }

    @Test func doctor_withNoDaemon_saysSoAsAFinding_andExitsFour() throws {
        let directory = TemporaryDirectory("doctor-none")
        let run = try Schedctl.run(["doctor"], socket: directory.file("nothing.sock"))
        #expect(run.status == 4)
        #expect(run.stdout.contains("fail  daemon"), "\(run.stdout)")
        #expect(run.stdout.contains("→ start it"), "\(run.stdout)")
    }
}
