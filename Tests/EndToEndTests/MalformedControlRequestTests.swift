import Foundation
import SchedulerCore
import Testing

/// The control socket is the daemon's only door, and anything that can open it can send it anything:
/// 10,000 malformed HTTP/1.1 requests (broken, truncated and deeply nested JSON, wrong types, huge bodies and
/// a 10 GB `Content-Length`, invalid UTF-8 in the body and in the target, bad headers, requests cut off
/// mid-body) over several keep-alive connections, with fifty clients that connect, send half a request and
/// go silent for the whole run. Each answer must be a 4xx with the API's JSON error body (or, for framing
/// the HTTP parser refuses, a bare 400 and a closed connection), never a 5xx and never later than a deadline;
/// meanwhile the posts due during the attack go out on time and other clients are still served.
///
/// The requests come from a seeded generator, and each one depends only on the seed and its index, so a
/// failure names the request that caused it and `MALFORMED_SEED=<seed>` replays the same run.
@Suite(.serialized) struct MalformedControlRequestTests {
    static let requestCount = 10_000
    static let connections = 12
    static let stalledClients = 50
    /// How long a single answer may take before the daemon counts as hung on that connection.
    static let answerDeadline: Duration = .seconds(10)

    @Test func tenThousandMalformedRequests_getFourHundreds_andPublishingStaysOnTime() async throws {
        let seed = ProcessInfo.processInfo.environment["MALFORMED_SEED"].flatMap { UInt64($0) } ?? 20_251_122
        let directory = TemporaryDirectory("malformed")
        let sandbox = try await SandboxUnderTest(directory: directory)
        let daemon = try DaemonUnderTest("malformed", sandbox: sandbox)
        try await daemon.start()
        let account = try daemon.addSandboxAccount(username: "runner")

        // Due 3 to 12 s after the daemon stores each (it reads "in 3s" on receipt): while the attack runs, which lasts at
        // least until a second after the last is due.
        var due: [PostView] = []
        for offset in [3, 4, 5, 12] {
            let text = "Due during the attack +\(offset)s \(UUID().uuidString.prefix(6))"
            due.append(try daemon.schedule(text, to: account.reference, at: "in \(offset)s"))
        }
        let lastDue = try #require(due.compactMap(\.dueAt).max())
        let attackLastsUntil = ContinuousClock.now + .milliseconds(Int(lastDue.timeIntervalSinceNow * 1000) + 1_000)

        let socketPath = daemon.socket
        let stalled = try (0..<Self.stalledClients).map { index in
            let client = try RawControlSocket(path: socketPath)
            client.send(Array(MalformedRequests.stallPrefixes[index % MalformedRequests.stallPrefixes.count].utf8))
            return client
        }

        let ledger = AttackLedger(total: Self.requestCount, lastsUntil: attackLastsUntil)
        let started = ContinuousClock.now
        await onThreads(Self.connections + 1) { worker in
            if worker == Self.connections {
                Self.probeStatus(socketPath: socketPath, ledger: ledger)
            } else {
                Self.attack(socketPath: socketPath, seed: seed, ledger: ledger)
            }
        }
        let elapsed = ContinuousClock.now - started
        let stillOpen = stalled.filter { !$0.isClosedByPeer }.count
        stalled.forEach { $0.close() }

        let report = ledger.report()
        print("""
            malformed control requests (seed \(seed)): \(report.sent) sent in \(elapsed) over \(Self.connections) connections, \
            \(report.reconnects) reconnections
              answers: \(report.outcomes.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", "))
              by kind: \(report.kinds.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", "))
              stalled clients: \(Self.stalledClients), \(stillOpen) still connected at the end
              status probe meanwhile: \(report.probes) answers, slowest \(report.slowestProbe)
            """)
        #expect(report.sent >= Self.requestCount)
        #expect(report.failures.isEmpty, "\(report.failures.count) bad answers, the first: \n\(report.failures.prefix(15).joined(separator: "\n"))")
        #expect(report.probes > 0, "other clients were served during the attack")
        #expect(report.slowestProbe < .seconds(2), "a well-formed request waited \(report.slowestProbe) during the attack")

        // The daemon lived through it, still answers promptly, and stored nothing it was sent.
        #expect(daemon.process?.process.isRunning == true, "schedulerd is still running: \(daemon.logs.suffix(2_000))")
        let statusStarted = ContinuousClock.now
        #expect(try daemon.schedctl(["status"]).status == 0)
        #expect(ContinuousClock.now - statusStarted < .seconds(2), "schedctl status answered quickly")
        try await eventually("the due posts to be published") { try daemon.posts(state: "published").count == due.count }
        let listed = try daemon.posts(state: "all")
        #expect(listed.count == due.count, "no malformed request stored a post")
        for post in due {
            #expect(listed.first { $0.id == post.id }?.text == post.text, "post \(post.id) was not edited by a malformed PATCH")
        }
        #expect(try daemon.accounts().count == 1, "no malformed request imported an account")

        // Published on time, from the network's own record, despite the attack.
        let received = try await sandbox.received()
        for post in due {
            let copies = received.filter { $0["body"]?["text"]?.stringValue == post.text }
            #expect(copies.count == 1, "\(post.text) was received \(copies.count) times")
            let receivedAt = try #require(copies.first?["received_at"]?.stringValue.flatMap(RFC3339.parse))
            let lateness = receivedAt.timeIntervalSince(post.dueAt!)
            print("  post \(post.id) published \(String(format: "%.3f", lateness)) s after its due time")
            #expect(lateness >= -0.05 && lateness < 1.0, "post \(post.id) arrived \(lateness) s after its due time")
        }
        #expect(try await daemon.stop() == 0, "SIGTERM still ends the daemon cleanly")
    }

