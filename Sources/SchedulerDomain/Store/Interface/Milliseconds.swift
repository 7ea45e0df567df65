import Foundation

/// The store keeps instants as integer Unix milliseconds: exact, sortable, and indexable.
extension Date {
    package var unixMilliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }

    package init(unixMilliseconds: Int64) {
        self.init(timeIntervalSince1970: TimeInterval(unixMilliseconds) / 1000)
    }
}
