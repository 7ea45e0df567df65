import Foundation
import SchedulerCore
import SchedulerDomain

/// Posting slots and the queue: setting an account's slots (moving queued posts whose time is no longer a slot),
/// finding the next free slot for a post, and showing each account's queue.
package struct QueueService: Sendable {
    package let store: any AccountStore & QueueStore
    package let defaultZone: TimeZone
    package let wake: WakeSignal
    package let now: @Sendable () -> Date

    /// A slot closer than this is not taken: the post would be due before it is even stored and seen.
    package static let leadTime: TimeInterval = 10
    /// How many slot conflicts (another queued post stored at the same moment) a request tries past.
    package static let attempts = 5

    package init(store: any AccountStore & QueueStore, defaultZone: TimeZone, wake: WakeSignal, now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store; self.defaultZone = defaultZone; self.wake = wake; self.now = now
    }

    package func setSlots(_ reference: String, _ request: SetSlotsRequest) async throws -> SlotsView {
        let account = try await store.account(reference: reference)
        let slots: WeeklySlots
        do {
            slots = try WeeklySlots(parsing: request.slots, zone: request.tz ?? defaultZone.identifier)
        } catch {
            throw RequestError.badRequest("slots for \(account.reference): \(error.message)")
        }
        return try await replace(account, with: slots)
    }

    package func clearSlots(_ reference: String) async throws -> SlotsView {
        try await replace(try await store.account(reference: reference), with: nil)
    }

    /// Every account that has slots; with `reference`, that account's, whether it has any or not.
    package func allSlots(account reference: String? = nil) async throws -> [SlotsView] {
        if let reference {
            let account = try await store.account(reference: reference)
            let slots = try await store.slots(accountID: account.id)
            return [SlotsView(accountId: account.id, account: account.reference, zone: slots?.zone, slots: slots?.summary)]
        }
        var views: [SlotsView] = []
        for account in try await store.accounts(includeRevoked: false) {
            guard let slots = try await store.slots(accountID: account.id) else { continue }
            views.append(SlotsView(accountId: account.id, account: account.reference, zone: slots.zone, slots: slots.summary))
        }
        return views
    }

    /// Each account's queued posts in order, with its next free slots: one account, or every account with slots
    /// or queued posts.
    package func queue(account reference: String?) async throws -> [QueueView] {
        let accounts: [AccountRecord]
        if let reference {
            accounts = [try await store.account(reference: reference)]
        } else {
            accounts = try await store.accounts(includeRevoked: false)
        }
        let start = now()
        var views: [QueueView] = []
        for account in accounts {
            let slots = try await store.slots(accountID: account.id)
            let posts = try await store.queuedPosts(accountIDs: [account.id], from: start)
            guard reference != nil || slots != nil || !posts.isEmpty else { continue }
            let finder = try await finder(for: [account.id], from: start)
            views.append(QueueView(accountId: account.id, account: account.reference, zone: slots?.zone, slots: slots?.summary, posts: posts.map(PostView.init),
                                   nextFree: finder.free(for: [account.id], after: start.addingTimeInterval(Self.leadTime), count: 3).map { $0.instant }))
        }
        return views
    }

    /// The first free slot of every one of `accounts`, not among `skipping` (slots found taken meanwhile).
    package func nextFreeSlot(for accounts: [AccountRecord], skipping: Set<Date> = []) async throws -> SlotOccurrence {
        var finder = try await finder(for: accounts.map(\.id))
        for account in accounts {
            guard finder.slots[account.id] != nil else {
                throw RequestError.badRequest("\(account.reference) has no posting slots", hint: RefusalHint(.setSlots, account: account.reference))
            }
        }
        for instant in skipping { finder.take(instant, for: accounts.map(\.id)) }
        guard let slot = finder.free(for: accounts.map(\.id), after: now().addingTimeInterval(Self.leadTime)).first else {
            let names = accounts.map(\.reference).joined(separator: ", ")
            guard accounts.count > 1 else { throw RequestError.badRequest("\(names) has no free slot in the next year") }
            throw RequestError.badRequest("no time in the next year is a free slot of every one of \(names)", hint: RefusalHint(.showSlots))
        }
        return slot
    }

    /// Stores a queued post in the next free slot; when another request took that slot first, tries the next.
    package func placeInNextSlot(_ accounts: [AccountRecord], store place: (SlotOccurrence) async throws -> PostRecord) async throws -> PostRecord {
        var takenMeanwhile: Set<Date> = []
        for _ in 0..<Self.attempts {
            let slot = try await nextFreeSlot(for: accounts, skipping: takenMeanwhile)
            do {
                var view = try await place(slot)
                if let note = slot.note { view.notes = (view.notes ?? []) + [note] }
                return view
            } catch let taken as SlotTaken {
                takenMeanwhile.insert(taken.instant)
            }
        }
        throw RequestError(.conflict, "every free slot tried was taken by posts queued at the same moment; try again")
    }

    /// The accounts' slots and the minutes taken in them: by any post still to go out to the account within the
    /// finder's horizon, queued or given its time otherwise (by hand, an import, a series).
    private func finder(for accountIDs: [Int64], from start: Date? = nil) async throws -> SlotFinder {
        var finder = SlotFinder(slots: [:], taken: [:])
        for id in accountIDs { finder.slots[id] = try await store.slots(accountID: id) }
        let start = start ?? now()
        for due in try await store.dueTimes(accountIDs: accountIDs, from: start, through: start.addingTimeInterval(SlotFinder.horizon + SlotFinder.window)) {
            finder.take(due.dueAt, for: [due.accountID])
        }
        return finder
    }

    /// Stores the new slots and moves, in one transaction, each queued post to the account whose time is no longer
    /// a slot of all its accounts: to the first free one, in the order they were queued.
    private func replace(_ account: AccountRecord, with slots: WeeklySlots?) async throws -> SlotsView {
        let start = now()
        let queued = try await store.queuedPosts(accountIDs: [account.id], from: start)
        let involved = Array(Set(queued.flatMap { $0.deliveries.map(\.accountId) }).union([account.id])).sorted()
        var finder = try await finder(for: involved)
        finder.slots[account.id] = slots
        var moves: [QueueRetime] = []
        var retimed: [RetimedPostView] = []
        var kept: [Int64] = []
        for post in queued {
            guard let due = post.dueAt else { continue }
            let accounts = post.deliveries.map(\.accountId)
            guard !finder.fits(due, for: accounts) else { continue }
            finder.take(due, for: accounts, false)
            guard let slot = finder.free(for: accounts, after: start.addingTimeInterval(Self.leadTime)).first else {
                finder.take(due, for: accounts)
                kept.append(post.id)
                continue
            }
            finder.take(slot.instant, for: accounts)
            moves.append(QueueRetime(postID: post.id, from: due, to: slot.time))
            retimed.append(RetimedPostView(postId: post.id, from: due, to: slot.instant, toLocal: slot.time.wallClock, note: slot.note))
        }
        try await store.replaceSlots(accountID: account.id, with: slots, retiming: moves, now: start)
        if !moves.isEmpty { wake.signal() }
        return SlotsView(accountId: account.id, account: account.reference, zone: slots?.zone, slots: slots?.summary,
                         retimed: retimed.isEmpty ? nil : retimed, kept: kept.isEmpty ? nil : kept)
    }
}
