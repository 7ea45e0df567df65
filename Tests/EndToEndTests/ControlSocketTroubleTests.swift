import Foundation
import Testing

/// When the daemon does not answer, schedctl says which of the three usual causes it is (no socket, a socket
/// this user may not open, a socket nothing listens on any more) and what to do, never libcurl's
/// "Failed to connect to localhost port 80".
@Suite(.serialized) struct ControlSocketTroubleTests {
    @Test func noSocketFile_saysSoAndWhereThePathCameFrom_andHowToStartTheDaemon() throws {
        let directory = TemporaryDirectory("no-socket")
        let path = directory.file("control.sock")
        let run = try Schedctl.run(["status"], socket: path)
        #expect(run.status == 4)
        #expect(run.stderr.contains("no socket at \(path), from $SCHEDCTL_SOCKET: is schedulerd running"), "\(run.stderr)")
        #expect(run.stderr.contains("systemctl start schedulerd"))
        #expect(!run.stderr.contains("port 80") && !run.stderr.contains("localhost"), "\(run.stderr)")

        let flag = try Schedctl.run(["status", "--socket", directory.file("missing/dir.sock")], socket: nil)
        #expect(flag.status == 4)
        #expect(flag.stderr.contains("(there is no directory \(directory.file("missing")))") && flag.stderr.contains("from --socket"), "\(flag.stderr)")
    }

    @Test func aSocketLeftByADeadDaemon_isCalledStale_andRestartingIsTheAdvice() async throws {
        let daemon = try DaemonUnderTest("stale-socket")
        try await daemon.start()
        daemon.process?.signal(SIGKILL)
        _ = try await daemon.process?.waitForExit()
        #expect(FileManager.default.fileExists(atPath: daemon.socket), "SIGKILL leaves the socket file behind")

        let run = try daemon.schedctl(["status"])
        #expect(run.status == 4)
        #expect(run.stderr.contains("nothing is listening on \(daemon.socket)") && run.stderr.contains("stale socket"), "\(run.stderr)")
        #expect(run.stderr.contains("Start schedulerd again"))
        #expect(!run.stderr.contains("port 80") && !run.stderr.contains("is it running"), "\(run.stderr)")

        let follow = try daemon.schedctl(["events", "--follow"])
        #expect(follow.status == 4 && follow.stderr.contains("stale socket"), "the event stream says the same: \(follow.stderr)")
    }

    /// Needs root to run schedctl as another user (`setpriv`), as a person without access to the socket would.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func aSocketThisUserMayNotOpen_isPermissionDenied_namingItsOwner_andSudoAsTheWay() async throws {
        let open = TemporaryDirectory("socket-dir")
        chmod(open.path, 0o755)
        let socket = open.file("control.sock")
        let daemon = try DaemonUnderTest("permission", socket: socket)
        try await daemon.start()

        let run = try Self.runAsNobody(["status", "--socket", socket])
        #expect(run.status == 4, "\(run.stderr)")
        #expect(run.stderr.contains("permission denied on schedulerd's socket \(socket) (owner root, group root, mode 0600)"), "\(run.stderr)")
        #expect(run.stderr.contains("run schedctl as root (`sudo schedctl …`)"), "\(run.stderr)")
        #expect(!run.stderr.contains("is it running") && !run.stderr.contains("port 80"), "\(run.stderr)")

        let hidden = try Self.runAsNobody(["status", "--socket", (daemon.stateDirectory as NSString).appendingPathComponent("control.sock")])
        #expect(hidden.status == 4)
        #expect(hidden.stderr.contains("permission denied looking for schedulerd's socket"), "a closed directory on the way: \(hidden.stderr)")
        _ = try await daemon.stop()
    }

    static func runAsNobody(_ arguments: [String]) throws -> SchedctlRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", Products.path("schedctl")] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile(), stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return SchedctlRun(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                           stderr: String(decoding: stderr, as: UTF8.self))
    }
}
