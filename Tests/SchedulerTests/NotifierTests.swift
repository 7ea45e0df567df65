import Foundation
import HTTPClient
import Logging
@testable import SchedulerServices
import TestHTTPReceiver
import Testing
@testable import Scheduler

/// The notification command gets the event as JSON on stdin and is never run through a shell.
@Suite struct NotifierTests {
    @Test func command_receivesTheEventAsJSON_andNothingInTheCaptionIsInterpreted() async throws {
        let directory = try TemporaryDirectory()
        let output = directory.file("event.json")
        let marker = directory.file("pwned")
        let notifier = Notifier(command: ["/bin/sh", "-c", "cat > \"$0\"", output], webhookURL: nil, transport: CurlHTTPClient(),
                                logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let caption = "Nice run $(touch \(marker)) `touch \(marker)`; touch \(marker)"
        await notifier.notify(NotificationEvent(event: "handed_off", at: Date(timeIntervalSince1970: 0), postId: 1, deliveryId: 2,
                                                account: "instagram:@club", message: "post it", caption: caption))
        let data = try #require(FileManager.default.contents(atPath: output))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["event"] as? String == "handed_off")
        #expect(json["caption"] as? String == caption)
        #expect(json["delivery_id"] as? Int == 2)
        #expect(!FileManager.default.fileExists(atPath: marker), "the caption was never run as shell code")
    }

    @Test func webhook_receivesTheSameJSONWithATitle() async throws {
        let receiver = try HTTPReceiver()
        defer { receiver.stop() }
        let notifier = Notifier(command: nil, webhookURL: "http://127.0.0.1:\(receiver.port)/topic", transport: CurlHTTPClient(),
                                logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        await notifier.notify(NotificationEvent(event: "expired", at: Date(timeIntervalSince1970: 0), postId: 7, deliveryId: 9,
                                                account: "instagram:@club", message: "nobody confirmed"))
        #expect(await eventually { !receiver.received.isEmpty }, "the webhook request arrived")
        let request = try #require(receiver.received.first)
        #expect(request.hasPrefix("POST /topic HTTP/1.1"))
        #expect(request.contains("Title: schedulerd: expired"))
        let body = try #require(request.components(separatedBy: "\r\n\r\n").last)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        #expect(json["event"] as? String == "expired" && json["delivery_id"] as? Int == 9)
    }
}
