import Foundation
import SchedulerCore
import Testing

/// Start-up checks, secrets on disk and in output, and what a broken file does.
@Suite(.serialized) struct OperationTests {
    @Test func checkConfig_namesTheBadKey_andExitsWithTheConfigCode() throws {
        let directory = TemporaryDirectory("config")
        let path = directory.file("bad.toml")
        try "state_dir = \"/tmp/x\"\n[engine]\nmax_concurent_publishes = 4\n".write(toFile: path, atomically: true, encoding: .utf8)
        let child = try ChildProcess(Products.path("schedulerd"), ["--check-config", "--config", path], logDirectory: directory.path, name: "check")
        child.process.waitUntilExit()
        #expect(child.process.terminationStatus == 78)
        #expect(child.stderr.contains("unknown key 'engine.max_concurent_publishes'"))

        try "state_dir = \"/tmp/x\"\nsandbox = = true\n".write(toFile: path, atomically: true, encoding: .utf8)
        let syntax = try ChildProcess(Products.path("schedulerd"), ["--check-config", "--config", path], logDirectory: directory.path, name: "syntax")
        syntax.process.waitUntilExit()
        #expect(syntax.process.terminationStatus == 78)
        #expect(syntax.stderr.contains("bad.toml:2:"))
    }

    @Test func corruptDatabase_givesAClearErrorAtStart_andIsLeftAsItWas() async throws {
        let directory = TemporaryDirectory("corrupt")
        let state = directory.file("state")
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let database = (state as NSString).appendingPathComponent("schedulerd.sqlite")
        let garbage = Data((0..<8192).map { _ in UInt8.random(in: 0...255) })
        try garbage.write(to: URL(fileURLWithPath: database))
        let child = try ChildProcess(Products.path("schedulerd"), ["--sandbox", "--state-dir", state], logDirectory: directory.path, name: "corrupt")
        let status = try await child.waitForExit()
        #expect(status != 0)
        #expect(child.stderr.contains("cannot be used as the schedulerd database"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == garbage, "the file was not reset")
    }

    @Test func secrets_neverAppearInFilesLogsOrOutput_andFilesArePrivate() async throws {
        let daemon = try DaemonUnderTest("secrets")
        try await daemon.start()
        let token = try daemon.schedctl(["sandbox", "token", "x", "--username", "secretive"])
        let pair = try JSONDecoder().decode([String: String].self, from: Data(token.stdout.utf8))
        let secret = try #require(pair["token_secret"])
        let accessToken = try #require(pair["token"])
        let added = try daemon.schedctl(["accounts", "add", "x"], stdin: token.stdout)
        #expect(added.status == 0)
        let post = try daemon.schedule("Secret-free post", to: "x:@secretive", at: "in 1s")
        try await eventually("the post to be published") { try daemon.posts(state: "published").first?.id == post.id }

        var outputs = [added.stdout, added.stderr]
        for arguments in [["status", "--json"], ["accounts", "list", "--json"], ["list", "--state", "all", "--json"], ["show", "\(post.id)"]] {
            let run = try daemon.schedctl(arguments)
            outputs += [run.stdout, run.stderr]
        }
        _ = try await daemon.stop()
        outputs.append(daemon.logs)
        for output in outputs {
            #expect(!output.contains(secret))
            #expect(!output.contains(accessToken))
        }
        for name in ["schedulerd.sqlite", "schedulerd.sqlite-wal", "credentials.key"] {
            let path = (daemon.stateDirectory as NSString).appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            #expect(data.range(of: Data(secret.utf8)) == nil, "\(name) holds the token secret in plaintext")
            #expect(data.range(of: Data(accessToken.utf8)) == nil, "\(name) holds the access token in plaintext")
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(name) has mode \(String(mode ?? 0, radix: 8))")
        }
    }

    @Test func controlSocket_isPrivate_andASecondDaemonOnItIsRefused() async throws {
        let daemon = try DaemonUnderTest("socket")
        try await daemon.start()
        let mode = try FileManager.default.attributesOfItem(atPath: daemon.socket)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let second = try ChildProcess(Products.path("schedulerd"), daemon.arguments, logDirectory: daemon.directory.path, name: "second")
        let status = try await second.waitForExit()
        #expect(status != 0)
        #expect(second.stderr.contains("another schedulerd (pid \(daemon.process?.process.processIdentifier ?? 0)) is running on the state directory"),
                "\(second.stderr)")
        #expect(try daemon.schedctl(["status"]).status == 0, "the first daemon still serves")
        _ = try await daemon.stop()
    }
}

/// The socket's mode keeps other users out; the peer-uid check holds even if the mode is loosened.
@Suite(.serialized) struct PeerCredentialTests {
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func anotherUser_isRefused_evenWhenTheSocketModeIsLoosened() async throws {
        let shared = TemporaryDirectory("peer")
        chmod(shared.path, 0o755)
        let socket = shared.file("control.sock")
        let daemon = try DaemonUnderTest("peer", socket: socket)
        try await daemon.start()
        chmod(socket, 0o666)  // as if an operator opened it up by mistake

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", Products.path("schedctl"), "status", "--socket", socket]
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = Pipe()
        try process.run()
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 4, "nobody must not get an answer: \(message)")
        try await eventually("the refusal to be logged") { daemon.logs.contains("peer runs as another user") }
        #expect(try daemon.schedctl(["status"]).status == 0, "the daemon's own user still gets answers")
        _ = try await daemon.stop()
    }
}
