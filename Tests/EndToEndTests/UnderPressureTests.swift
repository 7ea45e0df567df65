import Foundation
import HeldWriteLock
import HTTPClient
import SchedulerCore
import Testing

/// Issue 46, the daemon under pressure, each scenario with a real daemon process and a real limit, lock or file system:
/// connections that exhaust descriptors, a database another process holds the lock of, a full disk, a frozen daemon, the
/// sandbox's process gone, a state directory closed to its owner.
@Suite struct UnderPressureTests {
    /// Another process holds the database's write lock while posts come due: status says so (with the post overdue),
    /// a schedule from schedctl and a cancel from the web app are refused naming the lock, the metrics count it, doctor
    /// fails the store; once the lock goes, the posts go out within seconds (the claim loop waits at most 5 s between
    /// tries, not 30) and a change works again.
    @Test(.timeLimit(.minutes(2)))
    func aWriteLockHeldByAnotherProcess_isNamedByStatusScheduleAndDoctor_andPostsGoOutOnceItIsLetGo() async throws {
        let daemon = try DaemonUnderTest("store-locked", config: "[metrics]\nlisten = \"127.0.0.1:0\"\n[web]\nlisten = \"127.0.0.1:0\"\n")
        try await daemon.start()
        let account = try daemon.addSandboxAccount(username: "locked_runner")
        let post = try daemon.schedule("Recovery jog", to: account.reference, at: "in 3s")
        let later = try daemon.schedule("Track session", to: account.reference, at: "in 2h")
        let browser = try await Self.signedInBrowser(daemon)
        let csrf = try #require(WebVisitor.hiddenCSRF(in: try await browser.get("/").bodyText), "the Today page carries the session's token")
        let lock = try HeldWriteLock(path: daemon.stateDirectory + "/schedulerd.sqlite")
        var released = false
        defer { if !released { lock.release() } }

        var status: StatusView?
        try await eventually(timeout: .seconds(30), "status to name the failing store") {
            status = try daemon.schedctl(["status", "--json"]).decode(StatusView.self)
            return status?.store != nil && (status?.nextDue.map { $0.dueAt < Date().addingTimeInterval(-5) } ?? false)
        }
        #expect(status?.store?.cause == "locked" && status?.store?.blocks.first?.hasPrefix("publishing") == true, "\(String(describing: status?.store))")
        let text = Self.unwrapped(try daemon.schedctl(["status"]).stdout)
        #expect(text.contains("store: FAILING since") && text.contains("is locked by another process"), "\(text)")
        #expect(text.contains("next due: post \(post.id) at") && text.contains("(overdue by") && text.contains("the store is failing"), "\(text)")
        let refused = try daemon.schedctl(["schedule", "Hill sprints", "--to", account.reference, "--at", "in 1h"])
        #expect(refused.status == 1 && refused.stderr.contains("locked by another process") && refused.stderr.contains("Nothing was changed"),
                "\(refused.status): \(refused.stderr)")
        let cancel = try await browser.post("/posts/\(later.id)/cancel", [("csrf", csrf), ("confirm", "yes")])
        #expect(cancel.status == 503 && cancel.bodyText.contains("locked by another process") && cancel.bodyText.contains("Nothing was changed"),
                "the web app's door says what schedctl's does: \(cancel.status) \(cancel.bodyText.prefix(600))")
        let metrics = try #require(Self.address(in: daemon.logs, after: "metrics endpoint ready"))
        let scrape = try await CurlHTTPClient().send(HTTPRequest(url: "http://\(metrics)/metrics")).bodyText
        #expect(scrape.contains(#"schedulerd_store_failing{activity="publishing"} 1"#), "\(scrape)")
        #expect(scrape.contains(#"schedulerd_store_failures_total{activity="publishing",cause="locked"}"#))
        let doctor = try daemon.schedctl(["doctor"])
        let store = try daemon.schedctl(["doctor", "--json"]).decode(DoctorReport.self).checks.first { $0.area == "store" }
        #expect(doctor.status != 0 && store?.level == .fail && store?.message.contains("locked by another process") == true, "\(doctor.stdout)")

        lock.release()
        released = true
        let letGo = Date()
        try await eventually(timeout: .seconds(15), "the overdue post to go out once the lock is let go") {
            try daemon.posts(state: "published").map(\.id) == [post.id]
        }
        #expect(Date().timeIntervalSince(letGo) < 8, "out within the capped wait")
        #expect(try daemon.schedctl(["schedule", "Hill sprints", "--to", account.reference, "--at", "in 1h"]).status == 0)
        #expect(try daemon.schedctl(["status", "--json"]).decode(StatusView.self).store == nil, "working again, status says nothing")
        #expect(daemon.logs.contains("the store works again"))
        _ = try await daemon.stop()
    }

    /// The state directory on a file system that fills up (a real tmpfs of its own): status names the full device, a
    /// schedule is refused saying so, and once space is freed the post goes out and nothing was lost.
    @Test(.timeLimit(.minutes(2)))
    func aFullDisk_isNamed_andPostsGoOutOnceThereIsRoom() async throws {
        let mount = TemporaryDirectory("disk-full")
        let device = mount.file("device")
        try FileManager.default.createDirectory(atPath: device, withIntermediateDirectories: true)
        let mounted = try Self.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=16m,mode=0700", "tmpfs", device])
        try #require(mounted.status == 0, "mounting a tmpfs needs root, as CI has: \(mounted.output)")
        defer { _ = try? Self.run("/usr/bin/umount", ["-l", device]) }
        let daemon = try DaemonUnderTest("disk-full", stateDirectory: device + "/state")
        try await daemon.start()
        let account = try daemon.addSandboxAccount(username: "full_runner")
        let post = try daemon.schedule("Long run, 24 km", to: account.reference, at: "in 3s")
        let filler = device + "/filler"
        Self.fill(filler)

        try await eventually(timeout: .seconds(30), "status to name the full disk") {
            try daemon.schedctl(["status", "--json"]).decode(StatusView.self).store?.cause == "disk_full"
        }
        let text = Self.unwrapped(try daemon.schedctl(["status"]).stdout)
        #expect(text.contains("no space left on the device holding \(device)/state"), "\(text)")
        let refused = try daemon.schedctl(["schedule", "Tempo", "--to", account.reference, "--at", "in 1h"])
        #expect(refused.status == 1 && refused.stderr.contains("no space left on the device"), "\(refused.stderr)")

        try FileManager.default.removeItem(atPath: filler)
        try await eventually(timeout: .seconds(15), "the post to go out once there is room") {
            try daemon.posts(state: "published").map(\.id) == [post.id]
        }
        #expect(try daemon.schedctl(["schedule", "Tempo", "--to", account.reference, "--at", "in 1h"]).status == 0)
        _ = try await daemon.stop()
    }

    /// A daemon that does not answer (stopped with SIGSTOP) is said so within 5 s, not after 60.
    @Test(.timeLimit(.minutes(1)))
    func statusOnAFrozenDaemon_saysSoWithinFiveSeconds() async throws {
        let daemon = try DaemonUnderTest("frozen")
        try await daemon.start()
        daemon.process?.signal(SIGSTOP)
        let started = ContinuousClock.now
        let status = try daemon.schedctl(["status"])
        let waited = ContinuousClock.now - started
        daemon.process?.signal(SIGCONT)
        #expect(status.status == 4 && status.stderr.contains("did not answer within 5 s"), "\(status.status): \(status.stderr)")
        #expect(waited < .seconds(8), "waited \(waited)")
        #expect(try daemon.schedctl(["status"]).status == 0, "answers again once it runs")
        _ = try await daemon.stop()
    }

    /// The sandbox's emulations gone (sandboxd killed): status says so and how to bring them back, and doctor names
    /// it instead of blaming DNS, a proxy and a firewall.
    @Test(.timeLimit(.minutes(1)))
    func aSandboxdThatDied_isNamedByStatusAndDoctor() async throws {
        let daemon = try DaemonUnderTest("sandboxd-gone")
        try await daemon.start()
        let pid = try #require(Self.sandboxdPID(in: daemon.logs), "the daemon logs sandboxd's pid: \(daemon.logs)")
        kill(pid, SIGKILL)
        var gone: StatusView.SandboxGone?
        try await eventually(timeout: .seconds(20), "status to say sandboxd is gone") {
            gone = try daemon.schedctl(["status", "--json"]).decode(StatusView.self).sandboxGone
            return gone != nil
        }
        #expect(gone?.how == "killed by signal 9" && gone?.action.contains("restart schedulerd") == true, "\(String(describing: gone))")
        let text = Self.unwrapped(try daemon.schedctl(["status"]).stdout)
        #expect(text.contains("sandbox: GONE: sandboxd exited (killed by signal 9)"), "\(text)")
        let doctor = try daemon.schedctl(["doctor", "--json"]).decode(DoctorReport.self)
        #expect(doctor.checks.contains { $0.area == "sandbox" && $0.level == .fail && $0.message.contains("sandboxd exited (killed by signal 9)") },
                "\(doctor)")
        #expect(!doctor.checks.contains { ($0.action ?? "").contains("DNS") }, "the cause is known: \(doctor)")
        _ = try await daemon.stop()
    }

    /// A state directory of mode 0000 is closed to the daemon's user (the daemon runs on here only because the tests
    /// run as root, whom modes do not stop); doctor says so instead of "ok".
    @Test func aStateDirectoryOfMode0000_failsDoctor() async throws {
        let daemon = try DaemonUnderTest("mode-0000")
        try await daemon.start()
        chmod(daemon.stateDirectory, 0o000)
        defer { chmod(daemon.stateDirectory, 0o700) }
        let doctor = try daemon.schedctl(["doctor", "--json"])
        #expect(doctor.status != 0, "\(doctor.stdout)")
        let finding = try doctor.decode(DoctorReport.self).checks.first { $0.message.hasPrefix("the state directory") }
        #expect(finding?.level == .fail && finding?.message.contains("(mode 0000) is closed to its owner") == true, "\(String(describing: finding))")
        #expect(finding?.action == "chmod 0700 \(daemon.stateDirectory)")
        chmod(daemon.stateDirectory, 0o700)
        _ = try await daemon.stop()
    }

    /// A person signed in to the daemon's web app, as an owner.
    static func signedInBrowser(_ daemon: DaemonUnderTest) async throws -> WebVisitor {
        var web: String?
        try await eventually(timeout: .seconds(20), "the web app listens") {
            web = address(in: daemon.logs, after: "web app ready")
            return web != nil
        }
        let password = "long enough passphrase"
        let added = try daemon.schedctl(["web", "user", "add", "ada", "--role", "owner"], stdin: password + "\n")
        #expect(added.status == 0, "\(added.stderr)")
        let browser = WebVisitor(base: "http://" + web!)
        #expect(try await browser.signIn("ada", password).status == 303)
        return browser
    }

    /// schedctl's text with its lines joined again where it wrapped them to the terminal's width.
    static func unwrapped(_ text: String) -> String {
        text.replacingOccurrences(of: #"\s*\n\s*"#, with: " ", options: .regularExpression)
            .replacingOccurrences(of: #" {2,}"#, with: " ", options: .regularExpression)
    }

    static func sandboxdPID(in logs: String) -> Int32? {
        guard let line = logs.split(separator: "\n").first(where: { $0.contains("sandbox networks started") }),
              let range = line.range(of: #"sandboxd\.pid=[0-9]+"#, options: .regularExpression) else { return nil }
        return Int32(line[range].dropFirst("sandboxd.pid=".count))
    }

    /// Writes to `path` until the file system says there is no room left.
    static func fill(_ path: String) {
        guard let handle = FileHandle(forWritingAtPath: path) ?? {
            FileManager.default.createFile(atPath: path, contents: nil)
            return FileHandle(forWritingAtPath: path)
        }() else { return }
        defer { try? handle.close() }
        let chunk = Data(repeating: 0x55, count: 64 * 1_024)
        while (try? handle.write(contentsOf: chunk)) != nil {}
        let byte = Data([0x55])
        while (try? handle.write(contentsOf: byte)) != nil {}
        try? handle.synchronize()
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    static func address(in logs: String, after marker: String) -> String? {
        guard let line = logs.split(separator: "\n").first(where: { $0.contains(marker) }),
              let range = line.range(of: #"127\.0\.0\.1:[0-9]+"#, options: .regularExpression) else { return nil }
        return String(line[range])
    }
}
