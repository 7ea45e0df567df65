import SchedulerCore

/// What a store says about repeating posts, worded once for both.
enum SeriesRefusals {
    static func started(_ postID: Int64) -> StoreError {
        StoreError(.conflict, "occurrence post \(postID) started going out meanwhile; nothing was changed, try again")
    }

    static func notInSeries(_ postID: Int64) -> StoreError {
        StoreError(.conflict, "post \(postID) is not part of a series; `schedctl cancel \(postID)` cancels it alone")
    }

    static func noSeries(_ seriesID: Int64) -> StoreError { StoreError(.notFound, "no series \(seriesID)") }

    static func firstPostGone(_ seriesID: Int64) -> StoreError {
        StoreError(.notFound, "the first post of series \(seriesID) is gone")
    }

    static func firstNeedsTime() -> StoreError { StoreError(.invalid, "a series' first occurrence needs a time") }
}
