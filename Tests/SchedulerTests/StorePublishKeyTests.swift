import Connectors
import Foundation
import GRDB
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerStores
import Testing
@testable import Scheduler

/// Bluesky, Mastodon and Threads accounts in both stores, and the key each part of a delivery is settled by: stored only
/// while this daemon holds the claim, read back by the next claim, replaced when the network needs a new one.
@Suite struct StorePublishKeyTests {
    let now = referenceNow

    @Test(arguments: StoreBackend.allCases)
    func theNewNetworks_areStored_paused_andListedLikeTheFirstFour(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            for network in [Network.bluesky, .mastodon, .threads] {
                let account = try await store.addAccount("runner", network: network)
                #expect(account.network == network)
                let paused = try await store.pause(account: nil, network: network, paused: true)
                #expect(paused.networks.map(\.network).contains(network))
                _ = try await store.pause(account: nil, network: network, paused: false)
            }
            #expect(Set(try await store.accounts().map(\.network)) == [.bluesky, .mastodon, .threads])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aKey_isStoredWhileTheClaimIsHeld_readBack_replaced_andRefusedOnceTheClaimIsGone(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner", network: .bluesky)
            _ = try await store.addPost("one", due: now, to: [runner])
            let claim = try #require(try await store.claimDue(now: now, limit: 10).claimed.first)
            #expect(try await store.publishKey(deliveryID: claim.deliveryID, part: 1) == nil, "nothing was ever sent")
            #expect(try await store.storePublishKey(claim, part: 1, key: "3kabcdefghijk", stamp: "boot-a@1000", now: now))
            #expect(try await store.storePublishKey(claim, part: 2, key: "3kabcdefghijm", stamp: "boot-a@2000", now: now))
            #expect(try await store.publishKey(deliveryID: claim.deliveryID, part: 1) == StoredPublishKey(key: "3kabcdefghijk", stamp: "boot-a@1000"))
            #expect(try await store.storePublishKey(claim, part: 2, key: "container-2", stamp: "boot-a@3000", now: now), "a Threads container that expired is replaced")
            #expect(try await store.publishKey(deliveryID: claim.deliveryID, part: 2) == StoredPublishKey(key: "container-2", stamp: "boot-a@3000"),
                    "replaced with its own reading")

            let attempt = AttemptRecord(startedAt: now, finishedAt: now, httpStatus: nil, outcome: "error", errorClass: "uncertain")
            try await store.recordRetry(claim, attempt: attempt, nextAttempt: now.addingTimeInterval(5), error: "lost", needsCheck: true)
            #expect(try await store.storePublishKey(claim, part: 1, key: "2zzzzzzzzzzzz", stamp: "boot-a@4000", now: now) == false, "no claim: no key, nothing sent")
            #expect(try await store.publishKey(deliveryID: claim.deliveryID, part: 1)?.key == "3kabcdefghijk", "the key stays for the retry")
        }
    }

    @Test func sqliteV15_onAV14Database_keepsItsAccountsAndPauses_andTakesTheNewNetworks() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("schedulerd.sqlite")
        let queue = try DatabaseQueue(path: path)
        try SQLiteStore.migrator.migrate(queue, upTo: "v14: accounts refused for a permission")
        try await queue.write { db in
            try db.execute(sql: """
                INSERT INTO account (id, network, remote_id, handle, auth_kind, created_at, updated_at, permission_refusals)
                    VALUES (1, 'x', 'r1', 'runner', 'oauth1', 0, 0, 2);
                INSERT INTO post (id, text, due_at, due_zone, due_local, lateness_limit_s, created_at, updated_at) VALUES (1, 'one', 5000, 'UTC', 'x', 60, 0, 0);
                INSERT INTO delivery (id, post_id, account_id, state, next_attempt_at, updated_at) VALUES (1, 1, 1, 'scheduled', 5000, 0);
                INSERT INTO network_pause (network, cause, reason, since) VALUES ('linkedin', 'person', 'holiday', 0);
                """)
        }
        try queue.close()

        let store = try SQLiteStore.open(path: path)
        let runner = try await store.account(reference: "1")
        #expect(runner.handle == "runner" && runner.pendingPosts == 1)
        let kept = try await store.writer.read { db in
            (try Int.fetchOne(db, sql: "SELECT permission_refusals FROM account WHERE id = 1"),
             try String.fetchOne(db, sql: "SELECT reason FROM network_pause WHERE network = 'linkedin'"),
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM pragma_foreign_key_check"))
        }
        #expect(kept.0 == 2 && kept.1 == "holiday" && kept.2 == 0)
        let bluesky = try await store.addAccount("river", network: .bluesky)
        #expect(bluesky.id == 2)
        try await store.writer.write { db in
            try db.execute(sql: "UPDATE account SET auth_kind = 'app_password' WHERE id = 2")
        }
        #expect(try await store.account(reference: "2").authKind == .appPassword)
    }
}
