import Foundation
import SandboxContract
import SchedulerCore
import Testing

/// Issue 48, items 1 and 4: a `--sandbox` daemon restarted on its state directory starts the emulations where they
/// were, says at once that they have forgotten the accounts' tokens (instead of a post failing with "could not
/// connect"), and the post that waited goes out once, after the accounts are linked again. The Mastodon instance is
/// named by the domain in its handles.
@Suite(.serialized) struct SandboxRestartEndToEndTests {
    @Test(.timeLimit(.minutes(3)))
    func aRestartedSandboxDaemon_keepsItsAddresses_marksTheAccountsForRelinking_andTheWaitingPostGoesOutOnceAfterRelinking() async throws {
        let daemon = try DaemonUnderTest("sandbox-restart")
        try await daemon.start()
        // Item 4: the start-up line names every emulated network, and the Mastodon instance to link with.
        for host in ["x", "facebook", "linkedin", "bluesky", "mastodon", "mastodon-long", "threads"] {
            #expect(SandboxdChildTests.loggedURL("sandbox.\(host)", in: daemon.logs) != nil, "no sandbox.\(host) in: \(daemon.logs)")
        }
        #expect(daemon.logs.contains("sandbox.link=schedctl accounts link mastodon --instance mastodon.sandbox"), "\(daemon.logs)")
        let mara = try daemon.addSandboxAccount(username: "mara", network: "bluesky")
        let kim = try await daemon.linkAccount("mastodon", as: "kim", extra: ["--instance", "mastodon.sandbox"])
        #expect(kim.handle == "kim@mastodon.sandbox", "the sandbox's own domain reaches its instance: \(kim.handle)")
        let addresses = ["bluesky", "mastodon"].map { SandboxdChildTests.loggedURL("sandbox.\($0)", in: daemon.logs) }
        let text = "Waited through a sandbox restart \(UUID().uuidString.prefix(6))"
        let post = try daemon.schedule(text, to: mara.reference, at: "in 8s", extra: ["--to", kim.reference])
        #expect(try await daemon.stop() == 0)
        let record = daemon.stateDirectory + "/sandbox.json"
        #expect((try FileManager.default.attributesOfItem(atPath: record)[.posixPermissions] as? Int) == 0o600)

        try await daemon.start()
        let moved = daemon.logs.contains("a sandbox network's last port was taken")
        let now = ["bluesky", "mastodon"].map { SandboxdChildTests.loggedURL("sandbox.\($0)", in: daemon.logs) }
        #expect(now == addresses || moved, "the same addresses, or a warning naming old and new: \(daemon.logs)")
        #expect(daemon.logs.contains("the sandbox was restarted and has forgotten its tokens") && daemon.logs.contains("accounts.count=2"),
                "\(daemon.logs)")
        let accounts = Dictionary(uniqueKeysWithValues: try daemon.accounts().map { ($0.id, $0) })
        #expect(accounts[mara.id]?.status == .needsRelink && accounts[kim.id]?.status == .needsRelink)
        let maraAgain = "schedctl sandbox token bluesky --username mara | schedctl accounts add bluesky"
        #expect(accounts[mara.id]?.statusReason == "the sandbox was restarted and no longer knows this account's token; link it again: \(maraAgain)")
        #expect(accounts[kim.id]?.statusReason?.hasSuffix("schedctl sandbox token mastodon --username kim | schedctl accounts add mastodon") == true)
        let status = try daemon.schedctl(["status"], environment: ["COLUMNS": "400"])
        #expect(status.stdout.contains("\(mara.reference) needs relinking (the sandbox was restarted"), "\(status.stdout)")
        let doctor = try daemon.schedctl(["doctor"], environment: ["COLUMNS": "400"])
        #expect(doctor.status == 1, "\(doctor.stdout)")
        #expect(doctor.stdout.contains("fail  token") && doctor.stdout.contains("\(mara.reference) needs relinking"), "\(doctor.stdout)")
        #expect(!doctor.stdout.contains("accounts ready"), "no account is ready: \(doctor.stdout)")

