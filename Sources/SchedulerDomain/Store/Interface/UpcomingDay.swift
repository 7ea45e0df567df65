import Foundation
import SchedulerCore

/// What a store finds of one day still to go out (see ``PostStore/upcoming(in:first:countUpTo:)``).
package struct UpcomingDay: Sendable, Equatable {
    package var posts: [UpcomingPostRecord]
    /// Posts still to go out, counted up to the limit asked for plus one: more than the limit means "at least".
    package var count: Int
    package init(posts: [UpcomingPostRecord], count: Int) {
        self.posts = posts
        self.count = count
    }
}

/// A post still to go out, when, and to which networks.
package struct UpcomingPostRecord: Sendable, Equatable {
    package var id: Int64
    package var dueAt: Date
    package var networks: [Network]

    package init(id: Int64, dueAt: Date, networks: [Network]) {
        self.id = id; self.dueAt = dueAt; self.networks = networks
    }
}
