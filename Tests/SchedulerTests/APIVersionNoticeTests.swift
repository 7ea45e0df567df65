import Foundation
import SchedulerCore
import Testing
@testable import Scheduler

/// A warning about a configured API version raises an `api_version` event once, not at every restart, and
/// again if it comes back after being fixed.
@Suite struct APIVersionNoticeTests {
    @Test(arguments: StoreBackend.allCases)
    func aWarningRaisesOneEvent_perChange_notPerStart(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let retired = (network: Network.linkedin, message: "networks.linkedin.version = 202411 was retired on 2025-11-01")
            try await store.noteAPIVersionWarnings([retired])
            try await store.noteAPIVersionWarnings([retired])
            var events = try await store.recentEvents(10)
            #expect(events.map(\.event) == ["api_version"])
            #expect(events.first?.network == "linkedin" && events.first?.message == retired.message)

            try await store.noteAPIVersionWarnings([])
            try await store.noteAPIVersionWarnings([retired])
            events = try await store.recentEvents(10)
            #expect(events.count == 2, "fixed, then broken again: told again")
        }
    }
}
