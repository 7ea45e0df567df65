import Foundation
@testable import SchedulerDomain
@testable import SchedulerServices
import Testing
@testable import Scheduler

/// The events' messages say each thing once (issue 16, bug 12).
@Suite struct DeliveryEventsTests {
    @Test func missed_saysTheLatenessLimitOnce_withTheLastErrorWhenThereWasOne() {
        let plain = DeliveryEvents.missed(postID: 10, deliveryID: 11, account: "x:@runner", lastError: DeliveryEvents.missedError, at: Date())
        #expect(plain.message == "Post 10 was not published to x:@runner within its lateness limit")

        let afterAnError = DeliveryEvents.missed(postID: 10, deliveryID: 11, account: "x:@runner",
                                                 lastError: DeliveryEvents.missedError + " (last error: X: Service Unavailable)", at: Date())
        #expect(afterAnError.message == "Post 10 was not published to x:@runner within its lateness limit (last error: X: Service Unavailable)")
    }
}
