import Foundation
import NetworkRules
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerStores
import Testing
@testable import Scheduler

/// A batch of posts (an import) stores each post as one at a time would: in order, each with its own deliveries, media
/// and thread, under ids never given before. SQLite stores them in multi-row INSERTs of up to 64 rows, so the batches
/// here are larger than that and of no power of two.
@Suite struct StoreBatchTests {
    let now = referenceNow

    private func due(_ index: Int) -> ScheduleTime {
        ScheduleTime(instant: now.addingTimeInterval(Double(600 + 60 * index)), zoneIdentifier: "Europe/Berlin", wallClock: "2030-01-01T10:\(index)")
    }

    @Test func aMultiRowInsert_goesInChunksOfPowersOfTwo() {
        var sizes: [Int] = []
        var remaining = 150
        while remaining > 0 {
            sizes.append(MultiRowInsert.chunkSize(remaining: remaining))
            remaining -= sizes.last!
        }
        #expect(sizes == [64, 64, 16, 4, 2])
        #expect(MultiRowInsert.chunkSize(remaining: 1) == 1)
    }

    @Test(arguments: StoreBackend.allCases)
    func aBatchLargerThanAChunk_keepsEveryPostItsOrderDeliveriesMediaAndThread(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            let club = try await store.addAccount("club")
            let photo = MediaItem(path: "/tmp/media/aa.jpg", kind: .image, contentType: "image/jpeg", size: 1_234, sha256: "aa", width: 800,
                                  height: 600, alt: "a runner")
            let posts = (0..<150).map { index in
                var post = NewPost(text: "run \(index)", time: due(index), latenessLimitSeconds: 60 + index, source: "import",
                                   targets: index.isMultiple(of: 3)
                                       ? [.init(accountID: runner.id), .init(accountID: club.id, textOverride: "club run \(index)")]
                                       : [.init(accountID: index.isMultiple(of: 2) ? runner.id : club.id, firstComment: "splits \(index)")])
                if index.isMultiple(of: 7) { post.media = [photo] }
                if index.isMultiple(of: 11) { post.thread = [ThreadPart(text: "part two of \(index)")] }
                return post
            }

            let ids = try await store.insertBatch(posts.map(NewBatchItem.post), now: now)

            #expect(ids.count == 150)
            #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 }, "ids in the batch's order: \(ids.prefix(5))…")
            for (id, post) in zip(ids, posts) {
                let view = try await store.post(id: id)
                #expect(view.text == post.text && view.dueAt == post.time?.instant && view.dueZone == "Europe/Berlin")
                #expect(view.latenessLimitSeconds == post.latenessLimitSeconds && view.source == "import")
                let deliveries = view.deliveries.sorted { $0.accountId < $1.accountId }
                let targets = post.targets.sorted { $0.accountID < $1.accountID }
                #expect(deliveries.map(\.accountId) == targets.map(\.accountID), "post \(id)")
                #expect(deliveries.map(\.text) == targets.map(\.textOverride), "post \(id)")
                #expect(deliveries.allSatisfy { $0.state == .scheduled })
                #expect(view.media.count == post.media.count, "post \(id)")
                #expect((view.thread ?? []).map(\.text) == post.thread.map(\.text), "post \(id)")
            }
            #expect(try await store.summary(now: now).deliveries == ["scheduled": 200])
        }
    }

    /// SQLite's `AUTOINCREMENT` never gives an id twice; a batch's ids, given by the store, keep that.
    @Test(arguments: StoreBackend.allCases)
    func aBatchAfterTheHighestPostWasDeleted_neverReusesItsId(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            let first = try await store.addPost("first", due: now.addingTimeInterval(600), to: [runner], now: now)
            let highest = try await store.addPost("highest", due: now.addingTimeInterval(600), to: [runner], now: now)
            try await store.deletePostRows(id: highest.id)

            let ids = try await store.insertBatch((0..<70).map { index in
                .post(NewPost(text: "after \(index)", time: due(index), latenessLimitSeconds: 60, targets: [.init(accountID: runner.id)]))
            }, now: now)

            #expect(ids.first! > highest.id, "\(ids.first!) after the deleted \(highest.id) (and \(first.id))")
            #expect(Set(ids).count == 70)
            let single = try await store.addPost("one more", due: now.addingTimeInterval(600), to: [runner], now: now)
            #expect(single.id > ids.last!, "a post stored alone afterwards continues past the batch")
        }
    }

    /// A queued post takes its slot only if no stored post holds it, the batch's earlier ones included: two for one slot
    /// in one batch refuse the batch, and nothing of it is stored.
    @Test(arguments: StoreBackend.allCases)
    func twoQueuedPostsForOneSlotInABatch_refuseIt_andStoreNothing(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            var items: [NewBatchItem] = (0..<80).map { index in
                .post(NewPost(text: "plain \(index)", time: due(index), latenessLimitSeconds: 60, targets: [.init(accountID: runner.id)]))
            }
            for position in [10, 70] {
                var queued = NewPost(text: "queued at \(position)", time: due(500), latenessLimitSeconds: 60, targets: [.init(accountID: runner.id)])
                queued.queued = true
                items.insert(.post(queued), at: position)
            }

            await #expect(throws: SlotTaken.self) { try await store.insertBatch(items, now: now) }

            #expect(try await store.summary(now: now).deliveries.isEmpty, "the batch is one transaction")
        }
    }
}
