#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// How the networks' listings of an account's posts behave: how late a new post shows up in them, and
/// whether they show its text as the network rewrites it or as it was sent.
///
/// Real listings are eventually consistent: a post answered with an id is not at once in the
/// account's timeline (X `GET /2/users/:id/tweets`, a Page's `feed`, LinkedIn's `author` finder,
/// Instagram's `media`). None of the references promise when it appears, so the stricter reading
/// holds: listings may lag, while fetching the post by its id works at once. And they list text the way
/// the network stores it (X wraps URLs in t.co links and escapes `&`, `<`, `>`; Graph and LinkedIn
/// tidy whitespace), so a client that looks for its post by text must allow for that.
public struct ListingBehaviour: Sendable, Equatable {
    /// How long after it was made a post first appears in listings; zero lists it at once.
    public var lag: Duration
    /// Whether listings (and reads by id) show the text as the network rewrites it; on by default,
    /// since that is what the networks do. What ``Recorder`` shows as received is always the text as sent.
    public var rewritesText: Bool

    public init(lag: Duration = .zero, rewritesText: Bool = true) {
        self.lag = lag
        self.rewritesText = rewritesText
    }

    /// The longest lag accepted: an hour, like the fault plan's durations.
    public static let longestLag: Duration = .seconds(3_600)

    /// Whether a post made at `createdAt` is in listings at `now`; without a lag, every post made is.
    func lists(createdAt: Date, now: Date) -> Bool {
        lag == .zero || createdAt.addingTimeInterval(lag.timeInterval) <= now
    }
}

/// The listing behaviour in force, shared by every network and replaceable while running
/// (`PUT /_sandbox/listings`), read synchronously by the routes that list posts.
final class ListingSettings: Sendable {
    private let state: Mutex<ListingBehaviour>

    init(_ behaviour: ListingBehaviour) {
        state = Mutex(behaviour)
    }

    var current: ListingBehaviour {
        state.withLock { $0 }
    }

    func replace(_ behaviour: ListingBehaviour) {
        state.withLock { $0 = behaviour }
    }
}
