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
        try FileManager.default.copyItem(atPath: Products.path("schedulerd"), toPath: executable)
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
        // Swift mangles a declaration of module Sandbox as `$s7Sandbox…` (SandboxContract's are `$s15SandboxContract…`).
        let inSchedulerd = try await Self.symbols(in: "schedulerd", directory: directory).filter { $0.hasPrefix("$s7Sandbox") }
        let inSandboxd = try await Self.symbols(in: "sandboxd", directory: directory).filter { $0.hasPrefix("$s7Sandbox") }
        #expect(inSandboxd.count > 1_000, "sandboxd carries the emulations (\(inSandboxd.count) symbols of module Sandbox)")
        #expect(inSchedulerd.isEmpty, "schedulerd links module Sandbox: \(inSchedulerd.prefix(5))")
    }

    /// The symbol names `nm` lists for a built product.
    private static func symbols(in product: String, directory: TemporaryDirectory) async throws -> [Substring] {
        let nm = try ChildProcess("/usr/bin/env", ["nm", Products.path(product)], logDirectory: directory.path, name: "nm-\(product)")
        #expect(try await nm.waitForExit(timeout: .seconds(60)) == 0, "nm failed: \(nm.stderr)")
        return nm.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").last }
    }

    /// A URL the daemon logged as metadata, such as `sandbox.x=http://127.0.0.1:PORT`.
    static func loggedURL(_ key: String, in logs: String) -> String? {
        guard let range = logs.range(of: "\(key)=") else { return nil }
        return String(logs[range.upperBound...].prefix { !$0.isWhitespace && $0 != "]" && $0 != "," })
    }
}
