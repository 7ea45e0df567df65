import Hummingbird

/// The sandbox's own endpoints under `/_sandbox/`, served by every listener from one shared record.
struct SandboxControlRoutes: Sendable {
    let recorder: Recorder
    /// Every listener's base URL, by network name.
    let listeners: @Sendable () async throws -> [String: String]

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/_sandbox/received") { _, _ in
            Response.json(await recorder.received(), status: .ok)
        }
        router.get("/_sandbox/rejected") { _, _ in
            Response.json(await recorder.rejected(), status: .ok)
        }
        router.get("/_sandbox/issued") { _, _ in
            Response.json(await recorder.issued(), status: .ok)
        }
        // Test-only: the values of everything issued, so a leak test can search logs and files for them.
        router.get("/_sandbox/secrets") { _, _ in
            Response.json(await recorder.secrets(), status: .ok)
        }
        router.get("/_sandbox/revoked") { _, _ in
            Response.json(await recorder.revoked(), status: .ok)
        }
        router.get("/_sandbox/listeners") { _, _ in
            Response.json(try await listeners(), status: .ok)
        }
        router.get("/_sandbox/health") { _, _ in
            Response.json(["status": "ok"], status: .ok)
        }
    }
}
