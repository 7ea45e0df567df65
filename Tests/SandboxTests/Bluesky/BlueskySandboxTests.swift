import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// The sandbox Bluesky PDS over real HTTP: sessions, posts at chosen TIDs, the record checks, blobs, revocation,
/// expiry, rate limits and the read counters.
@Suite struct BlueskySandboxTests {
    /// A valid TID for tests (2026-11-27 in microseconds, clock id 7), and the next one.
    static let rkey = TID.encode(microseconds: 1_795_000_000_000_000, clockID: 7)
    static let otherRkey = TID.encode(microseconds: 1_795_000_000_000_001, clockID: 7)

    @Test func aSession_fromAnAppPassword_byHandleOrDID_andAWrongPasswordIs401() async throws {
        try await BlueskyHarness.run { pds in
            let (did, appPassword) = try await pds.account()
            let groups = appPassword.split(separator: "-", omittingEmptySubsequences: false)
            #expect(groups.count == 4 && groups.allSatisfy { $0.count == 4 && $0.allSatisfy { "abcdefghijklmnopqrstuvwxyz234567".contains($0) } })
            let resolved = try await pds.get("com.atproto.identity.resolveHandle", [("handle", "alice.test")])
            #expect(resolved.status == 200)
            #expect(resolved.json?["did"]?.stringValue == did)
            let unknown = try await pds.get("com.atproto.identity.resolveHandle", [("handle", "nobody.test")])
            #expect(unknown.status == 400)
            #expect(unknown.json == .object(["error": .string("InvalidRequest"), "message": .string("Unable to resolve handle")]))

            for identifier in ["alice.test", did] {
                let session = try await pds.createSession(identifier, appPassword)
                #expect(session.status == 200)
                #expect(session.json?["did"]?.stringValue == did)
                #expect(session.json?["handle"]?.stringValue == "alice.test")
                #expect(session.json?["active"] == .bool(true))
                #expect(session.json?["accessJwt"]?.stringValue?.isEmpty == false)
                #expect(session.json?["refreshJwt"]?.stringValue?.isEmpty == false)
            }
            let wrong = try await pds.createSession("alice.test", "aaaa-bbbb-cccc-dddd")
            #expect(wrong.status == 401)
            #expect(wrong.json == .object(["error": .string("AuthenticationRequired"), "message": .string("Invalid identifier or password")]))
            let records = try JSONEncoder().encode(await pds.recorder.rejected())
            #expect(!String(decoding: records, as: UTF8.self).contains(appPassword))
        }
    }

    @Test func refreshSession_rotates_andTheOldTokenLastsTwoHours() async throws {
        try await BlueskyHarness.run { pds in
            let (_, appPassword) = try await pds.account()
            let session = try await pds.createSession("alice.test", appPassword)
            let refresh = try #require(session.json?["refreshJwt"]?.stringValue)
            let first = try await pds.post("/xrpc/com.atproto.server.refreshSession", json: .null, token: refresh)
            #expect(first.status == 200)
            let next = try #require(first.json?["refreshJwt"]?.stringValue)
            #expect(next != refresh)
            pds.clock.advance(by: 3_600)
            let again = try await pds.post("/xrpc/com.atproto.server.refreshSession", json: .null, token: refresh)
            #expect(again.status == 200)
            #expect(again.json?["refreshJwt"]?.stringValue == next)
            pds.clock.advance(by: 3_601)
            let late = try await pds.post("/xrpc/com.atproto.server.refreshSession", json: .null, token: refresh)
            #expect(late.status == 400)
            #expect(late.json == .object(["error": .string("ExpiredToken"), "message": .string("Token has been revoked")]))
            let access = try #require(session.json?["accessJwt"]?.stringValue)
            let wrongKind = try await pds.post("/xrpc/com.atproto.server.refreshSession", json: .null, token: access)
            #expect(wrongKind.status == 400)
            #expect(wrongKind.json?["error"]?.stringValue == "InvalidToken")
        }
    }

