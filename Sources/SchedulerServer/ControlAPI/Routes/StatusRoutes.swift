import Foundation
import Hummingbird
import SchedulerCore
import SchedulerServices

/// The daemon itself: its status, its clock and zone, its doctor's report, and the control API's own OpenAPI document.
package struct StatusRoutes: Sendable {
    package let status: @Sendable () async throws -> StatusView
    package let doctor: any DoctorExamining
    /// The daemon's zone, as the status says it.
    package let zone: String

    package func add(to v1: RouterGroup<ControlContext>) {
        OpenAPIDocument.add(to: v1)
        v1.get("status") { _, _ in try await status() }
        v1.get("clock") { [zone] _, _ in ClockView(now: Date(), zone: zone) }
        v1.get("doctor") { _, _ in await doctor.examine(now: Date()) }
    }
}
