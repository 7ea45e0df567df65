import Foundation

/// The timeline of a recovery: when the network's record can be trusted to say whether a post is there.
///
/// A request whose answer never came (a crash, a lost connection, a timeout, a gateway's 5xx) may still
/// be on its way or being processed: the network can record the post seconds after we gave up on it.
/// Looking before then finds nothing and sends the post a second time. So a delivery in doubt is looked
/// up only once its last request can no longer land, and a look-up that finds nothing looks once more
/// after the network's listing lag before anything is sent again.
package struct SettlingTimes: Sendable, Equatable {
    /// The request timeout every connector request carries.
    package var requestTimeout: TimeInterval
    /// How long a network may go on processing a request after our timeout gave up on it.
    package var inFlightMargin: TimeInterval
    /// How long a published post may take to appear in the account's listing.
    package var listingLag: TimeInterval

    package init(requestTimeout: TimeInterval, inFlightMargin: TimeInterval, listingLag: TimeInterval) {
        self.requestTimeout = requestTimeout
        self.inFlightMargin = inFlightMargin
        self.listingLag = listingLag
    }

    /// The earliest a look-up may be made when the last request in doubt started no later than `lastRequestStart`.
    package func firstLookUp(lastRequestStart: Date) -> Date {
        lastRequestStart.addingTimeInterval(requestTimeout + inFlightMargin)
    }

    /// When to look again after a look-up at `lookedAt` found nothing, so a post the listing did not show yet is seen.
    package func secondLookUp(after lookedAt: Date) -> Date {
        lookedAt.addingTimeInterval(listingLag)
    }
}