    /// One attacking connection: takes the next request index until the ledger says stop, keeps its
    /// connection alive between requests, and reconnects when the daemon closes it.
    static func attack(socketPath: String, seed: UInt64, ledger: AttackLedger) {
        var connection: RawControlSocket?
        while let index = ledger.nextIndex() {
            let request = MalformedRequests.make(index: index, seed: seed)
            do {
                let outcome: Outcome
                switch request.delivery {
                case .keepAlive:
                    var reused = false
                    if let open = connection, !open.isClosedByPeer { reused = true } else {
                        connection = try RawControlSocket(path: socketPath)
                        ledger.reconnected()
                    }
                    var answer = try exchange(request, on: connection!)
                    if answer == nil, reused {
                        // The daemon closed the kept-alive connection as this was sent: once more on a fresh one.
                        connection = try RawControlSocket(path: socketPath)
                        ledger.reconnected()
                        answer = try exchange(request, on: connection!)
                    }
                    if answer == nil || answer!.closesConnection { connection = nil }
                    outcome = Outcome(answer)
                case .alone, .cutOff, .hugeClaim:
                    let alone = try RawControlSocket(path: socketPath)
                    outcome = Outcome(try exchange(request, on: alone))
                    alone.close()
                }
                ledger.record(request, outcome)
            } catch is RawSocketTimeout {
                ledger.record(request, .timedOut)
                connection = nil
            } catch {
                ledger.record(request, .failed("\(error)"))
                connection = nil
            }
        }
    }

    /// Sends one request and reads its answer; nil when the daemon closed the connection without one.
    static func exchange(_ request: MalformedRequest, on connection: RawControlSocket) throws -> RawHTTPResponse? {
        let sent = connection.send(request.bytes)
        if request.delivery == .cutOff || !sent { connection.shutdownWrite() }
        return try connection.readResponse(deadline: .now + answerDeadline)
    }

