import SchedulerCore

/// What a store says when a post, delivery, account or series asked for is not there, or when an action on a post
/// finds nothing it may act on: worded here once for both stores.
package enum PostRefusals {
    package static func noPost(_ id: Int64) -> StoreError {
        StoreError(.notFound, "no post \(id)", hint: RefusalHint(.listPosts))
    }

    package static func noDelivery(_ id: Int64) -> StoreError {
        StoreError(.notFound, "no delivery \(id)", hint: RefusalHint(.showPost))
    }

    package static func noAccount(id: Int64) -> StoreError { StoreError(.notFound, "no account \(id)") }

    /// A cancel that changed no delivery: one is going out right now, or every one has finished.
    package static func nothingToCancel(_ id: Int64, publishingNow: Int) -> StoreError {
        StoreError(.conflict, publishingNow > 0
            ? "post \(id) is being published right now and cannot be cancelled"
            : "post \(id) has nothing left to cancel: every delivery has finished")
    }

    /// An edit that removes an account whose delivery was tried: the attempts are history and stay.
    package static func attemptedDeliveryStays(postID: Int64, accountID: Int64) -> StoreError {
        StoreError(.conflict, "post \(postID)'s delivery to account \(accountID) has attempts on record and stays as history",
                   hint: RefusalHint(.cancelPost, post: postID))
    }

    package static func latenessOutOfRange(_ seconds: Int) -> StoreError {
        StoreError(.invalid, "a lateness limit of \(seconds) seconds is out of range")
    }

    package static func pauseAccountOrNetwork() -> StoreError { StoreError(.invalid, "pause or resume an account or a network, not both") }

    package static func draftHasNoTime(_ id: Int64) -> StoreError {
        StoreError(.conflict, "post \(id) is a draft and has no time to change", hint: RefusalHint(.scheduleDraft, post: id))
    }

    package static func notADraft(_ id: Int64, state: String) -> StoreError {
        StoreError(.conflict, "post \(id) is not a draft (its deliveries are \(state))", hint: RefusalHint(.editTime, post: id))
    }

    package static func queuedPostMoved(_ postID: Int64) -> StoreError {
        StoreError(.conflict, "queued post \(postID) changed while its slots were being changed; nothing was changed, try again")
    }
}
