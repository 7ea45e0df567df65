import Foundation
import PostgresTestCluster
import SchedulerCore
import Testing

/// Several daemons, one PostgreSQL database, one set of networks: the work is split between them, a daemon
/// SIGKILLed mid-burst (and one that never comes back) is taken over, and every post is on its network once.
/// `make test` runs a short version; `CLUSTER_TEST_POSTS` and `CLUSTER_TEST_KILLS` make it longer.
@Suite(.serialized) struct SharedStoreClusterTests {
    static let environment = ProcessInfo.processInfo.environment
    static let posts = environment["CLUSTER_TEST_POSTS"].flatMap(Int.init) ?? 90
    static let kills = environment["CLUSTER_TEST_KILLS"].flatMap(Int.init) ?? 2

    @Test(.timeLimit(.minutes(30)))
    func threeDaemonsOneDatabase_oneKilledRepeatedly_oneLost_everyPostOnce() async throws {
        let directory = TemporaryDirectory("cluster-sandbox")
        let sandbox = try await SandboxUnderTest(directory: directory, arguments: ["--linkedin-products", "share,openid,community",
                                                                                  "--listing-lag", "3"])
        let database = try await PostgresCluster.shared().createDatabase()
        // A short lease, so a dead daemon's claims are taken over within seconds; the recovery timeline of the crash test.
        let config = DaemonUnderTest.quickClusterConfig(database)
        let first = try DaemonUnderTest("cluster-a", sandbox: sandbox, config: config)
        try await first.start()
        // The posts are spread 35 % X, 35 % LinkedIn, 15 % the Page and 15 % Instagram: the Page and Instagram share one
        // Graph app, whose budget (4,800 calls an hour in the sandbox, 200 per user in Graph's own rule) an Instagram post
        // spends three or four of. Enough accounts per network that no account's own limit is reached (X 100 posts per
        // 15 minutes per user, LinkedIn 150 and Instagram 50 a day), at half of it: an attempt whose outcome is in
        // doubt (a third of them fault) keeps its share of the budget, since it may have published. The rate-limit budgets are shared, so the daemons together would hold posts back rather than exceed one.
        let share = [7, 7, 3, 3]
        func network(of number: Int) -> Int {
            let slot = number % 20
            return slot < 7 ? 0 : slot < 14 ? 1 : slot < 17 ? 2 : 3
        }
        func count(_ network: Int, limit: Int) -> Int {
            let posts = (Self.posts * share[network] + 19) / 20
            return max(1, (posts * 2 + limit - 1) / limit)
        }
        var byNetwork: [[AccountView]] = [[], [], [], []]
        for index in 0..<count(0, limit: 100) { byNetwork[0].append(try await first.linkAccount("x", as: "cluster_x\(index)")) }
        for index in 0..<count(1, limit: 150) {
            let user = "cluster_li\(index)"
            byNetwork[1].append(try await first.linkAccount("linkedin", as: user, extra: ["--organization", try await sandbox.linkedInOrganization(of: user)]))
        }
        byNetwork[2].append(try await first.linkAccount("facebook", as: "cluster_fb"))
        for index in 0..<count(3, limit: 50) { byNetwork[3].append(try await first.linkAccount("instagram", as: "cluster_ig\(index)")) }
        let accounts = byNetwork.flatMap { $0 }
        // Uploaded at one daemon, kept in the database: whichever daemon publishes an Instagram post fetches it from there.
        let picture = try await first.uploadMedia(Fixtures.path("run-4x5.jpg"))
        var others: [DaemonUnderTest] = []
        for label in ["cluster-b", "cluster-c"] {
            let daemon = try DaemonUnderTest(label, sandbox: sandbox, config: config)
            try daemon.takeCredentialKey(from: first)
            try await daemon.start()
            others.append(daemon)
        }
        let (killed, lost) = (others[0], others[1])
        let daemons = [first, killed, lost]
        #expect(try await killed.status().deliveries.isEmpty, "every daemon sees the same (empty) state")
        let listed = try #require(try await first.status().daemons, "status lists the daemons sharing the store")
        #expect(listed.count == 3)
        #expect(listed.filter(\.this).count == 1, "the one that answered is marked")
        #expect(try killed.schedctl(["accounts", "list", "--json"]).decode([AccountView].self).count == accounts.count,
                "accounts linked at one daemon are there at the others")