    /// A well-formed client during the attack: `GET /v1/status` on a fresh connection every 100 ms.
    static func probeStatus(socketPath: String, ledger: AttackLedger) {
        let request = Array("GET /v1/status HTTP/1.1\r\nHost: schedulerd\r\nConnection: close\r\n\r\n".utf8)
        while !ledger.isFinished {
            let started = ContinuousClock.now
            do {
                let connection = try RawControlSocket(path: socketPath)
                connection.send(request)
                let answer = try connection.readResponse(deadline: .now + answerDeadline)
                connection.close()
                guard answer?.status == 200 else { throw E2EError("status probe answered \(answer.map { "\($0.status)" } ?? "nothing")") }
                ledger.probed(ContinuousClock.now - started)
            } catch {
                ledger.probeFailed("\(error)")
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }
}

/// How one request ended, as the ledger counts it.
enum Outcome {
    case answered(RawHTTPResponse)
    case closedWithoutAnswer
    case timedOut
    case failed(String)

    init(_ response: RawHTTPResponse?) {
        self = response.map { .answered($0) } ?? .closedWithoutAnswer
    }
}

/// Shared by the attacking threads: hands out request indexes, counts answers, keeps the failures.
final class AttackLedger: @unchecked Sendable {
    struct Report {
        var sent: Int
        var reconnects: Int
        var outcomes: [String: Int]
        var kinds: [String: Int]
        var failures: [String]
        var probes: Int
        var slowestProbe: Duration
    }

    private let lock = NSLock()
    private let total: Int
    private let lastsUntil: ContinuousClock.Instant
    private var next = 0
    private var finishedWorkers = false
    private var state = Report(sent: 0, reconnects: 0, outcomes: [:], kinds: [:], failures: [], probes: 0, slowestProbe: .zero)

    init(total: Int, lastsUntil: ContinuousClock.Instant) {
        self.total = total
        self.lastsUntil = lastsUntil
    }

    /// The next request to send: at least `total`, and more until `lastsUntil` so the attack spans the due posts.
    func nextIndex() -> Int? {
        lock.withLock {
            guard next < total || ContinuousClock.now < lastsUntil else {
                finishedWorkers = true
                return nil
            }
            defer { next += 1 }
            return next
        }
    }

    var isFinished: Bool { lock.withLock { finishedWorkers && state.sent >= next } }

    func reconnected() { lock.withLock { state.reconnects += 1 } }

    func record(_ request: MalformedRequest, _ outcome: Outcome) {
        let verdict = MalformedRequests.judge(request, outcome)
        lock.withLock {
            state.sent += 1
            state.outcomes[verdict.label, default: 0] += 1
            state.kinds[request.kind, default: 0] += 1
            if let problem = verdict.problem {
                state.failures.append("#\(request.index) \(request.kind): \(problem); sent \(RawControlSocket.printable(request.bytes))")
            }
        }
    }

    func probed(_ latency: Duration) { lock.withLock { state.probes += 1; state.slowestProbe = max(state.slowestProbe, latency) } }

    func probeFailed(_ reason: String) { lock.withLock { state.failures.append("status probe: \(reason)") } }

    func report() -> Report { lock.withLock { state } }
}

/// Runs `body(0..<count)` on dedicated threads (blocking socket I/O stays off the cooperative pool).
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            let thread = Thread {
                body(index)
                group.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        group.notify(queue: .global()) { continuation.resume() }
    }
}

/// SplitMix64: tiny, and the same sequence for the same seed on every machine and toolchain.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// One request of the attack, exactly as its bytes go on the wire.
struct MalformedRequest {
    enum Delivery {
        /// On the worker's kept-alive connection.
        case keepAlive
        /// On a connection of its own, closed after the answer: framing the parser may read differently from us.
        case alone
        /// Part of a request, then the client stops sending (shuts down its side); an answer or a close will do.
        case cutOff
        /// A head claiming 10 GB and a little of the body; the answer must come without the rest.
        case hugeClaim
    }

