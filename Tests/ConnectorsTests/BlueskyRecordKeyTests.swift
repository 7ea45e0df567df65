@testable import Connectors
import Synchronization
import Foundation
import Testing

/// Record keys chosen before a Bluesky post is sent (`BlueskyRecordKey`): TIDs as atproto.com/specs/tid gives them.
@Suite struct BlueskyRecordKeyTests {
    /// Issue 48, item 21: a post's address names the configured web app, bsky.app by default.
    @Test func aPostsAddress_namesTheConfiguredWebApp() throws {
        let key = try #require(BlueskyRecordKey("3jzfcijpj2z2a"))
        let transport = ScriptedTransport([])
        #expect(BlueskyConnector(transport: transport).webURL(did: "did:plc:abc", key: key) == "https://bsky.app/profile/did:plc:abc/post/3jzfcijpj2z2a")
        #expect(BlueskyConnector(webBase: "https://app.example/", transport: transport).webURL(did: "did:plc:abc", key: key)
            == "https://app.example/profile/did:plc:abc/post/3jzfcijpj2z2a")
    }

    @Test func aKey_isThirteenSortableCharacters_holdingItsTime() throws {
        let key = BlueskyRecordKey(microseconds: 1_764_201_600_000_000, clockID: 1023)
        #expect(key.value.count == 13)
        #expect(key.value.range(of: "^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$", options: .regularExpression) != nil)
        #expect(key.microseconds == 1_764_201_600_000_000)
        #expect(BlueskyRecordKey(key.value) == key)
        // The spec's example of a valid TID.
        #expect(BlueskyRecordKey("3jzfcijpj2z2a") != nil)
        for bad in ["3jzfcijpj2z2", "3jzfcijpj2z2aa", "zjzfcijpj2z2a", "3jzfcijpj2z2A", "3jzfcijpj2z21"] {
            #expect(BlueskyRecordKey(bad) == nil, "\(bad)")
        }
    }

    @Test func keysOnlyGrow_evenInOneMicrosecond_orWhenTheClockStepsBack() {
        let times = Mutex([Date(timeIntervalSince1970: 1_764_201_600), Date(timeIntervalSince1970: 1_764_201_600),
                           Date(timeIntervalSince1970: 1_764_201_000)])
        let keys = BlueskyRecordKeys(clockID: 7) { times.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] } }
        let given = (0..<3).map { _ in keys.next() }
        #expect(given.map(\.value) == given.map(\.value).sorted())
        #expect(Set(given).count == 3)
    }
}
