import Foundation
import SchedulerCore

/// What a store finds of one day still to go out (see ``PostStore/upcoming(in:first:countUpTo:)``).
public struct UpcomingDay: Sendable, Equatable {
    public var posts: [UpcomingPostView]
    /// Posts still to go out, counted up to the limit asked for plus one: more than the limit means "at least".
    public var count: Int
}
