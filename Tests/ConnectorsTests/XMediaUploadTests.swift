import Connectors
import Foundation
import NetworkRules
import Testing

/// X's chunked media upload against the sandbox: initialize, append in segments, finalize, poll, post.
@Suite struct XMediaUploadTests {
    @Test func x_uploadsAGIFInSegments_andPostsItsMediaID() async throws {
        try await SandboxX.with { sandbox in
            let grant = try await sandbox.mintToken(username: "gifs")
            let credentials = AccountCredentials.oauth1(token: grant.oauthToken, tokenSecret: grant.oauthTokenSecret)
            // A 1×1 GIF (the classic smallest one), padded past one 4 MiB segment so it takes two appends.
            let gif: [UInt8] = Array("GIF89a".utf8) + [0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00,
                0x21, 0xF9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00]
                + [0x21, 0xFE, 0xFF] + Array(repeating: 0x20, count: 255) + Array(repeating: 0, count: 4 * 1024 * 1024) + [0x00, 0x3B]
            let path = NSTemporaryDirectory() + "schedulerd-\(UUID().uuidString).gif"
            try Data(gif).write(to: URL(fileURLWithPath: path))
            defer { try? FileManager.default.removeItem(atPath: path) }
            let item = MediaItem(path: path, kind: .gif, contentType: "image/gif", size: gif.count, sha256: String(repeating: "c", count: 64),
                                 width: 1, height: 1, alt: nil)
            let published = try await sandbox.connector().publish(PublishRequest(text: "Finish line", media: [item], accountRemoteID: grant.userID),
                                                                  credentials: credentials)
            let tweet = try #require(await sandbox.sandbox.received().last { $0.path == "/2/tweets" })
            #expect(tweet.remoteID == published.remoteID)
            guard case .array(let ids)? = tweet.body["media"]?["media_ids"] else { Issue.record("no media ids"); return }
            #expect(ids.count == 1)
            #expect(await sandbox.sandbox.received().contains { $0.path.hasSuffix("/finalize") }, "the GIF went through initialize, append, finalize")
        }
    }
}
