import Foundation
import PostgresTestCluster
import Testing
import TestHTTPReceiver

/// Issue 25, bug 17: a PostgreSQL URL without `sslmode` to a server without TLS made start and `--check-config` wait
/// for ever, saying nothing. Every way a connection fails ends within `[store] connect_timeout_s` with its cause, the
/// setting to change, and the README's exit code: 78 when the configuration must change, 74 when the server cannot be
/// reached. Real servers and sockets: a PostgreSQL listening on TCP without TLS, a closed port, a port that accepts
/// and never answers.
@Suite(.serialized) struct PostgresConnectFailureTests {
    static let timeout = 3

    struct Case: CustomTestStringConvertible {
        var name: String
        var url: String
        var password: String?
        var exit: Int32
        var mentions: [String]
        var testDescription: String { name }
    }

    @Test(.timeLimit(.minutes(3)))
    func everyConnectionFailure_endsWithinTheTimeout_withItsCauseTheSettingAndTheExitCode() async throws {
        let port = try Self.freePort()
        let cluster = try await PostgresCluster.start(tcpPort: port)
        let database = try await cluster.createDatabase("connect")
        let silent = try SilentListener()
        let closed = try ReservedPort()  // bound, never listening, held to the end: refused, and no other server gets it
        let cases = [
            Case(name: "a server without TLS, sslmode left to its default", url: cluster.tcpURL(database: database.name), exit: 78,
                 mentions: ["does not offer TLS", "sslmode=verify-full (the default)", "[store] url", "sslmode=disable"]),
            Case(name: "a server without TLS, sslmode=require", url: cluster.tcpURL(database: database.name, parameters: "sslmode=require"), exit: 78,
                 mentions: ["does not offer TLS", "sslmode=require"]),
            Case(name: "a closed port", url: "postgresql://schedulerd@127.0.0.1:\(closed.port)/db?sslmode=disable", exit: 74,
                 mentions: ["connection refused", "127.0.0.1:\(closed.port)", "[store] url"]),
            Case(name: "a port that never answers", url: "postgresql://schedulerd@127.0.0.1:\(silent.port)/db?sslmode=disable", exit: 74,
                 mentions: ["did not answer within \(Self.timeout) s", "connect_timeout_s"]),
            Case(name: "a wrong password", url: cluster.tcpURL(database: database.name, parameters: "sslmode=disable"), password: "not-the-password",
                 exit: 78, mentions: ["refused the login", "password authentication failed", "password_file"]),
            Case(name: "an unknown host", url: "postgresql://schedulerd@no-such-host.invalid:5432/db?sslmode=disable", exit: 78,
                 mentions: ["no-such-host.invalid", "cannot be resolved", "[store] url"]),
            Case(name: "a database that does not exist", url: cluster.tcpURL(database: "missing_db", parameters: "sslmode=disable"), exit: 78,
                 mentions: ["does not exist", "createdb"]),
        ]
        let directory = TemporaryDirectory("pg-connect")
        for (index, entry) in cases.enumerated() {
            let passwordFile = directory.file("password-\(index)")
            try (entry.password ?? (try String(contentsOfFile: database.passwordFile, encoding: .utf8))).write(toFile: passwordFile, atomically: true, encoding: .utf8)
            chmod(passwordFile, 0o600)
            let config = directory.file("schedulerd-\(index).toml")
            try """
                [store]
                url = "\(entry.url)"
                password_file = "\(passwordFile)"
                connect_timeout_s = \(Self.timeout)
                """.write(toFile: config, atomically: true, encoding: .utf8)
            for (mode, arguments) in [("check-config", ["--check-config"]), ("start", ["--sandbox"])] {
                let started = ContinuousClock.now
                let run = try await CorruptStateTests.runSchedulerd(arguments + ["--config", config, "--state-dir", directory.file("state-\(index)")],
                                                                   in: directory, name: "\(mode)-\(index)")
                let took = ContinuousClock.now - started
                print("  \(entry.name), \(mode): exit \(run.status) after \(took): \(run.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
                #expect(took < .seconds(Self.timeout + 4), "\(entry.name), \(mode): ended within the timeout (\(took))")
                #expect(run.status == entry.exit, "\(entry.name), \(mode): exit \(run.status), expected \(entry.exit): \(run.stderr)")
                for word in entry.mentions {
                    #expect(run.stderr.contains(word), "\(entry.name), \(mode): says '\(word)': \(run.stderr)")
                }
                #expect(!run.stderr.contains(try String(contentsOfFile: database.passwordFile, encoding: .utf8)), "no password in the message")
            }
        }
        withExtendedLifetime((closed, silent)) {}
        try await cluster.stop()
    }

    /// A loopback port nothing listens on: one the kernel gave a listener, which is then closed.
    static func freePort() throws -> Int {
        try SilentListener().port
    }
}
