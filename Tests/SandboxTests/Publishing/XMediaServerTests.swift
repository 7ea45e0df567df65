import Foundation
import HTTPClient
import OAuth
import SchedulerCore
import Testing

@testable import Sandbox

/// X's v2 media upload and posts that carry media, over the wire.
@Suite struct XMediaServerTests {
    func uploadImage(_ sandbox: SandboxHarness, token: String, width: Int = 1200, height: Int = 675, category: String = "tweet_image") async throws -> HTTPResponse {
        var body = MultipartBody()
        body.field("media_category", category)
        body.file("media", filename: "run.jpg", contentType: "image/jpeg", TestImages.jpeg(width: width, height: height))
        return try await sandbox.post(sandbox.x + "/2/media/upload", multipart: body, headers: [.bearer(token)])
    }

    /// A small GIF through initialize, one append and finalize (GIFs cannot go one-shot); returns its id.
    func uploadGIF(_ sandbox: SandboxHarness, token: String) async throws -> String {
        let gif = TestImages.gif(width: 10, height: 10)
        let started = try await sandbox.post(sandbox.x + "/2/media/upload/initialize", json: #"{"media_type":"image/gif","total_bytes":\#(gif.count),"media_category":"tweet_gif"}"#, headers: [.bearer(token)])
        let id = try #require(started.json?["data"]?["id"]?.stringValue)
        var body = MultipartBody()
        body.field("segment_index", "0")
        body.file("media", filename: "blob", contentType: "application/octet-stream", gif)
        #expect(try await sandbox.post(sandbox.x + "/2/media/upload/\(id)/append", multipart: body, headers: [.bearer(token)]).status == 200)
        #expect(try await sandbox.post(sandbox.x + "/2/media/upload/\(id)/finalize", json: "", headers: [.bearer(token)]).status == 200)
        return id
    }

    func tweet(_ sandbox: SandboxHarness, token: String, text: String, media: [String]) async throws -> HTTPResponse {
        let ids = media.map { "\"\($0)\"" }.joined(separator: ",")
        return try await sandbox.post(sandbox.x + "/2/tweets", json: #"{"text":"\#(text)","media":{"media_ids":[\#(ids)]}}"#, headers: [.bearer(token)])
    }

    @Test func anUploadedImage_canBeAttached_andTheRecordsShowTheFileAndThePost() async throws {
        try await SandboxHarness.run { sandbox in
            let token = try await sandbox.xBearer()
            let upload = try await uploadImage(sandbox, token: token)
            #expect(upload.status == 200)
            #expect(upload.header("x-rate-limit-limit") == "500")
            let data = try #require(upload.json?["data"])
            let id = try #require(data["id"]?.stringValue)
            #expect(id.allSatisfy { $0.isNumber })
            #expect(data["media_key"]?.stringValue == "3_" + id)
            #expect(data["expires_after_secs"] == .integer(86_400))
            #expect(data["size"] == .integer(Int64(TestImages.jpeg(width: 1200, height: 675).count)))
            #expect(data["processing_info"] == nil)

            let post = try await tweet(sandbox, token: token, text: "Long run with a view", media: [id])
            #expect(post.status == 201)
            let records = try await sandbox.receivedRecords()
            #expect(records.count == 2)
            let media = try #require(records.first)
            #expect(media["kind"]?.stringValue == "media")
            #expect(media["path"]?.stringValue == "/2/media/upload")
            #expect(media["body"]?["media_category"]?.stringValue == "tweet_image")
            #expect(media["body"]?["media"]?["filename"]?.stringValue == "run.jpg")
            #expect(media["body"]?["media"]?["sha256"]?.stringValue == UploadedFile(contentType: nil, bytes: TestImages.jpeg(width: 1200, height: 675)).sha256)
            let published = try #require(records.last)
            #expect(published["kind"]?.stringValue == "post")
            #expect(published["text"]?.stringValue == "Long run with a view")
            #expect(published["media"] == .array([.string(id)]))
            #expect(!(try await sandbox.allRecordsText()).contains(token))
        }
    }

    @Test func aChunkedGIF_isProcessedOverTwoStatusPolls_beforeItCanBeAttached() async throws {
        try await SandboxHarness.run { sandbox in
            let token = try await sandbox.xBearer()
            let gif = TestImages.gif(width: 480, height: 270, padding: 3_000)
            let started = try await sandbox.post(sandbox.x + "/2/media/upload/initialize", json: #"{"media_type":"image/gif","total_bytes":\#(gif.count),"media_category":"tweet_gif"}"#, headers: [.bearer(token)])
            let id = try #require(started.json?["data"]?["id"]?.stringValue)
            #expect(started.json?["data"]?["media_key"]?.stringValue == "16_" + id)
            for (index, chunk) in [Array(gif.prefix(1_000)), Array(gif.dropFirst(1_000))].enumerated() {
                var body = MultipartBody()
                body.field("segment_index", String(index))
                body.file("media", filename: "blob", contentType: "application/octet-stream", chunk)
                let appended = try await sandbox.post(sandbox.x + "/2/media/upload/\(id)/append", multipart: body, headers: [.bearer(token)])
                #expect(appended.status == 200)
                #expect(appended.json?["data"]?["expires_at"] != nil)
            }
            let finalized = try await sandbox.post(sandbox.x + "/2/media/upload/\(id)/finalize", json: "", headers: [.bearer(token)])
            #expect(finalized.json?["data"]?["processing_info"] == .object(["state": .string("pending"), "check_after_secs": .integer(1)]))
            #expect(try await tweet(sandbox, token: token, text: "Too soon", media: [id]).status == 400)

            let status = SandboxHarness.url(sandbox.x, "/2/media/upload", [("command", "STATUS"), ("media_id", id)])
            #expect(try await sandbox.get(status, headers: [.bearer(token)]).json?["data"]?["processing_info"]?["state"]?.stringValue == "in_progress")
            #expect(try await sandbox.get(status, headers: [.bearer(token)]).json?["data"]?["processing_info"]?["state"]?.stringValue == "succeeded")
            #expect(try await tweet(sandbox, token: token, text: "Finish line", media: [id]).status == 201)
            let upload = try #require(try await sandbox.receivedRecords().first)
            #expect(upload["body"]?["media"]?["bytes"] == .integer(Int64(gif.count)))
            #expect(upload["body"]?["media_type"]?.stringValue == "image/gif")
        }
    }

    @Test func anOAuth1SignedMultipartUpload_isAccepted() async throws {
        try await SandboxHarness.run { sandbox in
            let credentials = try await sandbox.xOAuth1Credentials("walker")
            let url = sandbox.x + "/2/media/upload"
            let header = OAuth1Signer(credentials: credentials).authorizationHeader(method: "POST", url: url, timestamp: Int(sandbox.clock.now.timeIntervalSince1970))
            var body = MultipartBody()
            body.field("media_category", "tweet_image")
            body.file("media", filename: "a.png", contentType: "image/png", TestImages.png(width: 10, height: 10))
            let upload = try await sandbox.post(url, multipart: body, headers: [HTTPHeader("Authorization", header)])
            #expect(upload.status == 200)
            #expect(await sandbox.sandbox.received().first?.oauthConsumerKey == SandboxCredentials.xConsumerKey)
        }
    }

    @Test func posts_refuseSomeoneElsesMedia_fiveImages_andMixedKinds() async throws {
        try await SandboxHarness.run { sandbox in
            let runner = try await sandbox.xBearer("runner")
            let walker = try await sandbox.xBearer("walker")
            var images: [String] = []
            for _ in 0..<5 { images.append(try #require(try await uploadImage(sandbox, token: runner).json?["data"]?["id"]?.stringValue)) }
            let othersImage = try #require(try await uploadImage(sandbox, token: walker).json?["data"]?["id"]?.stringValue)

            let foreign = try await tweet(sandbox, token: runner, text: "Borrowed", media: [othersImage])
            #expect(foreign.status == 400)
            #expect(foreign.json?["detail"]?.stringValue == "Your media IDs are invalid.")
            #expect(try await tweet(sandbox, token: runner, text: "Five", media: images).status == 400)
            #expect(try await tweet(sandbox, token: runner, text: "Four", media: Array(images.prefix(4))).status == 201)

            let gifID = try await uploadGIF(sandbox, token: runner)
            let status = SandboxHarness.url(sandbox.x, "/2/media/upload", [("command", "STATUS"), ("media_id", gifID)])
            for _ in 0..<2 { _ = try await sandbox.get(status, headers: [.bearer(runner)]) }
            let mixed = try await tweet(sandbox, token: runner, text: "Mixed", media: [images[4], gifID])
            #expect(mixed.status == 400)
            #expect(await sandbox.sandbox.rejected().last?.reasonCode == "invalid_media_combination")
        }
    }

    @Test func uploads_refuseAWrongToken_aMissingScope_anOversizedImage_andAFileThatIsNoImage() async throws {
        try await SandboxHarness.run { sandbox in
            #expect(try await uploadImage(sandbox, token: "not-a-token").status == 401)
            let noMedia = try await sandbox.xBearer(scopes: "tweet.read tweet.write users.read")
            let forbidden = try await uploadImage(sandbox, token: noMedia)
            #expect(forbidden.status == 403)
            #expect(forbidden.json?["reason"]?.stringValue?.contains("media.write") == true)

            let token = try await sandbox.xBearer()
            var big = MultipartBody()
            big.field("media_category", "tweet_image")
            big.file("media", filename: "big.jpg", contentType: "image/jpeg", TestImages.jpeg(width: 8000, height: 6000, padding: 5 * 1024 * 1024))
            let tooLarge = try await sandbox.post(sandbox.x + "/2/media/upload", multipart: big, headers: [.bearer(token)])
            #expect(tooLarge.status == 400)
            #expect(await sandbox.sandbox.rejected().last?.reasonCode == "media_too_large")

            var text = MultipartBody()
            text.field("media_category", "tweet_image")
            text.file("media", filename: "notes.txt", contentType: "image/jpeg", Array("not an image".utf8))
            #expect(try await sandbox.post(sandbox.x + "/2/media/upload", multipart: text, headers: [.bearer(token)]).status == 400)
            let missing = try await sandbox.post(sandbox.x + "/2/media/upload", multipart: MultipartBody(), headers: [.bearer(token)])
            #expect(missing.status == 400)
            #expect(await sandbox.sandbox.received().isEmpty)
        }
    }

    /// The one-shot upload is X's "simple upload (images only)": `media_category` is required and must be an
    /// image category; a GIF or a video is refused there and must go in chunks.
    @Test func theOneShotUpload_needsAMediaCategory_andTakesImagesOnly() async throws {
        try await SandboxHarness.run { sandbox in
            let token = try await sandbox.xBearer()
            var none = MultipartBody()
            none.file("media", filename: "run.jpg", contentType: "image/jpeg", TestImages.jpeg(width: 100, height: 100))
            let missing = try await sandbox.post(sandbox.x + "/2/media/upload", multipart: none, headers: [.bearer(token)])
            #expect(missing.status == 400)
            #expect(missing.json?["detail"]?.stringValue == "The `media_category` field is required.")
            var gif = MultipartBody()
            gif.field("media_category", "tweet_gif")
            gif.file("media", filename: "a.gif", contentType: "image/gif", TestImages.gif(width: 10, height: 10))
            let oneShotGIF = try await sandbox.post(sandbox.x + "/2/media/upload", multipart: gif, headers: [.bearer(token)])
            #expect(oneShotGIF.status == 400)
            #expect(await sandbox.sandbox.rejected().last?.reasonCode == "chunked_upload_required")
            #expect(try await uploadImage(sandbox, token: token, category: "amplify_video").status == 400)
            #expect(try await uploadImage(sandbox, token: token, category: "dm_image").status == 200)
        }
    }

    /// `POST /2/media/metadata` sets alt text on the caller's own media (at most 1,000 characters) and is recorded.
    @Test func altText_isSetThroughMediaMetadata_onOnesOwnMediaOnly_withinAThousandCharacters() async throws {
        try await SandboxHarness.run { sandbox in
            let runner = try await sandbox.xBearer("runner")
            let walker = try await sandbox.xBearer("walker")
            let id = try #require(try await uploadImage(sandbox, token: runner).json?["data"]?["id"]?.stringValue)
            func describe(_ token: String, _ json: String) async throws -> HTTPResponse {
                try await sandbox.post(sandbox.x + "/2/media/metadata", json: json, headers: [.bearer(token)])
            }
            let described = try await describe(runner, #"{"id":"\#(id)","metadata":{"alt_text":{"text":"Route along the river"}}}"#)
            #expect(described.status == 200)
            #expect(described.json?["data"]?["associated_metadata"]?["alt_text"]?["text"]?.stringValue == "Route along the river")
            let record = try #require(try await sandbox.receivedRecords().last)
            #expect(record["path"]?.stringValue == "/2/media/metadata")
            #expect(record["body"]?["metadata"]?["alt_text"]?["text"]?.stringValue == "Route along the river")

            #expect(try await describe(walker, #"{"id":"\#(id)","metadata":{"alt_text":{"text":"Not mine"}}}"#).status == 400)
            let long = String(repeating: "a", count: 1_001)
            #expect(try await describe(runner, #"{"id":"\#(id)","metadata":{"alt_text":{"text":"\#(long)"}}}"#).status == 400)
            #expect(try await describe(runner, #"{"media_id":"\#(id)","alt_text":{"text":"v1.1 shape"}}"#).status == 400, "v1.1's body is refused")
            #expect(try await describe(runner, #"{"id":"\#(id)","metadata":{"alt_text":{"text":"\#(String(long.dropFirst()))"}}}"#).status == 200)
        }
    }
}
