import SchedulerCore

/// What a store says about repeating posts, worded once for both.
package enum SeriesRefusals {
    package static func started(_ postID: Int64) -> StoreError {
        StoreError(.conflict, "occurrence post \(postID) started going out meanwhile; nothing was changed, try again")
    }

    package static func notInSeries(_ postID: Int64) -> StoreError {
        StoreError(.conflict, "post \(postID) is not part of a series", hint: RefusalHint(.cancelPost, post: postID))
    }

    package static func noSeries(_ seriesID: Int64) -> StoreError { StoreError(.notFound, "no series \(seriesID)") }

    package static func firstPostGone(_ seriesID: Int64) -> StoreError {
        StoreError(.notFound, "the first post of series \(seriesID) is gone")
    }

    package static func firstNeedsTime() -> StoreError { StoreError(.invalid, "a series' first occurrence needs a time") }
}