    var index: Int
    var kind: String
    var bytes: [UInt8]
    var delivery: Delivery
}

/// The generator of malformed requests and the judge of their answers.
enum MalformedRequests {
    /// Real routes that take a body, each with a well-shaped body to break. None of the bodies would succeed
    /// even if accepted as is: the account `x:@nobody` does not exist, and the tokens are forged.
    static let bodyRoutes: [(method: String, path: String, template: String)] = [
        ("POST", "/v1/posts", #"{"text":"Easy 10k this morning","to":["x:@nobody"],"at":"in 1h","tz":"Europe/Paris"}"#),
        ("PATCH", "/v1/posts/1", #"{"text":"Edited","at":"in 2h","lateness":"30m"}"#),
        ("POST", "/v1/check", #"{"text":"Checking the length","network":"x","media":[{"id":"abc","alt":"a picture"}]}"#),
        ("POST", "/v1/accounts", #"{"network":"x","token":"1-forged","token_secret":"forged","handle":"nobody"}"#),
        ("POST", "/v1/links", #"{"network":"x","method":"oauth1","redirect_uri":"http://127.0.0.1:9/callback"}"#),
        ("POST", "/v1/links/x/complete", #"{"response":"http://127.0.0.1:9/callback?code=c&state=s","page":"p"}"#),
        ("POST", "/v1/handoffs/999/done", #"{"url":"https://www.instagram.com/p/ABC/"}"#),
    ]

    /// What the fifty stalled clients send before going silent.
    static let stallPrefixes = [
        "",
        "\r\n\r\n\r\n",
        "POST /v1/po",
        "POST /v1/posts HTTP/1.1\r\nHost: schedulerd\r\nContent-Type: appl",
        "POST /v1/posts HTTP/1.1\r\nHost: schedulerd\r\nContent-Length: 200\r\n\r\n",
        "POST /v1/posts HTTP/1.1\r\nHost: schedulerd\r\nContent-Length: 200\r\n\r\n{\"text\":\"half a bo",
        "PATCH /v1/posts/1 HTTP/1.1\r\nHost: schedulerd\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n{\"text\":",
        "POST /v1/media HTTP/1.1\r\nHost: schedulerd\r\nContent-Length: 50000000\r\n\r\n\u{FF}\u{D8}\u{FF}",
    ]

    static let invalidUTF8: [[UInt8]] = [
        [0xFF], [0xFE, 0xFF], [0xC3, 0x28], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0x80], [0xF0, 0x9F], [0xF8, 0x88, 0x80, 0x80, 0x80],
    ]

    static func make(index: Int, seed: UInt64) -> MalformedRequest {
        var random = SeededGenerator(seed: seed &+ UInt64(index) &* 0xD1B5_4A32_D192_ED03)
        let roll = Int.random(in: 0..<1_000, using: &random)
        let route = bodyRoutes.randomElement(using: &random)!
        let template = Array(route.template.utf8)
        func request(_ kind: String, _ body: [UInt8], method: String = route.method, target: [UInt8]? = nil,
                     headers: [String] = ["Content-Type: application/json"], delivery: MalformedRequest.Delivery = .keepAlive) -> MalformedRequest {
            var bytes = Array("\(method) ".utf8) + (target ?? Array(route.path.utf8)) + Array(" HTTP/1.1\r\nHost: schedulerd\r\n".utf8)
            for header in headers { bytes += Array("\(header)\r\n".utf8) }
            bytes += Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
            return MalformedRequest(index: index, kind: kind, bytes: bytes, delivery: delivery)
        }

        switch roll {
        case 0..<200: return request("broken JSON", brokenJSON(template, &random))
        case 200..<350: return request("truncated JSON", Array(template.prefix(Int.random(in: 1..<template.count, using: &random))))
        case 350..<550: return request("wrong types", wrongTypes(route.path, &random))
        case 550..<580: return request("deep nesting", deepNesting(&random))
        case 580..<583: return request("huge body", hugeBody(&random))
        case 583..<586:
            // Claims 10 GB, sends 64 KB or 1.5 MB of it, then waits for the answer.
            let sent = [UInt8](repeating: UInt8(ascii: "["), count: Bool.random(using: &random) ? 65_536 : 1_572_864)
            let path = ["/v1/posts", "/v1/media", "/v1/check", "/v1/accounts"].randomElement(using: &random)!
            let bytes = Array("POST \(path) HTTP/1.1\r\nHost: schedulerd\r\nContent-Type: application/json\r\nContent-Length: 10737418240\r\n\r\n".utf8) + sent
            return MalformedRequest(index: index, kind: "10 GB claimed", bytes: bytes, delivery: .hugeClaim)
        case 586..<670:
            var body = template
            let inside = (body.firstIndex(of: UInt8(ascii: ":")) ?? 0) + 3
            body.insert(contentsOf: invalidUTF8.randomElement(using: &random)!, at: min(inside, body.count - 2))
            return request("invalid UTF-8 body", body)
        case 670..<750: return request("invalid UTF-8 target", Array(template.prefix(10)), method: "GET", target: invalidTarget(&random))
        case 750..<830: return request("bad query", [], method: "GET", target: Array(badQuery(&random).utf8), headers: [])
        case 830..<900: return badHeaders(index: index, &random)
        case 900..<940:
            let (method, path) = [("PUT", "/v1/posts"), ("DELETE", "/v1/check"), ("GET", "/v1/nonexistent"), ("POST", "/v2/posts"),
                                  ("GET", "/"), ("POST", "/v1/status"), ("PATCH", "/v1/accounts"), ("BREW", "/v1/posts"),
                                  ("GET", "/v1/posts/1/cancel"), ("DELETE", "/v1/media")].randomElement(using: &random)!
            return request("wrong method or route", brokenJSON(template, &random), method: method, target: Array(path.utf8))
        case 940..<975:
            // Content-Length promises more than is sent, then the client stops.
            var bytes = Array("\(route.method) \(route.path) HTTP/1.1\r\nHost: schedulerd\r\nContent-Length: \(template.count + 100)\r\n\r\n".utf8)
            bytes += template.prefix(Int.random(in: 0..<template.count, using: &random))
            return MalformedRequest(index: index, kind: "cut off mid-body", bytes: bytes, delivery: .cutOff)
        case 975..<990:
            let type = ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json; charset=latin1"]
                .randomElement(using: &random)!
            return request("wrong content type", brokenJSON(template, &random), headers: ["Content-Type: \(type)"])
        default:
            let empty = [[], Array(" ".utf8), Array("\r\n".utf8), Array("null".utf8), [0]].randomElement(using: &random)!
            return request("empty or null body", empty)
        }
    }

    /// The template made invalid in a way no lenient reading could accept.
    static func brokenJSON(_ template: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        let text = String(decoding: template, as: UTF8.self)
        switch Int.random(in: 0..<12, using: &random) {
        case 0: return Array(text.replacingOccurrences(of: "\":", with: "\"=").utf8)
        case 1: return Array(text.replacingOccurrences(of: "{\"text\"", with: "{text").replacingOccurrences(of: "{\"network\"", with: "{network")
            .replacingOccurrences(of: "{\"response\"", with: "{response").replacingOccurrences(of: "{\"url\"", with: "{url").utf8)
        case 2: return template + Array(["x", "}", ",", "{}", "]"].randomElement(using: &random)!.utf8)
        case 3: return [UInt8(ascii: "{"), UInt8(ascii: ",")] + template.dropFirst()
        case 4: return Array(text.replacingOccurrences(of: "\"", with: "'").utf8)
        case 5: return Array("/* comment */".utf8) + template
        case 6: return Array(text.replacingOccurrences(of: "\":", with: "\"::").utf8)
        case 7: return Array(#"{"text": NaN, "at": Infinity}"#.utf8)
        case 8: return Array(#"{"text":"unterminated"#.utf8)
        case 9: return Array(#"{"text":"bad escape \q \u12"}"#.utf8)
        case 10:
            let alphabet = Array("{}[]\":,\\ abc019-+.eE\t\n".utf8)
            return [UInt8(ascii: "{")] + (0..<Int.random(in: 1..<200, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
                + [UInt8(ascii: "\"")]
        default: return Array(#"{"text":"a"}{"text":"b"}"#.utf8)
        }
    }

    /// Valid JSON of the wrong shape: numbers for strings, arrays for objects, nulls, and wrong top-level values.
    static func wrongTypes(_ path: String, _ random: inout SeededGenerator) -> [UInt8] {
        // Null only where the field is required: an optional field may be null.
        let wrong = ["123", "-1.5e308", "[\"a\"]", "{}", "true", "{\"nested\":{\"deeper\":[1,2,3]}}", "18446744073709551616"]
        let value = wrong.randomElement(using: &random)!
        let required = (wrong + ["null", "[]"]).randomElement(using: &random)!
        let bodies: [String] = switch path {
        case "/v1/posts": [#"{"text":\#(required),"to":["x:@nobody"],"at":"in 1h"}"#, #"{"text":"a","to":\#(required),"at":"in 1h"}"#,
                           #"{"text":"a","to":[\#(required)],"at":"in 1h"}"#, #"{"text":"a","to":["x:@nobody"],"at":\#(required)}"#,
                           #"{"text":"a","to":["x:@nobody"],"at":"in 1h","overrides":[\#(value)]}"#]
        case "/v1/posts/1": [#"{"text":\#(value)}"#, #"{"at":\#(value)}"#, #"{"tz":\#(value),"text":5}"#, #"{"lateness":[\#(value)]}"#]
        case "/v1/check": [#"{"text":\#(required),"network":"x"}"#, #"{"text":"a","network":\#(required)}"#, #"{"text":"a","network":"myspace"}"#,
                           #"{"text":"a","network":"x","media":\#(value)}"#]
        case "/v1/accounts": [#"{"network":\#(required),"token":"t"}"#, #"{"network":"x","token":\#(required)}"#, #"{"network":"x"}"#]
        case "/v1/links": [#"{"network":\#(required)}"#, #"{"network":"x","method":\#(value)}"#, #"{"network":"friendster"}"#]
        case "/v1/links/x/complete": [#"{"response":\#(required)}"#, #"{"page":"p"}"#]
        default: [#"{"url":\#(value)}"#, #"{"url":"javascript:alert(1)"}"#]
        }
        let topLevel = ["[]", "[{}]", "\"just a string\"", "42", "true", "[\(value)]"]
        return Array((Int.random(in: 0..<5, using: &random) == 0 ? topLevel.randomElement(using: &random)! : bodies.randomElement(using: &random)!).utf8)
    }

    static func deepNesting(_ random: inout SeededGenerator) -> [UInt8] {
        let depth = [1_000, 10_000, 100_000].randomElement(using: &random)!
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return [UInt8](repeating: UInt8(ascii: "["), count: depth)
        case 1: return [UInt8](repeating: UInt8(ascii: "["), count: depth) + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
        case 2: return Array(String(repeating: "{\"a\":", count: depth / 5).utf8) + Array("1".utf8) + [UInt8](repeating: UInt8(ascii: "}"), count: depth / 5)
        default: return Array(#"{"text":"#.utf8) + [UInt8](repeating: UInt8(ascii: "["), count: depth) + [UInt8](repeating: UInt8(ascii: "]"), count: depth) + [UInt8(ascii: "}")]
        }
    }

    /// 2 to 6 MB: one huge string, or a huge array of numbers.
    static func hugeBody(_ random: inout SeededGenerator) -> [UInt8] {
        let size = Int.random(in: 2_000_000...6_000_000, using: &random)
        if Bool.random(using: &random) {
            return Array(#"{"text":""#.utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: size) + Array(#"","to":["x:@nobody"],"at":"in 1h"}"#.utf8)
        }
        return [UInt8(ascii: "[")] + Array(repeating: Array("1,".utf8), count: size / 2).flatMap { $0 } + Array("1]".utf8)
    }

    static func invalidTarget(_ random: inout SeededGenerator) -> [UInt8] {
        let bad = invalidUTF8.randomElement(using: &random)!
        let targets: [[UInt8]] = [
            Array("/v1/posts/".utf8) + bad,
            Array("/v1/posts?limit=".utf8) + bad,
            Array("/v1/accounts/".utf8) + bad,
            Array("/v1/".utf8) + bad + Array("/posts".utf8),
            Array("/v1/posts?state=%ff%fe&limit=%c3%28".utf8),
            Array("/v1/accounts/%c0%af".utf8),
            Array("/v1/accounts/%ed%a0%80".utf8),
            Array("/v1/posts/%00".utf8),
            Array("/v1/posts?account=%ff".utf8),
            Array("/v1/accounts/%".utf8),
        ]
        return targets.randomElement(using: &random)!
    }

    static func badQuery(_ random: inout SeededGenerator) -> String {
        ["/v1/posts?limit=abc", "/v1/posts?limit=-1", "/v1/posts?limit=99999999999999999999", "/v1/posts?limit=1e3", "/v1/posts?offset=x",
         "/v1/posts?offset=-5", "/v1/posts?state=bogus", "/v1/posts?limit=", "/v1/posts?limit=abc&limit=1", "/v1/posts?account=%00",
         "/v1/posts?account=x:@nobody", "/v1/posts?state=", "/v1/posts/abc", "/v1/posts/-1", "/v1/posts/0", "/v1/posts/99999999999999999999999",
         "/v1/accounts/x:@nobody", "/v1/sandbox/records/passwords", "/v1/posts?limit=0x10", "/v1/posts?limit=%31%30%30%30%30"].randomElement(using: &random)!
    }

    /// Headers the HTTP parser must refuse or the API must reject; each on a connection of its own.
    static func badHeaders(index: Int, _ random: inout SeededGenerator) -> MalformedRequest {
        let body = #"{"text":"#
        let heads = [
            "POST /v1/posts HTTP/1.1\r\nHost: s\r\nContent-Length: abc\r\n\r\n\(body)",
            "POST /v1/posts HTTP/1.1\r\nHost: s\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\n\(body)",
            "POST /v1/posts HTTP/1.1\r\nHost: s\r\nContent-Length: -8\r\n\r\n\(body)",
            "POST /v1/posts HTTP/1.1\r\nHost: s\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n\(body)\r\n0\r\n\r\n",
            "POST /v1/posts HTTP/1.1\r\nHost: s\r\nTransfer-Encoding: chunked\r\nContent-Length: 8\r\n\r\n8\r\n\(body)\r\n0\r\n\r\n",
            "POST /v1/posts HTTP/1.1\r\nHost: s\r\nTransfer-Encoding: gzip, chunked, identity\r\n\r\n8\r\n\(body)\r\n0\r\n\r\n",
            "POST /v1/posts HTTP/1.1\r\nHost: s\r\nthis header has no colon\r\nContent-Length: 8\r\n\r\n\(body)",
            "POST /v1/posts HTTP/1.1\r\nHost: s\r\nBad Name: x\r\nContent-Length: 8\r\n\r\n\(body)",
            "POST /v1/posts HTTP/1.1\r\nHost: s\r\nX-Nul: a\u{0}b\r\nContent-Length: 8\r\n\r\n\(body)",
            "POST /v1/posts HTTP/1.1\r\nHost: s\r\nX-Long: \(String(repeating: "a", count: 100_000))\r\nContent-Length: 8\r\n\r\n\(body)",
            "POST /v1/posts HTTP/1.1\r\n" + (0..<1_200).map { "X-H\($0): v\r\n" }.joined() + "Content-Length: 8\r\n\r\n\(body)",
            "POST /v1/posts HTTP/9.9\r\nHost: s\r\nContent-Length: 8\r\n\r\n\(body)",
            "GARBAGE\r\n\r\n",
            "GET\r\n\r\n",
            "POST /v1/posts HTTP/1.1\nHost: s\nContent-Length: 8\n\n\(body)",
            "POST /v1/posts HTTP/1.1\r\nHost: s\r\n Folded: continuation\r\nContent-Length: 8\r\n\r\n\(body)",
            "POST /v1/posts HTTP/1.1\r\nHost: s\r\nExpect: 100-continue\r\nContent-Length: 8\r\n\r\n\(body)",
            "POST /v1/posts HTTP/1.1\r\nHost: s\r\nContent-Type: \u{7F}\r\nContent-Length: 8\r\n\r\n\(body)",
            "POST  /v1/posts  HTTP/1.1\r\nHost: s\r\nContent-Length: 8\r\n\r\n\(body)",
            "POST /v1/posts HTTP/1.1\r\nHost: s\r\nContent-Length: 8\r\nConnection: close\r\n\r\n\(body)",
            "POST http://evil.example/v1/posts HTTP/1.1\r\nHost: evil.example\r\nContent-Length: 8\r\n\r\n\(body)",
            "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
        ]
        return MalformedRequest(index: index, kind: "bad headers", bytes: Array(heads.randomElement(using: &random)!.utf8), delivery: .alone)
    }

    /// What an outcome is counted as, and why it is wrong if it is.
    static func judge(_ request: MalformedRequest, _ outcome: Outcome) -> (label: String, problem: String?) {
        switch outcome {
        case .timedOut:
            return ("no answer in time", "no answer within \(MalformedControlRequestTests.answerDeadline)")
        case .failed(let reason):
            return ("client error", reason)
        case .closedWithoutAnswer:
            // A client that stopped sending may be dropped; anything else deserves an answer.
            if request.delivery == .cutOff { return ("closed (cut off)", nil) }
            return ("closed without answer", "the daemon closed the connection without answering")
        case .answered(let response):
            let label = "\(response.status)"
            guard (400..<500).contains(response.status) else {
                return (label, "answered \(response.status): \(RawControlSocket.printable(response.body))")
            }
            if response.body.isEmpty, response.status == 400, response.closesConnection {
                return ("400 framing (closed)", nil)  // the HTTP parser refused the bytes before any route saw them
            }
            guard response.header("content-type")?.hasPrefix("application/json") == true,
                  let error = try? JSONCoding.decoder().decode(APIErrorBody.self, from: Data(response.body)), !error.error.message.isEmpty
            else {
                return (label + " without JSON", "answered \(response.status) without the JSON error body: \(RawControlSocket.printable(response.body))")
            }
            return (label, nil)
        }
    }
}