    @Test func aPostAtATIDRkey_isReadBack_andTheSameRkeyAgainIs500WithOneRecord() async throws {
        try await BlueskyHarness.run { pds in
            let (did, appPassword) = try await pds.account()
            let token = try await pds.login("alice.test", appPassword)
            let created = try await pds.createPost(repo: did, token: token, text: "Morning run, 10 km", rkey: Self.rkey)
            #expect(created.status == 200)
            let uri = "at://\(did)/app.bsky.feed.post/\(Self.rkey)"
            #expect(created.json?["uri"]?.stringValue == uri)
            let cid = try #require(created.json?["cid"]?.stringValue)
            #expect(cid.hasPrefix("bafyrei"))
            #expect(created.header("ratelimit-policy") == "5000;w=3600")
            #expect(created.header("ratelimit-remaining") == "4997")

            let read = try await pds.get("com.atproto.repo.getRecord", [("repo", did), ("collection", "app.bsky.feed.post"), ("rkey", Self.rkey)])
            #expect(read.status == 200)
            #expect(read.json?["uri"]?.stringValue == uri)
            #expect(read.json?["cid"]?.stringValue == cid)
            #expect(read.json?["value"]?["text"]?.stringValue == "Morning run, 10 km")

            let again = try await pds.createPost(repo: "alice.test", token: token, text: "Morning run, 10 km (retry)", rkey: Self.rkey)
            #expect(again.status == 500)
            #expect(again.json == .object(["error": .string("InternalServerError"), "message": .string("Internal Server Error")]))
            let stored = await pds.network.repository.allRecords(did: did)
            #expect(stored.count == 1)
            #expect(stored.first?.value["text"]?.stringValue == "Morning run, 10 km")
            #expect(await pds.recorder.received().filter { $0.kind == "post" }.count == 1)

            let missing = try await pds.get("com.atproto.repo.getRecord", [("repo", did), ("collection", "app.bsky.feed.post"), ("rkey", Self.otherRkey)])
            #expect(missing.status == 400)
            #expect(missing.json == .object([
                "error": .string("RecordNotFound"), "message": .string("Could not locate record: at://\(did)/app.bsky.feed.post/\(Self.otherRkey)"),
            ]))
        }
    }

    @Test(arguments: ["3jzfcijpj2z2", "3jzfcijpj2z2aa", "kjzfcijpj2z2a", "3JZFCIJPJ2Z2A", "3jzf-cij-pj2z-2a", "self"])
    func anRkeyThatIsNotATID_isRefused(_ rkey: String) async throws {
        try await BlueskyHarness.run { pds in
            let (did, appPassword) = try await pds.account()
            let token = try await pds.login("alice.test", appPassword)
            let refused = try await pds.createPost(repo: did, token: token, text: "Hello", rkey: rkey)
            #expect(refused.status == 400)
            #expect(refused.json?["error"]?.stringValue == "InvalidRequest")
            #expect(refused.json?["message"]?.stringValue?.contains("Invalid record key") == true)
            #expect(await pds.network.repository.allRecords(did: did).isEmpty)
        }
    }

    @Test func text_isAtMost300Graphemes_andAtMost3000Bytes() async throws {
        try await BlueskyHarness.run { pds in
            let (did, appPassword) = try await pds.account()
            let token = try await pds.login("alice.test", appPassword)
            let graphemes301 = String(repeating: "a", count: 301)
            let tooMany = try await pds.createPost(repo: did, token: token, text: graphemes301)
            #expect(tooMany.status == 400)
            #expect(tooMany.json?["message"]?.stringValue?.contains("300 graphemes") == true)

            // 👩‍👩‍👧‍👦 is one grapheme of 25 UTF-8 bytes: 120 of them are 3,000 bytes, and one more "a" makes 3,001.
            let family = "👩‍👩‍👧‍👦"
            #expect(family.count == 1 && family.utf8.count == 25)
            let bytes3001 = String(repeating: family, count: 120) + "a"
            #expect(bytes3001.count == 121 && bytes3001.utf8.count == 3_001)
            let tooLong = try await pds.createPost(repo: did, token: token, text: bytes3001)
            #expect(tooLong.status == 400)
            #expect(tooLong.json?["message"]?.stringValue?.contains("3001 UTF-8 bytes") == true)

            // 3,001 bytes in exactly 300 graphemes: 112 families (2,800 bytes), 13 "é" (26) and 175 "a" (175).
            let mixed = String(repeating: family, count: 112) + String(repeating: "\u{E9}", count: 13) + String(repeating: "a", count: 175)
            #expect(mixed.count == 300 && mixed.utf8.count == 3_001)
            let overBytes = try await pds.createPost(repo: did, token: token, text: mixed)
            #expect(overBytes.status == 400)
            #expect(overBytes.json?["message"]?.stringValue?.contains("3001 UTF-8 bytes") == true)

            let limit = String(repeating: family, count: 120)
            #expect(try await pds.createPost(repo: did, token: token, text: limit).status == 200)
            #expect(try await pds.createPost(repo: did, token: token, text: String(repeating: "a", count: 300)).status == 200)
        }
    }

    @Test func aFacetOneByteOff_isRefused_andTheExactOneAccepted() async throws {
        try await BlueskyHarness.run { pds in
            let (did, appPassword) = try await pds.account()
            let token = try await pds.login("alice.test", appPassword)
            let text = "Run ☃ report https://example.com/run #running @alice.test"
            let bytes = Array(text.utf8)
            func range(of part: String) -> (Int, Int) {
                let start = text.utf8.distance(from: text.utf8.startIndex, to: text.range(of: part)!.lowerBound)
                return (start, start + part.utf8.count)
            }
            func facet(_ start: Int, _ end: Int, _ feature: [String: JSONValue]) -> JSONValue {
                .object(["index": .object(["byteStart": .integer(Int64(start)), "byteEnd": .integer(Int64(end))]), "features": .array([.object(feature)])])
            }
            let link = range(of: "https://example.com/run")
            let tag = range(of: "#running")
            let mention = range(of: "@alice.test")
            #expect(mention.1 == bytes.count)
            let features: [[String: JSONValue]] = [
                ["$type": .string("app.bsky.richtext.facet#link"), "uri": .string("https://example.com/run")],
                ["$type": .string("app.bsky.richtext.facet#tag"), "tag": .string("running")],
                ["$type": .string("app.bsky.richtext.facet#mention"), "did": .string(did)],
            ]
            let exact = [facet(link.0, link.1, features[0]), facet(tag.0, tag.1, features[1]), facet(mention.0, mention.1, features[2])]
            let offByOne: [[JSONValue]] = [
                [facet(link.0 + 1, link.1 + 1, features[0])],
                [facet(link.0, link.1 - 1, features[0])],
                [facet(tag.0 - 1, tag.1 - 1, features[1])],
                [facet(mention.0, mention.1 + 1, features[2])],
            ]
            for facets in offByOne {
                let refused = try await pds.createPost(repo: did, token: token, text: text, extra: ["facets": .array(facets)])
                #expect(refused.status == 400)
                #expect(refused.json?["error"]?.stringValue == "InvalidRequest")
                #expect(refused.json?["message"]?.stringValue?.hasPrefix("Record/facets/0") == true)
            }
            // Inside the snowman's three bytes: not a character boundary.
            let snowman = range(of: "☃")
            let split = try await pds.createPost(repo: did, token: token, text: text, extra: ["facets": .array([facet(snowman.0 + 1, link.1, features[0])])])
            #expect(split.status == 400)
            let accepted = try await pds.createPost(repo: did, token: token, text: text, extra: ["facets": .array(exact)])
            #expect(accepted.status == 200)
        }
    }

    @Test func anUploadedImage_isEmbedded_andBadBlobsAreRefused() async throws {
        try await BlueskyHarness.run { pds in
            let (did, appPassword) = try await pds.account()
            let token = try await pds.login("alice.test", appPassword)
            let jpeg = TestImages.jpeg(width: 1200, height: 675)
            let uploaded = try await pds.upload(jpeg, contentType: "image/jpeg", token: token)
            #expect(uploaded.status == 200)
            let blob = try #require(uploaded.json?["blob"])
            #expect(blob["$type"]?.stringValue == "blob")
            #expect(blob["mimeType"]?.stringValue == "image/jpeg")
            #expect(blob["size"] == .integer(Int64(jpeg.count)))
            let cid = try #require(blob["ref"]?["$link"]?.stringValue)
            #expect(cid.hasPrefix("bafkrei"))

            let image: JSONValue = .object(["alt": .string("A view"), "image": blob, "aspectRatio": .object(["width": .integer(1200), "height": .integer(675)])])
            let embed: JSONValue = .object(["$type": .string("app.bsky.embed.images"), "images": .array([image])])
            let post = try await pds.createPost(repo: did, token: token, text: "", extra: ["embed": embed])
            #expect(post.status == 200)
            #expect(await pds.recorder.received().last?.media == [cid])

            let five: JSONValue = .object(["$type": .string("app.bsky.embed.images"), "images": .array(Array(repeating: image, count: 5))])
            #expect(try await pds.createPost(repo: did, token: token, text: "Five", extra: ["embed": five]).status == 400)
            let noAlt: JSONValue = .object(["$type": .string("app.bsky.embed.images"), "images": .array([.object(["image": blob])])])
            #expect(try await pds.createPost(repo: did, token: token, text: "No alt", extra: ["embed": noAlt]).status == 400)

            let (_, bobPassword) = try await pds.account("bob.test")
            let bob = try await pds.login("bob.test", bobPassword)
            let stolen = try await pds.createPost(repo: "bob.test", token: bob, text: "Not mine", extra: ["embed": embed])
            #expect(stolen.status == 400)
            #expect(stolen.json?["message"]?.stringValue?.contains("not uploaded by this account") == true)

            let big = TestImages.jpeg(width: 100, height: 100, padding: 1_000_001)
            let tooLarge = try await pds.upload(big, contentType: "image/jpeg", token: token)
            #expect(tooLarge.status == 400)
            #expect(tooLarge.json?["error"]?.stringValue == "BlobTooLarge")
            #expect(try await pds.upload(TestImages.gif(width: 10, height: 10), contentType: "image/gif", token: token).status == 400)
            #expect(try await pds.upload(TestImages.png(width: 10, height: 10), contentType: "image/jpeg", token: token).status == 400)
            #expect(try await pds.upload(TestImages.png(width: 10, height: 10), contentType: "image/png", token: token).status == 200)
        }
    }

    @Test func aRevokedAppPassword_cannotLogIn_andItsRefreshTokenIsRevoked() async throws {
        try await BlueskyHarness.run { pds in
            let (_, appPassword) = try await pds.account()
            let session = try await pds.createSession("alice.test", appPassword)
            let refresh = try #require(session.json?["refreshJwt"]?.stringValue)
            let revoked = try await pds.post("/_sandbox/bluesky/app-passwords/revoke", json: .object(["identifier": .string("alice.test"), "name": .string("schedulerd")]))
            #expect(revoked.status == 200)
            let login = try await pds.createSession("alice.test", appPassword)
            #expect(login.status == 401)
            #expect(login.json?["error"]?.stringValue == "AuthenticationRequired")
            let refreshed = try await pds.post("/xrpc/com.atproto.server.refreshSession", json: .null, token: refresh)
            #expect(refreshed.status == 400)
            #expect(refreshed.json == .object(["error": .string("ExpiredToken"), "message": .string("Token has been revoked")]))
        }
    }

    @Test func anAccessToken_expiresAfter120Minutes() async throws {
        try await BlueskyHarness.run { pds in
            let (did, appPassword) = try await pds.account()
            let token = try await pds.login("alice.test", appPassword)
            pds.clock.advance(by: 119 * 60)
            #expect(try await pds.createPost(repo: did, token: token, text: "Still fine").status == 200)
            pds.clock.advance(by: 60)
            let expired = try await pds.createPost(repo: did, token: token, text: "Too late")
            #expect(expired.status == 400)
            #expect(expired.json == .object(["error": .string("ExpiredToken"), "message": .string("Token has expired")]))
            let none = try await pds.createPost(repo: did, token: "", text: "No token")
            #expect(none.status == 400 || none.status == 401)
            #expect(await pds.network.repository.allRecords(did: did).count == 1)
        }
    }

    @Test func the31stLoginIn5Minutes_is429_withTheRateLimitHeaders() async throws {
        try await BlueskyHarness.run { pds in
            let (did, appPassword) = try await pds.account()
            // By handle and by DID in turn: one account, one limit.
            for attempt in 1...30 {
                let session = try await pds.createSession(attempt.isMultiple(of: 2) ? did : "alice.test", appPassword)
                #expect(session.status == 200)
                #expect(session.header("ratelimit-remaining") == String(30 - attempt))
            }
            let start = Int(pds.clock.now.timeIntervalSince1970)
            let refused = try await pds.createSession("alice.test", appPassword)
            #expect(refused.status == 429)
            #expect(refused.json?["error"]?.stringValue == "RateLimitExceeded")
            #expect(refused.header("ratelimit-limit") == "30")
            #expect(refused.header("ratelimit-remaining") == "0")
            #expect(refused.header("ratelimit-policy") == "30;w=300")
            let reset = try #require(refused.header("ratelimit-reset").flatMap(Int.init))
            #expect(reset >= start && reset <= start + 301)
            pds.clock.advance(by: 301)
            #expect(try await pds.createSession("alice.test", appPassword).status == 200)
        }
    }

    @Test func writePoints_are3PerCreate_andRunOutWith429() async throws {
        try await BlueskyHarness.run(writeLimits: [BlueskyRateLimit(points: 9, window: 3_600), .writesPerDay]) { pds in
            let (did, appPassword) = try await pds.account()
            let token = try await pds.login("alice.test", appPassword)
            for index in 0..<3 {
                #expect(try await pds.createPost(repo: did, token: token, text: "Post \(index)").status == 200)
            }
            let refused = try await pds.createPost(repo: did, token: token, text: "One too many")
            #expect(refused.status == 429)
            #expect(refused.json?["error"]?.stringValue == "RateLimitExceeded")
            #expect(refused.header("ratelimit-limit") == "9")
            #expect(refused.header("ratelimit-remaining") == "0")
            #expect(refused.header("ratelimit-policy") == "9;w=3600")
            #expect(refused.header("ratelimit-reset").flatMap(Int.init) != nil)
            #expect(refused.header("retry-after") != nil)
            #expect(await pds.network.repository.allRecords(did: did).count == 3)
        }
    }

    @Test func getRecordAndListRecords_areCountedPerAccount_andListingIsNewestFirst() async throws {
        try await BlueskyHarness.run { pds in
            let (did, appPassword) = try await pds.account()
            let token = try await pds.login("alice.test", appPassword)
            #expect(try await pds.createPost(repo: did, token: token, text: "Older", rkey: Self.rkey).status == 200)
            #expect(try await pds.createPost(repo: did, token: token, text: "Newer", rkey: Self.otherRkey).status == 200)
            #expect(await pds.network.readCounts(did) == BlueskyReadCounts(getRecord: 0, listRecords: 0))

            _ = try await pds.get("com.atproto.repo.getRecord", [("repo", "alice.test"), ("collection", "app.bsky.feed.post"), ("rkey", Self.rkey)])
            #expect(await pds.network.readCounts(did) == BlueskyReadCounts(getRecord: 1, listRecords: 0))

            let listed = try await pds.get("com.atproto.repo.listRecords", [("repo", did), ("collection", "app.bsky.feed.post"), ("limit", "1")])
            #expect(listed.status == 200)
            #expect(listed.json?["records"]?[0]?["value"]?["text"]?.stringValue == "Newer")
            let cursor = try #require(listed.json?["cursor"]?.stringValue)
            let rest = try await pds.get("com.atproto.repo.listRecords", [("repo", did), ("collection", "app.bsky.feed.post"), ("cursor", cursor)])
            #expect(rest.json?["records"]?[0]?["value"]?["text"]?.stringValue == "Older")
            #expect(try await pds.get("com.atproto.repo.listRecords", [("repo", did), ("collection", "app.bsky.feed.post"), ("limit", "101")]).status == 400)
            #expect(await pds.network.readCounts(did) == BlueskyReadCounts(getRecord: 1, listRecords: 2))

            let overHTTP = try await pds.http.send(HTTPRequest(method: "GET", url: pds.base + "/_sandbox/bluesky/reads?repo=alice.test"))
            #expect(overHTTP.json?["getRecord"] == .integer(1))
            #expect(overHTTP.json?["listRecords"] == .integer(2))
        }
    }
}
