import Hummingbird

/// The sandbox's own endpoints under `/_sandbox/`, shared by all networks: what was accepted, what was refused.
struct SandboxControlRoutes: Sendable {
    let recorder: Recorder

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/_sandbox/received") { _, _ in
            Response.json(await recorder.received(), status: .ok)
        }
        router.get("/_sandbox/rejected") { _, _ in
            Response.json(await recorder.rejected(), status: .ok)
        }
        router.get("/_sandbox/health") { _, _ in
            Response.json(["status": "ok"], status: .ok)
        }
    }
}
