import Connectors
import Foundation
import NetworkRules
import SchedulerCore
import Synchronization
import Testing
@testable import Scheduler

/// The engine with a network that settles doubts by a key (Bluesky, Mastodon, Threads): the key is in the store before
/// the request that carries it, a doubt is settled by that key alone, and a part sent again carries the same key.
@Suite(.serialized) struct EngineKeyedTests {
    /// A keyed network keeping one post per key, whose first answer can be lost (the post made, or not).
    final class KeyedNetwork: KeyedPublishing {
        let network = Network.bluesky
        var textRules: TextRules { NetworkRules.of(.bluesky).text }
        var mediaRules: MediaRules { NetworkRules.of(.bluesky).media }
        struct State: Sendable { var posts: [String: Int] = [:]; var sentKeys: [String] = []; var settles = 0; var loseFirst: Bool? }
        let state: Mutex<State>

        /// `loseFirst`: nil answers every request; true makes the first post and loses its answer; false loses the request.
        init(loseFirst: Bool?) { state = Mutex(State(loseFirst: loseFirst)) }

        func validate(_ request: PublishRequest) -> [String] { [] }
        func preview(_ request: PublishRequest) -> JSONValue { .null }
        func verify(credentials: AccountCredentials) async throws(ConnectorError) -> AccountProfile {
            AccountProfile(remoteID: "", handle: "", displayName: "")
        }

        func publish(_ request: PublishRequest, key slot: any PublishKeySlot, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost {
            var key = slot.stored ?? ""
            if slot.stored == nil {
                key = "key-\(UUID().uuidString.prefix(8))"
                try await slot.store(key)
            }
            let lost = state.withLock { state -> Bool? in
                state.sentKeys.append(key)
                defer { state.loseFirst = nil }
                // The network refuses a second post at a key it holds, as Bluesky's PDS does.
                if state.loseFirst != false && state.posts[key] == nil { state.posts[key] = 1 }
                return state.loseFirst
            }
            if lost != nil { throw ConnectorError(code: .uncertain, message: "the answer was lost") }
            return PublishedPost(remoteID: "at://\(key)", url: nil, httpStatus: 200)
        }

        func settle(_ request: PublishRequest, key: String, since: Date, credentials: AccountCredentials) async throws(ConnectorError) -> KeyedLookUp {
            state.withLock { state in
                state.settles += 1
                return state.posts[key] == nil ? .sendAgain : .found(PublishedPost(remoteID: "at://\(key)", url: nil, httpStatus: 200))
            }
        }
    }

    func run(loseFirst: Bool?) async throws -> (network: KeyedNetwork.State, state: DeliveryState, storedKey: String?) {
        let network = KeyedNetwork(loseFirst: loseFirst)
        let harness = try EngineHarness(others: [network]) { $0.retry.baseSeconds = 0.05 }
        let account = try await harness.addAccount("runner", network: .bluesky)
        let post = try await harness.addDuePost("a run", to: [account])
        try await harness.running {
            let ended = try await eventually(timeout: .seconds(20)) { [.published, .failed, .unknown].contains(try await harness.state(ofPost: post.id)) }
            #expect(ended, "the delivery ended")
        }
        let delivery = try await harness.store.delivery(ofPost: post.id)
        return (network.state.withLock { $0 }, delivery.state, try await harness.store.publishKey(deliveryID: delivery.id, part: 1))
    }

    @Test func aPostWhoseAnswerIsLost_isFoundByItsKey_andNeverSentAgain() async throws {
        let outcome = try await run(loseFirst: true)
        #expect(outcome.state == .published)
        #expect(outcome.network.sentKeys.count == 1, "found by its key, not sent again")
        #expect(outcome.network.settles == 1)
        #expect(outcome.storedKey == outcome.network.sentKeys.first, "the key was in the store")
    }

    @Test func aPostThatNeverArrived_isSentAgainWithTheSameKey() async throws {
        let outcome = try await run(loseFirst: false)
        #expect(outcome.state == .published)
        #expect(outcome.network.sentKeys.count == 2 && Set(outcome.network.sentKeys).count == 1, "the same key twice: \(outcome.network.sentKeys)")
        #expect(outcome.network.posts.count == 1)
    }

    @Test func aPostAnswered_isSentOnce_withAKeyStoredFirst() async throws {
        let outcome = try await run(loseFirst: nil)
        #expect(outcome.state == .published && outcome.network.sentKeys.count == 1 && outcome.network.settles == 0)
        #expect(outcome.storedKey == outcome.network.sentKeys.first)
    }
}