        // The post waits past its time, as for any account that needs relinking, and goes out once they are linked again.
        let due = try #require(post.dueAt)
        try await eventually(timeout: .seconds(30), "the post's time to pass") { Date() > due.addingTimeInterval(1) }
        let waiting = try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self)
        #expect(waiting.deliveries.allSatisfy { $0.state == .scheduled }, "\(waiting.deliveries.map(\.state))")
        let maraRelinked = try daemon.addSandboxAccount(username: "mara", network: "bluesky")
        let token = try daemon.schedctl(["sandbox", "token", "mastodon", "--username", "kim"])
        let kimRelinked = try daemon.schedctl(["accounts", "add", "mastodon", "--json"], stdin: token.stdout).decode(AccountView.self)
        #expect(maraRelinked.id == mara.id && maraRelinked.remoteId == mara.remoteId, "the same DID lands on mara's row")
        #expect(kimRelinked.id == kim.id && kimRelinked.remoteId == kim.remoteId, "the same Mastodon id lands on kim's row")
        try await eventually(timeout: .seconds(30), "the waiting post to go out to both") {
            try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).deliveries.allSatisfy { $0.state == .published }
        }
        let received = try daemon.schedctl(["sandbox", "received", "--json"]).decode([JSONValue].self)
        let sent = received.filter { $0["kind"]?.stringValue == "post" && ($0["text"]?.stringValue ?? $0["body"]?["record"]?["text"]?.stringValue) == text }
        #expect(sent.compactMap { $0["network"]?.stringValue }.sorted() == ["bluesky", "mastodon"], "once each: \(sent)")
        #expect(try daemon.schedctl(["doctor"], environment: ["COLUMNS": "400"]).stdout.contains("ok    network"))
        _ = try await daemon.stop()
    }

    /// Another program took a port the sandbox had: the restarted sandbox listens elsewhere and the log names both
    /// addresses; `doctor` fails the network for the accounts still pointing at the old one, until they are relinked.
    @Test(.timeLimit(.minutes(3)))
    func aPortTakenMeanwhile_isGivenUpWithAWarning_andDoctorFailsTheNetworkForTheAccountsStillThere() async throws {
        let daemon = try DaemonUnderTest("sandbox-port-taken")
        try await daemon.start()
        let mara = try daemon.addSandboxAccount(username: "mara", network: "bluesky")
        let old = try #require(SandboxdChildTests.loggedURL("sandbox.bluesky", in: daemon.logs))
        #expect(try await daemon.stop() == 0)
        let holder = try ListeningHolder(port: try #require(SandboxPorts.port(of: old)))
        defer { holder.close() }

        try await daemon.start()
        let new = try #require(SandboxdChildTests.loggedURL("sandbox.bluesky", in: daemon.logs))
        #expect(new != old)
        #expect(daemon.logs.contains("a sandbox network's last port was taken") && daemon.logs.contains("sandbox.old_url=\(old)")
            && daemon.logs.contains("sandbox.new_url=\(new)"), "\(daemon.logs)")
        let doctor = try daemon.schedctl(["doctor"], environment: ["COLUMNS": "400"])
        #expect(doctor.stdout.contains("fail  network") && doctor.stdout.contains("Bluesky cannot be reached at \(old)")
            && doctor.stdout.contains("its account \(mara.reference) cannot publish"), "\(doctor.stdout)")
        _ = try daemon.addSandboxAccount(username: "mara", network: "bluesky")
        let relinked = try daemon.schedctl(["doctor"], environment: ["COLUMNS": "400"])
        #expect(relinked.stdout.contains("Bluesky answers at \(new) (\(mara.reference))") && !relinked.stdout.contains("fail  network"),
                "\(relinked.stdout)")
        _ = try await daemon.stop()
    }
}

/// Another program on a port: a socket listening there that never answers.
private struct ListeningHolder {
    let socket: Int32

    init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var reuse: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard bound, listen(socket, 4) == 0 else {
            let code = errno
            Glibc.close(socket)
            throw E2EError("port \(port) could not be held: errno \(code)")
        }
    }

    func close() { Glibc.close(socket) }
}
