import Foundation
import Hummingbird
import SchedulerCore

/// The daemon itself: its status, its clock and zone, its doctor's report, and the control API's own OpenAPI document.
struct StatusRoutes: Sendable {
    let status: @Sendable () async throws -> StatusView
    let doctor: Doctor
    /// The daemon's zone, as the status says it.
    let zone: String

    func add(to v1: RouterGroup<ControlContext>) {
        OpenAPIDocument.add(to: v1)
        v1.get("status") { _, _ in try await status() }
        v1.get("clock") { [zone] _, _ in ClockView(now: Date(), zone: zone) }
        v1.get("doctor") { _, _ in await doctor.examine() }
    }
}
