import Foundation
import HTTPClient
import SchedulerCore
import Testing

/// With 30 % of the networks' answers faulted (5xx, 429 with a reset time, slow answers, dropped
/// connections, posts accepted whose answer never arrives, expired tokens), every post still ends
/// published exactly once, and no retry comes before the reset time the emulation sent.
/// `make fault-test` runs it bigger (`FAULT_TEST_POSTS`).
@Suite(.serialized) struct FaultInjectionTests {
    static let posts = ProcessInfo.processInfo.environment["FAULT_TEST_POSTS"].flatMap(Int.init) ?? 40

    @Test(.timeLimit(.minutes(10)))
    func withThirtyPercentOfRequestsFaulted_everyPostIsPublishedExactlyOnce_andRetriesWaitForTheReset() async throws {
        let directory = TemporaryDirectory("fault-sandbox")
        let sandbox = try await SandboxUnderTest(directory: directory)
        // One request at a time per account, so "the next request after a 429" is that account's retry.
        let daemon = try DaemonUnderTest("faults", sandbox: sandbox, config: """
            [engine]
            retry_base = "1s"
            retry_max = "4s"
            max_attempts = 60
            per_account_concurrency = 1
            request_timeout_s = 10
            """)
        try await daemon.start()
        let accounts: [[AccountView]] = [
            [try await daemon.linkAccount("x", as: "fault_x1"), try await daemon.linkAccount("x", as: "fault_x2")],
            [try await daemon.linkAccount("facebook", as: "fault_fb")],
            [try await daemon.linkAccount("linkedin", as: "fault_li")],
            [try await daemon.linkAccount("instagram", as: "fault_ig1"), try await daemon.linkAccount("instagram", as: "fault_ig2")],
        ]
        let picture = try await daemon.uploadMedia(Fixtures.path("run-4x5.jpg"))
        let seed = ProcessInfo.processInfo.environment["FAULT_TEST_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...(1 << 40))
        print("fault test: seed \(seed) (FAULT_TEST_SEED=\(seed) replays the sandbox's choices)")
        try await sandbox.setFaults(#"{"rate":0.3,"seed":\#(seed),"reset_seconds":2,"slow_seconds":1.5}"#)

        let tag = UUID().uuidString.prefix(6)
        let firstDue = Date().addingTimeInterval(2)
        var texts: [String] = []
        for number in 0..<Self.posts {
            let network = number % accounts.count
            let account = accounts[network][(number / accounts.count) % accounts[network].count]
            let text = "Fault run \(tag) post \(number)"
            _ = try await daemon.schedule(SchedulePostRequest(
                text: text, to: [account.reference], at: RFC3339.format(firstDue.addingTimeInterval(5 * Double(number) / Double(Self.posts))),
                media: account.network == .instagram ? [MediaReference(id: picture)] : nil))
            texts.append(text)
        }
        do {
            try await eventually(timeout: .seconds(Self.posts * 6), "every delivery to finish despite the faults") { try await daemon.unfinishedDeliveries() == 0 }
        } catch {
            let pending = try daemon.schedctl(["list", "--state", "pending", "--json"]).decode([PostView].self)
            for post in pending.prefix(5) { print(try daemon.schedctl(["history", "\(post.id)"]).stdout) }
            print("status: \(try daemon.schedctl(["status"]).stdout); faults: \(try await sandbox.record("faults"))")
            print(daemon.logsOfEveryRun.split(separator: "\n").filter { $0.contains("linkedin") || $0.contains("held back") }.suffix(30).joined(separator: "\n"))
            throw error
        }

        let status = try await daemon.status()
        let received = try await sandbox.received()
        let faults = try await sandbox.record("faults")
        let count = PublicationCount(scheduled: texts, received: received, unknown: status.deliveries["unknown"] ?? 0)
        var kinds: [String: Int] = [:]
        for fault in faults { kinds[fault["kind"]?.stringValue ?? "?", default: 0] += 1 }
        let checked = try Self.retriesNeverBeforeTheReset(faults: faults, received: received)
        print("fault test (seed \(seed)): \(Self.posts) posts, \(faults.count) faults \(kinds.sorted { $0.key < $1.key }); \(count); "
              + "\(checked) rate limits checked against the next request of their account; deliveries \(status.deliveries)")
        #expect(count.once == Self.posts, "seed \(seed)")
        #expect(count.duplicates == 0 && count.missing == 0 && count.unknown == 0, "seed \(seed)")
        #expect(status.deliveries["published"] == Self.posts)
        #expect(Set(kinds.keys).isSuperset(of: ["server_error", "rate_limit", "slow", "drop", "lost_answer"]), "every kind was exercised: \(kinds)")
        #expect(checked > 0)
        _ = try await daemon.stop()
    }

    /// For every 429 the emulation sent to an account, the account's next request (accepted or faulted)
    /// came no earlier than the reset time that 429 announced. Returns how many 429s were checked.
    static func retriesNeverBeforeTheReset(faults: [JSONValue], received: [JSONValue]) throws -> Int {
        struct Request { var at: Date; var account: String }
        var requests: [Request] = []
        for fault in faults {
            if let at = fault["at"]?.stringValue.flatMap(RFC3339.parse), let account = fault["account"]?.stringValue {
                requests.append(Request(at: at, account: account))
            }
        }
        for record in received {
            if let at = record["received_at"]?.stringValue.flatMap(RFC3339.parse), let account = record["user_id"]?.stringValue {
                requests.append(Request(at: at, account: account))
            }
        }
        var checked = 0
        for fault in faults where fault["kind"]?.stringValue == "rate_limit" {
            guard let at = fault["at"]?.stringValue.flatMap(RFC3339.parse), let reset = fault["reset_at"]?.stringValue.flatMap(RFC3339.parse),
                  let account = fault["account"]?.stringValue else { continue }
            guard let next = requests.filter({ $0.account == account && $0.at > at }).min(by: { $0.at < $1.at }) else { continue }
            #expect(next.at >= reset, "account \(account) was sent a request at \(RFC3339.format(next.at)), before the reset \(RFC3339.format(reset))")
            checked += 1
        }
        return checked
    }
}

extension SandboxUnderTest {
    /// `PUT /_sandbox/faults`: from now on, fault that share of the networks' answers.
    func setFaults(_ plan: String) async throws {
        let response = try await CurlHTTPClient().send(HTTPRequest(method: "PUT", url: url + "/_sandbox/faults",
                                                                   headers: [HTTPHeader("Content-Type", "application/json")], body: Array(plan.utf8)))
        guard response.status == 200 else { throw E2EError("the sandbox refused the fault plan: \(response.bodyText)") }
    }
}
