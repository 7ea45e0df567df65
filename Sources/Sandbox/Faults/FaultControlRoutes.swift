import Hummingbird
import SchedulerCore

/// `/_sandbox/faults`: what was injected, and the plan that decides what will be.
///
/// - `GET /_sandbox/faults`: every injected fault, oldest first (``InjectedFault``).
/// - `GET /_sandbox/faults/plan`: the plan in force, with the seed in use.
/// - `POST /_sandbox/x/credits`: tops up X's credits after a `credits_depleted` fault.
/// - `PUT /_sandbox/faults`: replaces the plan (`{"rate": 0.3, "kinds": […], "seed": 42, "reset_seconds": 2,
///   "slow_seconds": 1.5, "commit_seconds": 3, "only": {"request": "POST /2/tweets", "skip": 2, "count": 1}}`; `"rate": 0` turns faults
///   off; `only` spoils just the matching requests in its window) and answers with it; a bad body gets 400 and says why.
struct FaultControlRoutes: Sendable {
    let injector: FaultInjector
    /// The largest plan body accepted.
    static let bodyLimit = 64 * 1024

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/_sandbox/faults") { _, _ in
            Response.json(await injector.faults(), status: .ok)
        }
        router.get("/_sandbox/faults/plan") { _, _ in
            await planResponse(status: .ok)
        }
        router.put("/_sandbox/faults") { request, _ in
            await replacePlan(request)
        }
        // The developer console's "add credits": X takes requests again after a `credits_depleted` fault.
        router.post("/_sandbox/x/credits") { _, _ in
            let wasDepleted = await injector.topUp("x")
            return Response.json(["topped_up": wasDepleted], status: .ok)
        }
    }

    private func replacePlan(_ request: Request) async -> Response {
        var request = request
        guard let bytes = await request.collectBytes(upTo: Self.bodyLimit) else {
            return Response.json(["error": "malformed_body", "message": "A fault plan is at most \(Self.bodyLimit) bytes."], status: .contentTooLarge)
        }
        do throws(FaultPlanError) {
            let plan = try FaultPlan.fromJSON(JSONValue.parse(ByteBuffer(bytes: bytes)))
            await injector.replace(plan)
            return await planResponse(status: .ok)
        } catch {
            return Response.json(["error": error.code.description, "message": error.message], status: .badRequest)
        }
    }

    private func planResponse(status: HTTPResponse.Status) async -> Response {
        let (plan, seed) = await injector.current()
        return Response.json(FaultPlanDocument(plan: plan, seed: seed), status: status)
    }
}
