import Foundation
import Testing

@testable import Sandbox

@Suite struct NonceCacheTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func contains_isScopedToTheConsumerAndToken() {
        var cache = NonceCache(window: 300)
        cache.insert(consumerKey: "app", token: "t1", nonce: "n", now: start)
        #expect(cache.contains(consumerKey: "app", token: "t1", nonce: "n", now: start))
        #expect(!cache.contains(consumerKey: "app", token: "t2", nonce: "n", now: start))
        #expect(!cache.contains(consumerKey: "other", token: "t1", nonce: "n", now: start))
    }

    @Test func insert_prunesNoncesOlderThanTheWindow() {
        var cache = NonceCache(window: 300)
        cache.insert(consumerKey: "app", token: "t", nonce: "old", now: start)
        cache.insert(consumerKey: "app", token: "t", nonce: "new", now: start.addingTimeInterval(301))
        #expect(cache.count == 1)
        #expect(!cache.contains(consumerKey: "app", token: "t", nonce: "old", now: start.addingTimeInterval(301)))
        #expect(cache.contains(consumerKey: "app", token: "t", nonce: "new", now: start.addingTimeInterval(301)))
    }

    @Test func prune_keepsMemoryBoundedUnderSteadyTraffic() {
        var cache = NonceCache(window: 10)
        for second in 0..<5_000 {
            cache.insert(consumerKey: "app", token: "t", nonce: "n\(second)", now: start.addingTimeInterval(Double(second)))
        }
        #expect(cache.count <= 11)
    }
}
