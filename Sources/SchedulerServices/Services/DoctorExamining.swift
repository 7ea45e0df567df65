import Foundation
import SchedulerCore

/// `schedctl doctor`: what examines the daemon and its accounts. The composition root's `Doctor` (Sources/Scheduler/
/// Doctor), which reads the daemon's configuration, is the one; the services and the routes hold it by this protocol,
/// so that they need not see the configuration.
package protocol DoctorExamining: Sendable {
    func examine(now: Date) async -> DoctorReport
}
