import Foundation
import SchedulerCore
@testable import SchedulerDomain
import Testing
@testable import Scheduler

/// Accounts: how people name them, and removing one.
@Suite struct StoreAccountTests {
    let now = referenceNow

    @Test(arguments: StoreBackend.allCases, ["x:@runner", "x:runner", "@runner", "runner", "X:@Runner", "  runner "])
    func accountReference_resolvesEveryFormOfAHandle(_ backend: StoreBackend, reference: String) async throws {
        try await backend.withStore { store in
            try await store.addAccount("club")
            let runner = try await store.addAccount("runner")

            let resolved = try await store.account(reference: reference)

            #expect(resolved.id == runner.id)
            #expect(resolved.reference == "x:@runner")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func accountReference_resolvesANumberAsTheID(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            try await store.addAccount("a")
            try await store.addAccount("b")
            let third = try await store.addAccount("c")
            #expect(third.id == 3)

            #expect(try await store.account(reference: "3").handle == "c")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func accountReference_whenNothingMatches_throwsNotFound(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            try await store.addAccount("runner")

            for reference in ["walker", "x:@walker", "99"] {
                let error = await #expect(throws: StoreError.self) { try await store.account(reference: reference) }
                #expect(error?.code == .notFound, "\(reference)")
                #expect(error?.message.contains("no account '\(reference)'") == true)
                #expect(error?.hint == RefusalHint(.listAccounts), "the hint: the linked accounts are listed")
                #expect(error?.message.contains("did you mean") == false, "\(reference): nothing near it")
            }
            // Issue 48, item 14: a handle one or two letters off names the account most likely meant.
            for reference in ["x:@runer", "runnner", "@Runer"] {
                let error = await #expect(throws: StoreError.self) { try await store.account(reference: reference) }
                #expect(error?.message.contains("(did you mean x:@runner?)") == true, "\(reference): \(error?.message ?? "")")
            }
            let elsewhere = await #expect(throws: StoreError.self) { try await store.account(reference: "bluesky:@runer") }
            #expect(elsewhere?.message.contains("did you mean") == false, "only on the network named")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func accountReference_whenAHandleIsOnTwoNetworks_isAmbiguousUnlessTheNetworkIsNamed(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let onX = try await store.addAccount("runner", network: .x)
            let onFacebook = try await store.addAccount("runner", network: .facebook)

            let error = await #expect(throws: StoreError.self) { try await store.account(reference: "@runner") }

            #expect(error?.code == .invalid)
            #expect(error?.message.contains("matches 2 accounts") == true)
            #expect(error?.message.contains("name one by its id") == true)
            #expect(error?.message.contains("x:@runner") == true)
            #expect(error?.message.contains("facebook:@runner") == true)
            #expect(try await store.account(reference: "x:runner").id == onX.id)
            #expect(try await store.account(reference: "facebook:@runner").id == onFacebook.id)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func accountReference_withAnUnknownNetwork_isInvalid(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let error = await #expect(throws: StoreError.self) { try await store.account(reference: "myspace:@runner") }
            #expect(error?.code == .invalid)
            #expect(error?.message.contains("unknown network 'myspace'") == true)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func upsertAccount_importingTheSameRemoteAccountAgain_updatesIt(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let first = try await store.addAccount("runner")
            try await store.setStatus(.needsRelink, accountID: first.id)

            let again = try await store.upsertAccount(network: .x, remoteID: first.remoteId, handle: "runner2", displayName: "New",
                                                      authKind: .oauth1) { id in Array("fresh-\(id)".utf8) }

            #expect(again.id == first.id)
            #expect(again.handle == "runner2")
            #expect(again.status == .active)
            #expect(try await store.sealedCredentials(accountID: first.id) == Array("fresh-\(first.id)".utf8))
            #expect(try await store.accounts().count == 1)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func removeAccount_withPendingPosts_isRefusedUnlessToldToCancelThem(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            let post = try await store.addPost(due: now.addingTimeInterval(60), to: [runner])

            let error = await #expect(throws: StoreError.self) {
                try await store.removeAccount(reference: "x:@runner", cancelPending: false, now: now)
            }

            #expect(error?.code == .conflict)
            #expect(error?.message.contains("1 unfinished post targets x:@runner") == true)
            #expect(error?.hint == RefusalHint(.cancelPending, account: "x:@runner"))
            #expect(try await store.account(reference: "runner").status == .active)
            #expect(try await store.sealedCredentials(accountID: runner.id) != nil)
            #expect(try await store.delivery(ofPost: post.id).state == .scheduled)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func removeAccount_withCancelPending_cancelsThePostsAndDeletesTheSealedCredentials(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            let post = try await store.addPost(due: now.addingTimeInterval(60), to: [runner])

            let removed = try await store.removeAccount(reference: "runner", cancelPending: true, now: now)

            #expect(removed.account.status == .revoked)
            #expect(removed.account.pendingPosts == 0)
            #expect(removed.cancelledPosts == 1, "issue 25: unlink says how many posts it cancelled")
            #expect(try await store.sealedCredentials(accountID: runner.id) == nil)
            let delivery = try await store.delivery(ofPost: post.id)
            #expect(delivery.state == .cancelled)
            #expect(delivery.error == "account removed")
            let error = await #expect(throws: StoreError.self) { try await store.account(reference: "runner") }
            #expect(error?.code == .notFound)
            #expect(try await store.accounts().isEmpty)
            #expect(try await store.accounts(includeRevoked: true).map(\.id) == [runner.id])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func removeAccount_withNothingPending_removesItAndKeepsItsHistory(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            let post = try await store.addPost(due: now, to: [runner])
            let claim = try #require(try await store.claimDue(now: now, limit: 1).claimed.first)
            try await store.recordPublished(claim, attempt: attempt(at: now), remoteID: "1", remoteURL: nil)

            _ = try await store.removeAccount(reference: "runner", cancelPending: false, now: now)

            #expect(try await store.sealedCredentials(accountID: runner.id) == nil)
            #expect(try await store.delivery(ofPost: post.id).state == .published)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func removeAccount_whilePublishing_isAConflict(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            try await store.addPost(due: now, to: [runner])
            _ = try await store.claimDue(now: now, limit: 1)

            let error = await #expect(throws: StoreError.self) {
                try await store.removeAccount(reference: "runner", cancelPending: true, now: now)
            }

            #expect(error?.code == .conflict)
            #expect(error?.message.contains("publishing right now") == true)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func accountView_countsOnlyUnfinishedDeliveriesAsPending(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            try await store.addPost("one", due: now, to: [runner])
            try await store.addPost("two", due: now.addingTimeInterval(60), to: [runner])
            let claim = try #require(try await store.claimDue(now: now, limit: 1).claimed.first)
            try await store.recordPublished(claim, attempt: attempt(at: now), remoteID: "1", remoteURL: nil)

            #expect(try await store.account(reference: "runner").pendingPosts == 1)
        }
    }
}
