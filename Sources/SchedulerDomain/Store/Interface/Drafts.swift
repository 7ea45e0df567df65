import Foundation
import SchedulerCore

/// How both stores keep a draft: a post without a time.
package enum Drafts {
    /// A post row's `due_at` as the API shows it: 0 is a draft's, which has no time.
    package static func dueAt(_ milliseconds: Int64) -> Date? {
        milliseconds == 0 ? nil : Date(unixMilliseconds: milliseconds)
    }
}
