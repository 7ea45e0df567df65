import Foundation
import Logging
import ServiceLifecycle
import Testing

@testable import Sandbox

/// What lets a daemon's restarted sandbox stand where the last one stood: the ports asked for (or others when they are
/// taken), and users with the same ids as before.
@Suite struct SandboxRestartTests {
    @Test func theSamePortsAskedFor_areListenedOn_andATakenOne_fallsBackToAPickedPort() async throws {
        var asked: [String: Int] = [:]
        try await SandboxHarness.run { first in
            var configuration = SandboxConfiguration()
            configuration.listenerPorts = ["mastodon": try #require(SandboxPorts.port(of: first.urls["mastodon"]!))]
            configuration.fallsBackFromTakenPorts = true
            try await SandboxHarness.run(configuration: configuration) { second in
                #expect(second.urls["mastodon"] != first.urls["mastodon"], "the taken port was given up for another")
                let instance = try await second.get(second.urls["mastodon"]! + "/_sandbox/received")
                #expect(instance.status == 200)
            }
            asked = ["threads": try #require(SandboxPorts.port(of: first.urls["threads"]!)),
                     "mastodon-long": try #require(SandboxPorts.port(of: first.urls["mastodon-long"]!))]
        }
        var again = SandboxConfiguration()
        again.listenerPorts = asked
        again.fallsBackFromTakenPorts = true
        try await SandboxHarness.run(configuration: again) { sandbox in
            // A freed port may go to another test's server at once; only a port the system picked differs.
            #expect(SandboxPorts.port(of: sandbox.urls["threads"]!) == asked["threads"])
            #expect(Set(sandbox.urls.keys).isSuperset(of: SandboxAnnouncement.hosts))
        }
    }

    @Test func aBlueskyDID_comesFromTheHandle_theSameInEverySandbox_andShapedAsPLCs() {
        let did = BlueskyAccountStore.did(for: "runner.bsky.sandbox")
        #expect(did == BlueskyAccountStore.did(for: "Runner.BSKY.sandbox"))
        #expect(did != BlueskyAccountStore.did(for: "walker.bsky.sandbox"))
        #expect(did.hasPrefix("did:plc:") && did.count == 32)
        #expect(did.dropFirst(8).allSatisfy { "abcdefghijklmnopqrstuvwxyz234567".contains($0) })
        #expect(BlueskyAccountStore.did(for: "runner.bsky.sandbox", taken: [did]) != did, "a DID held by another handle is not shared")
    }

    @Test func twoSandboxes_giveOnePersonTheSameBlueskyDID_andMastodonID() async throws {
        var first: (did: String, mastodon: String)?
        for _ in 0..<2 {
            let bluesky = BlueskyAccountStore()
            _ = try await bluesky.createAccount(handle: "walker.bsky.sandbox", password: "p")
            let did = try await bluesky.createAccount(handle: "runner.bsky.sandbox", password: "p").did
            let directory = MastodonAccountDirectory(salt: MastodonIDGenerator.salt(for: "mastodon.sandbox"))
            _ = try await directory.create(username: "walker", displayName: nil, now: Date())
            let runner = try await directory.account(named: "runner", now: Date().addingTimeInterval(60))
            #expect(runner.id.count == 18 && Int64(runner.id) != nil, "a snowflake's 18 digits: \(runner.id)")
            #expect(try await directory.account(named: "walker", now: Date()).id != runner.id)
            if let first { #expect(first == (did, runner.id)) }
            first = (did, runner.id)
        }
    }
}
