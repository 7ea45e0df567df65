import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// The sandbox's own Threads text count (500, an emoji counting its UTF-8 bytes; 5 links), alone and over the wire.
@Suite struct ThreadsTextTests {
    @Test func anEmojiCountsItsUTF8Bytes_andOtherCharactersTheirScalars() {
        #expect(ThreadsTextRules.length("Tempo") == 5)
        #expect(ThreadsTextRules.length("🏃") == 4)
        #expect(ThreadsTextRules.length("👍🏽") == 8)
        #expect(ThreadsTextRules.length("🇫🇷") == 8)
        #expect(ThreadsTextRules.length("👨‍👩‍👧") == 18)
        #expect(ThreadsTextRules.length("1️⃣") == 7)
        #expect(ThreadsTextRules.length("©") == 2)
        #expect(ThreadsTextRules.length("é") == 1)
        #expect(ThreadsTextRules.length("e\u{301}") == 2)
        #expect(ThreadsTextRules.length("日本") == 2)
    }

    @Test func links_countEachDifferentURLOnce_withBareHosts_butNotMailAddresses() {
        #expect(ThreadsTextRules.links(in: "See https://a.example/x and https://A.example/x, then b.org.").count == 2)
        #expect(ThreadsTextRules.links(in: "www.example.com/route (strava.com)").count == 2)
        #expect(ThreadsTextRules.links(in: "Mail bob@example.com, e.g. 3.14 km").isEmpty)
        #expect(ThreadsTextRules.links(in: "https://a.example", attachment: "https://a.example").count == 1)
        #expect(ThreadsTextRules.links(in: "https://a.example", attachment: "https://b.example").count == 2)
    }

    @Test func textOver500_orWithMoreThan5Links_isRefusedAtCreation_namingTheLimit() async throws {
        try await ThreadsHarness.run { threads in
            let (token, _) = try await threads.mint()
            func create(_ text: String, _ extra: [(String, String)] = []) async throws -> HTTPResponse {
                try await threads.createContainer(token, [("media_type", "TEXT"), ("text", text)] + extra)
            }
            #expect(try await create(String(repeating: "a", count: 500)).status == 200)
            let long = try await create(String(repeating: "a", count: 501))
            #expect(long.status == 400 && long.json?["error"]?["code"] == .integer(100))
            #expect(long.json?["error"]?["message"]?.stringValue?.contains("text must be at most 500 characters") == true)
            #expect(try await create(String(repeating: "a", count: 496) + "🏃").status == 200)
            let emoji = try await create(String(repeating: "a", count: 497) + "🏃")
            #expect(emoji.json?["error"]?["error_user_msg"]?.stringValue?.contains("counts 501") == true)

            let five = (1...5).map { "https://run\($0).example" }.joined(separator: " ")
            #expect(try await create(five + " https://run1.example").status == 200)
            let six = try await create(five + " https://run6.example")
            #expect(six.json?["error"]?["message"]?.stringValue?.contains("THREADS_API__LINK_LIMIT_EXCEEDED") == true)
            let attached = try await create(five, [("link_attachment", "https://run6.example")])
            #expect(attached.json?["error"]?["code"] == .integer(100))
            let rejected = await threads.recorder.rejected().map(\.reasonCode)
            #expect(rejected == ["text_too_long", "text_too_long", "too_many_links", "too_many_links"])
            #expect(await threads.recorder.received().count == 3)
        }
    }

    @Test func aContainer_refusesAMissingText_altTextOnText_andAutoPublish() async throws {
        try await ThreadsHarness.run { threads in
            let (token, _) = try await threads.mint()
            for fields in [[("media_type", "TEXT")], [("text", "no type")], [("media_type", "POLL"), ("text", "x")],
                           [("media_type", "TEXT"), ("text", "x"), ("alt_text", "a runner")],
                           [("media_type", "TEXT"), ("text", "x"), ("auto_publish_text", "true")],
                           [("media_type", "TEXT"), ("text", "x"), ("reply_control", "nobody")],
                           [("media_type", "TEXT"), ("text", "x"), ("topic_tag", "a.b")]] {
                let refused = try await threads.createContainer(token, fields)
                #expect(refused.status == 400 && refused.json?["error"]?["code"] == .integer(100), "\(fields)")
            }
            #expect(await threads.recorder.received().isEmpty)
        }
    }
}
