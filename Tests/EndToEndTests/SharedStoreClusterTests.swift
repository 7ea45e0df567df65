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
        // Scheduled paused, so a machine slow to take the burst cannot make a due time pass before it is stored; the
        // posts are due within 20 seconds of the first.
        #expect(try first.schedctl(["pause"]).status == 0)
        let firstDue = Date().addingTimeInterval(8 + Double(Self.posts) / 40)
        var texts: [String] = []
        for number in 0..<Self.posts {
            let pool = byNetwork[network(of: number)]
            let account = pool[(number / 20) % pool.count]
            let text = "Cluster run \(tag) post \(number)"
            let due = firstDue.addingTimeInterval(min(20, 8 * Double(Self.posts) / 90) * Double(number) / Double(Self.posts))
            // Scheduled through every daemon's socket in turn: each sees and changes the same state.
            _ = try await daemons[number % daemons.count].schedule(SchedulePostRequest(
                text: text, to: [account.reference], at: RFC3339.format(due),
                media: account.network == .instagram ? [MediaReference(id: picture)] : nil))
            texts.append(text)
        }
        #expect(try killed.schedctl(["resume"]).status == 0, "resumed at another daemon than the one that paused")

        var random = SystemRandomNumberGenerator()
        try await eventually(timeout: .seconds(30), "the first post to go out") { Date() >= firstDue }
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

        let posts = 40
        let tag = UUID().uuidString.prefix(6)
        let firstDue = Date().addingTimeInterval(5 + Double(posts) / 10)
        var texts: [String] = []
        for number in 0..<posts {
            let text = "Restart run \(tag) post \(number)"
            let due = firstDue.addingTimeInterval(6 * Double(number) / Double(posts))
            _ = try await [first, second][number % 2].schedule(SchedulePostRequest(text: text, to: [accounts[number % 2].reference], at: RFC3339.format(due)))
            texts.append(text)
        }
        try await eventually(timeout: .seconds(40), "the burst to be under way") { Date() >= firstDue.addingTimeInterval(2) }
        try await cluster.restart()
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
