import Foundation
import SchedulerCore

/// Every attempt of every delivery of one post, as the `attempts` table keeps them.
package struct HistoryRecord: Sendable, Equatable {
    package var postId: Int64
    package var deliveries: [Delivery]

    package init(postId: Int64, deliveries: [Delivery]) {
        self.postId = postId
        self.deliveries = deliveries
    }

    /// One delivery's state and its attempts, oldest first.
    package struct Delivery: Sendable, Equatable {
        package var id: Int64
        /// `network:@handle`.
        package var account: String
        package var state: DeliveryState
        package var attempts: [Attempt]

        package init(id: Int64, account: String, state: DeliveryState, attempts: [Attempt]) {
            self.id = id; self.account = account; self.state = state; self.attempts = attempts
        }
    }

    /// One request to a network and what came of it.
    package struct Attempt: Sendable, Equatable {
        package var startedAt: Date
        package var finishedAt: Date
        package var httpStatus: Int?
        package var outcome: String
        package var errorClass: String?
        package var excerpt: String?
        /// Which part of a delivery in several parts it sent.
        package var part: Int?

        package init(startedAt: Date, finishedAt: Date, httpStatus: Int?, outcome: String, errorClass: String? = nil, excerpt: String? = nil,
                     part: Int? = nil) {
            self.startedAt = startedAt; self.finishedAt = finishedAt; self.httpStatus = httpStatus
            self.outcome = outcome; self.errorClass = errorClass; self.excerpt = excerpt; self.part = part
        }
    }
}
