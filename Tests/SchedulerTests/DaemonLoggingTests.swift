import Foundation
import Logging
@testable import SchedulerServer
@testable import SchedulerServices
import Synchronization
import Testing
@testable import Scheduler

/// `log_format = "json"`: every line a JSON object a log shipper can read, and secrets masked as in text.
@Suite struct DaemonLoggingTests {
    /// The lines a JSON handler wrote.
    final class Lines: Sendable {
        private let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func append(_ line: String) { lines.withLock { $0.append(line) } }
    }

    private func jsonLogger(_ lines: Lines, level: Logger.Level = .info) -> Logger {
        Logger(label: "schedulerd") { label in
            DaemonLogging.handler(label: label, format: .json, level: level, write: { lines.append($0) })
        }
    }

    private func object(_ line: String) throws -> [String: Any] {
        #expect(line.hasSuffix("\n") && !line.dropLast().contains("\n"), "one event, one line")
        let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8))
        return try #require(parsed as? [String: Any], "a JSON object: \(line)")
    }

    @Test func jsonHandler_writesOneObjectPerEvent_withTimestampLevelLabelMessageAndMetadata() throws {
        let lines = Lines()
        var logger = jsonLogger(lines)
        logger[metadataKey: "daemon.id"] = "d1"
        logger.warning("delivery failed \"quoted\"\nsecond line", metadata: [
            "post.id": "12", "account.network": "x", "attempts": .array(["1", "2"]), "limits": .dictionary(["window": "15m"]),
        ])

        let line = try #require(lines.all.first)
        let fields = try object(line)
        #expect(fields["level"] as? String == "warning")
        #expect(fields["label"] as? String == "schedulerd")
        #expect(fields["message"] as? String == "delivery failed \"quoted\"\nsecond line")
        let timestamp = try #require(fields["timestamp"] as? String)
        let parsedTime = try Date(timestamp, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        #expect(abs(parsedTime.timeIntervalSinceNow) < 60, "the event's time, in RFC 3339 UTC: \(timestamp)")
        #expect(timestamp.hasSuffix("Z"))
        let metadata = try #require(fields["metadata"] as? [String: Any])
        #expect(metadata["post.id"] as? String == "12")
        #expect(metadata["account.network"] as? String == "x")
        #expect(metadata["daemon.id"] as? String == "d1", "the logger's own metadata is kept")
        #expect(metadata["attempts"] as? [String] == ["1", "2"])
        #expect((metadata["limits"] as? [String: String]) == ["window": "15m"])
        #expect(line.hasPrefix("{\"timestamp\":"), "the timestamp comes first, for people reading the raw journal")
    }

    @Test func jsonHandler_masksASecretInMetadata_byItsKey_andWhereAValueQuotesOne() throws {
        let lines = Lines()
        let logger = jsonLogger(lines)
        logger.error("token renewal failed", metadata: [
            "account.refresh_token": "rt-SECRET-1234",
            "client_secret": "cs-SECRET-5678",
            "error": "HTTP 400: {\"error\":\"invalid_grant\",\"access_token\":\"at-SECRET-9999\"}",
            "request": .dictionary(["authorization": "Bearer bt-SECRET-0000", "url": "https://api.x.com/2/tweets"]),
        ])

        let line = try #require(lines.all.first)
        #expect(!line.contains("SECRET"), "no secret reaches the log: \(line)")
        let metadata = try #require(try object(line)["metadata"] as? [String: Any])
        #expect(metadata["account.refresh_token"] as? String == "***")
        #expect(metadata["client_secret"] as? String == "***")
        #expect((metadata["error"] as? String)?.contains("invalid_grant") == true, "the rest of the value is kept")
        let request = try #require(metadata["request"] as? [String: String])
        #expect(request["authorization"] == "***")
        #expect(request["url"] == "https://api.x.com/2/tweets")
    }

    @Test func textHandler_masksTheSameSecrets() {
        var handler = RedactingLogHandler(Recording())
        handler[metadataKey: "db.password"] = "pw-SECRET"
        handler.log(event: LogEvent(level: .info, message: "m", metadata: ["oauth_token_secret": "ts-SECRET", "post.id": "3"],
                                    source: "test", file: #fileID, function: #function, line: #line))
        #expect(handler.metadata["db.password"] == "***")
        #expect(Recording.last.withLock { $0 } == ["oauth_token_secret": "***", "post.id": "3"])
    }

    @Test func jsonHandler_leavesOutEventsBelowItsLevel() {
        let lines = Lines()
        let logger = jsonLogger(lines, level: .notice)
        logger.info("routine")
        logger.notice("worth knowing")
        #expect(lines.all.count == 1)
        #expect(lines.all.first?.contains("worth knowing") == true)
    }

    @Test func logFormat_isReadFromTheConfiguration_andAWrongValueIsRefusedNamingTheKey() throws {
        #expect(try ConfigurationLoader.parse("", file: "a.toml").logFormat == .text)
        #expect(try ConfigurationLoader.parse("log_format = \"json\"\n", file: "a.toml").logFormat == .json)
        #expect(try ConfigurationLoader.parse("log_format = \"text\"\n", file: "a.toml").logFormat == .text)

        for wrong in ["log_format = \"xml\"\n", "log_format = \"JSON\"\n", "log_format = true\n"] {
            let error = #expect(throws: ConfigurationError.self) { try ConfigurationLoader.parse(wrong, file: "/etc/schedulerd/a.toml") }
            #expect(error?.message.contains("/etc/schedulerd/a.toml: log_format:") == true, "\(error?.message ?? "")")
        }
        let error = #expect(throws: ConfigurationError.self) { try ConfigurationLoader.parse("log_format = \"xml\"\n", file: "a.toml") }
        #expect(error?.message.contains("'xml' is not text or json") == true)
    }

    @Test func logFormat_fromTheCommandLine_overridesTheFile_andAWrongValueIsRefused() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("log-format-\(UUID().uuidString).toml")
        try "log_format = \"text\"\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        var options = DaemonOptions()
        options.configPath = file.path
        options.logFormat = "json"
        #expect(try DaemonConfiguration.resolve(options, environment: [:]).0.logFormat == .json)
        options.logFormat = "yaml"
        let error = #expect(throws: ConfigurationError.self) { try DaemonConfiguration.resolve(options, environment: [:]) }
        #expect(error?.message.contains("--log-format 'yaml'") == true)
    }

    /// Keeps the last event's metadata, as the wrapped handler received it.
    private struct Recording: LogHandler {
        static let last = Mutex<[String: String]>([:])
        var logLevel: Logger.Level = .trace
        var metadata: Logger.Metadata = [:]
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            Self.last.withLock { $0 = (event.metadata ?? [:]).mapValues { "\($0)" } }
        }
    }
}
