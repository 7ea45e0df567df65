import Foundation
import HTTPClient
import Testing

/// `schedulerd --sandbox` carries no emulation code: it starts `sandboxd` beside itself, which never outlives it.
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
        #expect(child.stderr.contains("swift build --product sandboxd"))

        let socket = directory.file("state/control.sock")
        let found = try ChildProcess(executable, ["--sandbox", "--state-dir", directory.file("state")],
                                     environment: ["PATH": "\(emptyPath):\(Products.directory.path)"], logDirectory: directory.path, name: "found")
        try await eventually("schedulerd to start with the sandboxd on PATH") {
            guard found.process.isRunning else { throw E2EError("schedulerd exited: \(found.stderr)") }
            return try Schedctl.run(["status"], socket: socket).status == 0
        }
        let sandboxd = try #require(ProcessTable.children(of: found.process.processIdentifier).first { $0.name == "sandboxd" })
        #expect(ProcessTable.executable(of: sandboxd.pid) == Products.path("sandboxd"))
        found.signal(SIGTERM)
        #expect(try await found.waitForExit() == 0)
    }

    @Test func schedulerdBinary_carriesNoEmulationCode_whileSandboxdDoes() async throws {
        let directory = TemporaryDirectory("symbols")
        let inSchedulerd = try await Self.sandboxSymbols(in: "schedulerd", directory: directory)
        let inSandboxd = try await Self.sandboxSymbols(in: "sandboxd", directory: directory)
        #expect(inSandboxd.count > 1_000, "sandboxd carries the emulations (\(inSandboxd.count) symbols of module Sandbox)")
        #expect(inSchedulerd.isEmpty, "schedulerd links module Sandbox: \(inSchedulerd.prefix(5))")
    }

    /// The symbols of module Sandbox that `nm` lists for a built product: Swift mangles its declarations `$s7Sandbox…`
    /// (SandboxContract's are `$s15SandboxContract…`). grep picks them out of nm's 200,000 lines, cheaply.
    private static func sandboxSymbols(in product: String, directory: TemporaryDirectory) async throws -> [Substring] {
        let nm = try ChildProcess("/bin/sh", ["-c", #"nm "$1" | grep ' [$]s7Sandbox'"#, "sh", Products.path(product)],
                                  logDirectory: directory.path, name: "nm-\(product)")
        try await nm.waitForExit(timeout: .seconds(60))
        #expect(nm.stderr.isEmpty, "nm failed (a missing nm says so here, and sandboxd then shows none): \(nm.stderr)")
        return nm.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").last }
    }

    /// A URL the daemon logged as metadata, such as `sandbox.x=http://127.0.0.1:PORT`.
    static func loggedURL(_ key: String, in logs: String) -> String? {
        guard let range = logs.range(of: "\(key)=") else { return nil }
        return String(logs[range.upperBound...].prefix { !$0.isWhitespace && $0 != "]" && $0 != "," })
    }
}
