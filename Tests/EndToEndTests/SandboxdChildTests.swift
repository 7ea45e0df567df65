import Foundation
import HTTPClient
import Testing

/// `schedulerd --sandbox` starts `sandboxd` (the same program by its other name) beside itself, which never outlives it.
@Suite(.serialized) struct SandboxdChildTests {
    @Test func sigkillingTheDaemon_endsItsSandboxd() async throws {
        let daemon = try DaemonUnderTest("sandboxd-kill")
        try await daemon.start()
        let process = try #require(daemon.process)
        let sandboxd = try #require(ProcessTable.children(of: process.process.processIdentifier).first { $0.name == "sandboxd" })
        let xURL = try #require(Self.loggedURL("sandbox.x", in: daemon.logs))
        let http = CurlHTTPClient()
        defer { http.shutdown() }
        #expect(try await http.send(HTTPRequest(url: xURL + "/_sandbox/received")).status == 200)

        process.signal(SIGKILL)
        try await process.waitForExit()
        try await eventually(timeout: .seconds(10), "sandboxd (pid \(sandboxd.pid)) to end after its daemon was killed") {
            ProcessTable.hasEnded(sandboxd.pid)
        }
        await #expect(throws: HTTPClientError.self, "nothing listens on the sandbox's port any more") {
            _ = try await http.send(HTTPRequest(url: xURL + "/_sandbox/received", timeout: .seconds(2)))
        }
    }

    @Test func sandboxModeWithoutSandboxdBesideIt_exitsWithAnErrorNamingWhereItLooked_orUsesTheOneOnPATH() async throws {
        let directory = TemporaryDirectory("no-sandboxd")
        let alone = directory.file("bin")
        try FileManager.default.createDirectory(atPath: alone, withIntermediateDirectories: true)
        let executable = (alone as NSString).appendingPathComponent("schedulerd")
        // A hard link is another path to the same file, and /proc/self/exe names the path it was started by; copying
        // 150 MB is the fallback across file systems.
        do { try FileManager.default.linkItem(atPath: Products.path("schedulerd"), toPath: executable) } catch {
            try FileManager.default.copyItem(atPath: Products.path("schedulerd"), toPath: executable)
        }
        let emptyPath = directory.file("empty-path")
        try FileManager.default.createDirectory(atPath: emptyPath, withIntermediateDirectories: true)

        let child = try ChildProcess(executable, ["--sandbox", "--state-dir", directory.file("state")], environment: ["PATH": emptyPath],
                                     logDirectory: directory.path, name: "schedulerd")
        #expect(try await child.waitForExit() == 69, "EX_UNAVAILABLE: \(child.stderr)")
        #expect(child.stderr.contains("no executable sandboxd at \((alone as NSString).appendingPathComponent("sandboxd")) (beside schedulerd)"))
        #expect(child.stderr.contains("nor in PATH (\(emptyPath))"))
        #expect(child.stderr.contains("`ln -s schedulerd sandboxd` beside it"))

        let socket = directory.file("state/control.sock")
        let found = try ChildProcess(executable, ["--sandbox", "--state-dir", directory.file("state")],
                                     environment: ["PATH": "\(emptyPath):\(Products.directory.path)"], logDirectory: directory.path, name: "found")
        try await eventually("schedulerd to start with the sandboxd on PATH") {
            guard found.process.isRunning else { throw E2EError("schedulerd exited: \(found.stderr)") }
            return try Schedctl.run(["status"], socket: socket).status == 0
        }
        let sandboxd = try #require(ProcessTable.children(of: found.process.processIdentifier).first { $0.name == "sandboxd" })
        // The sandboxd on PATH is a link to the one program: the process runs schedulerd's file under sandboxd's name.
        #expect(ProcessTable.executable(of: sandboxd.pid) == Products.path("schedulerd"))
        #expect(ProcessTable.calledAs(sandboxd.pid) == Products.path("sandboxd"), "the sandboxd found on PATH")
        found.signal(SIGTERM)
        #expect(try await found.waitForExit() == 0)
    }

    /// One program, three names (issue 49): each name runs its own command line, and any other name the daemon.
    @Test func theOneProgram_runsTheCommandItsNameSays() async throws {
        let directory = TemporaryDirectory("names")
        let nightly = directory.file("schedulerd-nightly")
        try FileManager.default.createSymbolicLink(atPath: nightly, withDestinationPath: Products.path("schedulerd"))
        let calls = [("schedulerd", Products.path("schedulerd")), ("schedctl", Products.path("schedctl")),
                     ("sandboxd", Products.path("sandboxd")), ("schedulerd", nightly)]
        for (index, (command, path)) in calls.enumerated() {
            let child = try ChildProcess(path, ["--help"], logDirectory: directory.path, name: "help-\(index)")
            #expect(try await child.waitForExit() == 0, "\(path) --help: \(child.stderr)")
            #expect(child.stdout.contains("USAGE: \(command) "), "\(path) should run \(command): \(child.stdout.prefix(200))")
        }
        for link in ["schedctl", "sandboxd"] {
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: Products.path(link)) == "schedulerd")
        }
    }

    /// A URL the daemon logged as metadata, such as `sandbox.x=http://127.0.0.1:PORT`.
    static func loggedURL(_ key: String, in logs: String) -> String? {
        guard let range = logs.range(of: "\(key)=") else { return nil }
        return String(logs[range.upperBound...].prefix { !$0.isWhitespace && $0 != "]" && $0 != "," })
    }
}
