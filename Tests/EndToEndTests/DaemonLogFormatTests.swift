import Foundation
import Testing

/// `log_format = "json"`: what a log shipper reads from the daemon's standard error (the journal's MESSAGE).
@Suite struct DaemonLogFormatTests {
    @Test func daemonWithJSONLogFormat_writesEveryLineAsAJSONObject_withItsFields() async throws {
        let directory = TemporaryDirectory("jsonlogs-sandbox")
        let sandbox = try await SandboxUnderTest(directory: directory)
        let daemon = try DaemonUnderTest("jsonlogs", sandbox: sandbox, config: "log_format = \"json\"\nlog_level = \"debug\"")
        try await daemon.start()
        _ = try daemon.addSandboxAccount(username: "jsonrunner")
        #expect(try await daemon.stop() == 0)

        let lines = try #require(daemon.process?.stderr).split(separator: "\n")
        #expect(lines.count >= 2, "the daemon logged its start and stop")
        var messages: [String] = []
        for line in lines {
            let parsed = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            guard let object = parsed else {
                Issue.record("not a JSON object: \(line)")
                continue
            }
            for field in ["timestamp", "level", "label", "message"] {
                #expect(object[field] is String, "\(field) in \(line)")
            }
            messages.append(object["message"] as? String ?? "")
            if object["message"] as? String == "control socket ready" {
                let metadata = object["metadata"] as? [String: Any]
                #expect(metadata?["socket.path"] as? String == daemon.socket)
            }
        }
        #expect(messages.contains("control socket ready"))
        #expect(messages.contains("schedulerd stopped"))
    }
}
