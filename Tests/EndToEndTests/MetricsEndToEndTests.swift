import Foundation
import HTTPClient
import SchedulerCore
import Testing

/// The Prometheus endpoint of a real daemon, scraped over TCP after it published.
@Suite(.serialized) struct MetricsEndToEndTests {
    @Test func aScrapeAfterAPublish_showsThePublishedCountForThatNetwork() async throws {
        let daemon = try DaemonUnderTest("metrics", config: "[metrics]\nlisten = \"127.0.0.1:0\"\n")
        try await daemon.start()
        let account = try daemon.addSandboxAccount(username: "measured")
        let post = try daemon.schedule("Tempo run: 8 km at threshold", to: account.reference, at: "in 1s")
        try await eventually(timeout: .seconds(30), "the post to be published") {
            try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).deliveries.allSatisfy { $0.state == .published }
        }
        let address = try #require(Self.metricsAddress(in: daemon.logs), "the daemon logs where its metrics endpoint listens: \(daemon.logs)")

        let response = try await CurlHTTPClient().send(HTTPRequest(url: "http://\(address)/metrics"))

        #expect(response.status == 200)
        #expect(response.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
        let text = response.bodyText
        #expect(text.contains(#"schedulerd_deliveries{network="x",state="published"} 1"#), "\(text)")
        #expect(text.contains(#"schedulerd_deliveries{network="x",state="scheduled"} 0"#))
        #expect(text.contains(#"schedulerd_publish_attempts_total{network="x",outcome="published"} 1"#))
        #expect(text.contains(#"schedulerd_publish_lateness_seconds_count{network="x"} 1"#))
        #expect(text.contains(#"schedulerd_publish_duration_seconds_count{network="x"} 1"#))
        #expect(text.contains("process_resident_memory_bytes "))
        #expect(try await CurlHTTPClient().send(HTTPRequest(url: "http://\(address)/other")).status == 404)
        _ = try await daemon.stop()
    }

    @Test func aBadListenValue_stopsTheDaemonAtStart_withTheConfigurationCode() async throws {
        let directory = TemporaryDirectory("metrics-bad")
        let config = directory.file("schedulerd.toml")
        try "sandbox = true\n[metrics]\nlisten = \"9464\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let child = try ChildProcess(Products.path("schedulerd"), ["--state-dir", directory.file("state"), "--config", config],
                                     logDirectory: directory.path, name: "bad-listen")
        #expect(try await child.waitForExit() == 78)
        #expect(child.stderr.contains("metrics.listen: '9464' is not HOST:PORT"), "\(child.stderr)")
    }

    @Test func aListenAddressInUse_stopsTheDaemon_withTheConfigurationCode() async throws {
        let first = try DaemonUnderTest("metrics-first", config: "[metrics]\nlisten = \"127.0.0.1:0\"\n")
        try await first.start()
        let taken = try #require(Self.metricsAddress(in: first.logs))
        let directory = TemporaryDirectory("metrics-taken")
        let config = directory.file("schedulerd.toml")
        try "sandbox = true\n[metrics]\nlisten = \"\(taken)\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let second = try ChildProcess(Products.path("schedulerd"), ["--state-dir", directory.file("state"), "--config", config],
                                      logDirectory: directory.path, name: "taken")

        #expect(try await second.waitForExit(timeout: .seconds(60)) == 78)
        #expect(second.stderr.contains("[metrics] listen = \"\(taken)\": cannot listen there: Address already in use;"), "\(second.stderr)")
        #expect(!second.stderr.contains("errno") && !second.stderr.contains("))"), "issue 25: the system's reason once, not NIO's '(errno: 98))'")
        _ = try await first.stop()
    }

    /// `127.0.0.1:PORT` from the log line the daemon writes once its endpoint listens.
    static func metricsAddress(in logs: String) -> String? {
        guard let line = logs.split(separator: "\n").first(where: { $0.contains("metrics endpoint ready") }),
              let range = line.range(of: #"127\.0\.0\.1:[0-9]+"#, options: .regularExpression) else { return nil }
        return String(line[range])
    }
}