        try await sandbox.setFaults(#"{"rate":0.3,"kinds":["server_error","slow","drop","lost_answer","slow_commit","gateway_timeout"],"#
                                    + #""slow_seconds":0.8,"commit_seconds":2}"#)
        let tag = UUID().uuidString.prefix(6)
        // Scheduled paused through every daemon's socket in turn (each sees and changes the same state), each post due
        // when it is stored, and resumed at another daemon than the one that paused: released together once all are stored.
        var requests: [SchedulePostRequest] = []
        for number in 0..<Self.posts {
            let pool = byNetwork[network(of: number)]
            let account = pool[(number / 20) % pool.count]
            requests.append(SchedulePostRequest(text: "Cluster run \(tag) post \(number)", to: [account.reference], at: "now",
                                                media: account.network == .instagram ? [MediaReference(id: picture)] : nil))
        }
        let texts = requests.map(\.text)
        try await killed.scheduleHeld(requests, through: daemons)
        #expect(try await first.status().paused == nil, "resumed at another daemon than the one that paused")

        var random = SystemRandomNumberGenerator()
        for round in 0..<Self.kills {
            try await Task.sleep(for: .milliseconds(Int.random(in: 300...(8_000 / max(1, Self.kills)), using: &random)))
            try await killed.kill()
            if round == 0 { try await lost.kill() }  // lost for good halfway through
            try await killed.start()
        }
        try await FaultInjectionTests.waitForEveryDelivery(first, sandbox, timeout: .seconds(180 + Self.posts / 10))

        let status = try await first.status()
        let count = PublicationCount(scheduled: texts, received: try await sandbox.received(), unknown: status.deliveries["unknown"] ?? 0)
        print("three daemons, one database, \(Self.posts) posts, \(Self.kills) kills and one daemon lost: \(count)")
        #expect(count.once == Self.posts, "\(count)")
        #expect(count.duplicates == 0)
        #expect(count.missing == 0)
        #expect(count.unknown == 0)
        // Faults here never include rate limits: a 429 would be a network's own limit, reached by the daemons together.
        let limited = try await sandbox.rejected().filter { $0["status"] == .integer(429) }
        #expect(limited.isEmpty, "no account exceeded its rate limit at the sandbox: \(limited.prefix(3))")
        let publishedBy = daemons.map { $0.logs.components(separatedBy: "delivery published").count - 1 }
        print("deliveries each daemon's logs report published: \(publishedBy)")
        #expect(publishedBy.filter { $0 > 0 }.count >= 2, "the work was split: \(publishedBy)")
        #expect(try await first.stop() == 0)
        #expect(try await killed.stop() == 0)
    }

    @Test(.timeLimit(.minutes(4)))
    func postgresRestartedMidBurst_theDaemonsReconnect_andEveryPostGoesOutOnce() async throws {
        let directory = TemporaryDirectory("restart-sandbox")
        let sandbox = try await SandboxUnderTest(directory: directory)
        // A cluster of its own: restarting the shared one would pull it from under the other tests.
        let cluster = try await PostgresCluster.start()
        let database = try await cluster.createDatabase()
        let config = DaemonUnderTest.quickClusterConfig(database)
        let first = try DaemonUnderTest("restart-a", sandbox: sandbox, config: config)
        try await first.start()
        let accounts = [try await first.linkAccount("x", as: "restart_x1"), try await first.linkAccount("x", as: "restart_x2")]
        let second = try DaemonUnderTest("restart-b", sandbox: sandbox, config: config)
        try second.takeCredentialKey(from: first)
        try await second.start()

        // Answers 0.5 s slow, so the burst (8 requests at a time) lasts seconds: long enough to restart the server in it.
        try await sandbox.setFaults(#"{"rate":1.0,"kinds":["slow"],"slow_seconds":0.5}"#)
        let posts = 40
        let tag = UUID().uuidString.prefix(6)
        let texts = (0..<posts).map { "Restart run \(tag) post \($0)" }
        try await first.scheduleHeld(texts.enumerated().map { number, text in
            SchedulePostRequest(text: text, to: [accounts[number % 2].reference], at: "now")
        }, through: [first, second])
        try await eventually(timeout: .seconds(40), "the burst to be under way") { try await first.status().deliveries["published", default: 0] > 0 }
        let publishedBefore = try await first.status().deliveries["published", default: 0]
        try await cluster.restart()
        #expect(publishedBefore < posts, "restarted mid-burst: \(publishedBefore) of \(posts) were out")
        do {
            try await FaultInjectionTests.waitForEveryDelivery(first, sandbox, timeout: .seconds(120))
        } catch {
            for daemon in [first, second] { print("--- \(daemon.stateDirectory)\n\(daemon.logs.suffix(3_000))") }
            throw error
        }

        let count = PublicationCount(scheduled: texts, received: try await sandbox.received(),
                                     unknown: try await first.status().deliveries["unknown"] ?? 0)
        print("PostgreSQL restarted mid-burst under two daemons, \(posts) posts: \(count)")
        #expect(count.once == posts, "\(count)")
        #expect(count.duplicates == 0)
        #expect(count.missing == 0)
        #expect(count.unknown == 0)
        for daemon in [first, second] {
            do {
                let status = try await daemon.stop()
                #expect(status == 0, "stopped cleanly: \(daemon.logs.suffix(12_000))")
            } catch {
                Issue.record("\(error): \(daemon.logs.suffix(4_000))")
            }
        }
        try await cluster.stop()
    }
}
