import Foundation
import SchedulerCore

/// What a store finds of one day still to go out (see ``PostStore/upcoming(in:first:countUpTo:)``).
package struct UpcomingDay: Sendable, Equatable {
    package var posts: [UpcomingPostView]
    /// Posts still to go out, counted up to the limit asked for plus one: more than the limit means "at least".
    package var count: Int
    package init(posts: [UpcomingPostView], count: Int) {
        self.posts = posts
        self.count = count
    }
}
