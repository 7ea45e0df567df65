import Foundation
import Connectors
import NetworkRules
import SchedulerCore
import Synchronization

/// A connector the tests script: it records every publish, counts how many run at once (overall and
/// per account token), and succeeds, throws, or blocks until the test releases it.
final class ScriptedConnector: Connector {
    enum Behaviour: Sendable {
        case succeed
        case fail(ConnectorError)
        /// Waits for ``release(_:)``, then succeeds; throws `.uncertain` if its task is cancelled first.
        case block
    }

    /// What a look-up on the network finds.
    enum LookUp: Sendable {
        case absent
        /// Finds the post as the `n`th published one.
        case found(Int)
        case fail(ConnectorError)
    }

    private struct State {
        var behaviour: Behaviour
        var lookUp: LookUp = .absent
        var lookUps: [Date] = []
        var lookUpTimes: [Date] = []
        /// Answers for the next look-ups, before `lookUp` is used.
        var nextLookUps: [LookUp] = []
        /// Behaviours for the next publishes, before `behaviour` is used.
        var nextPublishes: [Behaviour] = []
        var calls: [(text: String, credentials: AccountCredentials)] = []
        var replyTos: [String?] = []
        var active = 0
        var maxActive = 0
        var activeByToken: [String: Int] = [:]
        var maxActiveByToken: [String: Int] = [:]
        var published = 0
        var finished = 0
    }

    let network: Network
    let textRules = XTextRules.rules
    let mediaRules = MediaRules.none
    private let state: Mutex<State>
    private let gate = Gate()

    init(network: Network = .x, _ behaviour: Behaviour = .succeed) {
        self.network = network
        self.state = Mutex(State(behaviour: behaviour))
    }

    func script(_ behaviour: Behaviour) { state.withLock { $0.behaviour = behaviour } }
    func script(lookUp: LookUp) { state.withLock { $0.lookUp = lookUp } }
    /// Answers the next look-ups with `answers` in order, then with the scripted `lookUp`.
    func script(lookUps answers: [LookUp]) { state.withLock { $0.nextLookUps = answers } }

    /// Behaves as `behaviours` for the next publishes in order, then as the scripted behaviour.
    func script(publishes behaviours: [Behaviour]) { state.withLock { $0.nextPublishes = behaviours } }

    /// What each publish answered (`reply.in_reply_to_tweet_id`), in call order; nil for a post of its own.
    var replyTos: [String?] { state.withLock { $0.replyTos } }

    /// When each look-up was made, in call order.
    var lookUpTimes: [Date] { state.withLock { $0.lookUpTimes } }

    /// The `since` of every look-up, in call order.
    var lookUps: [Date] { state.withLock { $0.lookUps } }

    /// Lets `count` blocked (or future) publishes through.
    func release(_ count: Int = 1) { gate.open(count) }

    var callCount: Int { state.withLock { $0.calls.count } }
    var texts: [String] { state.withLock { $0.calls.map(\.text) } }
    /// The access token each publish was signed with, in call order.
    var tokens: [String] { state.withLock { $0.calls.map { Self.token($0.credentials) } } }
    /// Publishes that returned, successfully or not.
    var finished: Int { state.withLock { $0.finished } }
    var active: Int { state.withLock { $0.active } }
    var maxActive: Int { state.withLock { $0.maxActive } }
    func maxActive(token: String) -> Int { state.withLock { $0.maxActiveByToken[token] ?? 0 } }

    func validate(_ request: PublishRequest) -> [String] {
        textRules.problems(with: request.text, networkName: network.displayName)
    }

    func preview(_ request: PublishRequest) -> JSONValue {
        .object(["text": .string(request.text)])
    }

    func verify(credentials: AccountCredentials) async throws(ConnectorError) -> AccountProfile {
        AccountProfile(remoteID: "1", handle: "scripted", displayName: "Scripted")
    }

    func findPublished(_ request: PublishRequest, since: Date, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost? {
        let lookUp = state.withLock { state -> LookUp in
            state.lookUps.append(since)
            state.lookUpTimes.append(Date())
            return state.nextLookUps.isEmpty ? state.lookUp : state.nextLookUps.removeFirst()
        }
        switch lookUp {
        case .absent: return nil
        case .found(let number): return PublishedPost(remoteID: "remote-\(number)", url: "https://example.test/status/\(number)", httpStatus: 200)
        case .fail(let error): throw error
        }
    }

    func publish(_ request: PublishRequest, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost {
        let token = Self.token(credentials)
        let behaviour = state.withLock { state -> Behaviour in
            state.calls.append((request.text, credentials))
            state.replyTos.append(request.replyTo)
            state.active += 1
            state.maxActive = max(state.maxActive, state.active)
            state.activeByToken[token, default: 0] += 1
            state.maxActiveByToken[token] = max(state.maxActiveByToken[token] ?? 0, state.activeByToken[token]!)
            return state.nextPublishes.isEmpty ? state.behaviour : state.nextPublishes.removeFirst()
        }
        defer {
            state.withLock { state in
                state.active -= 1
                state.activeByToken[token]! -= 1
                state.finished += 1
            }
        }
        switch behaviour {
        case .succeed:
            break
        case .fail(let error):
            throw error
        case .block:
            guard await gate.pass() else {
                throw ConnectorError(code: .uncertain, message: "the publish was cancelled while in flight")
            }
        }
        let number = state.withLock { state -> Int in
            state.published += 1
            return state.published
        }
        return PublishedPost(remoteID: "remote-\(number)", url: "https://example.test/status/\(number)", httpStatus: 201)
    }

    /// A first comment is published as a post is, scripted alike; its text is recorded with a `comment on ID: ` prefix.
    func comment(_ request: CommentRequest, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost {
        try await publish(PublishRequest(text: "comment on \(request.postRemoteID): \(request.text)", accountRemoteID: request.accountRemoteID),
                          credentials: credentials)
    }

    func findComment(_ request: CommentRequest, since: Date, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost? {
        try await findPublished(PublishRequest(text: request.text), since: since, credentials: credentials)
    }

    private static func token(_ credentials: AccountCredentials) -> String {
        credentials.token
    }
}

/// A counting gate: `open(n)` lets n passes through, whether they are already waiting or come later.
final class Gate: Sendable {
    private struct State {
        var permits = 0
        var waiters: [(id: Int, continuation: CheckedContinuation<Bool, Never>)] = []
        var nextID = 0
    }

    private let state = Mutex(State())

    func open(_ count: Int) {
        let woken = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            var woken: [CheckedContinuation<Bool, Never>] = []
            for _ in 0..<count {
                if state.waiters.isEmpty { state.permits += 1 } else { woken.append(state.waiters.removeFirst().continuation) }
            }
            return woken
        }
        for continuation in woken { continuation.resume(returning: true) }
    }

    /// True when let through, false when the task was cancelled first.
    func pass() async -> Bool {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let answer = state.withLock { state -> Bool? in
                    if Task.isCancelled { return false }
                    if state.permits > 0 {
                        state.permits -= 1
                        return true
                    }
                    state.waiters.append((id, continuation))
                    return nil
                }
                if let answer { continuation.resume(returning: answer) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index).continuation
            }
            waiter?.resume(returning: false)
        }
    }
}
