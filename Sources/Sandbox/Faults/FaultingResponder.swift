#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import Logging

/// Stands in front of one listener's router and, when the plan says so, spoils the request the way
/// a real network sometimes does: an error answer, a late answer, or a connection that just closes.
///
/// It wraps the whole router (not a middleware) because dropping a connection needs the channel,
/// which only the application's own context carries. Requests outside ``FaultScope`` pass untouched.
struct FaultingResponder<Router: HTTPResponder>: HTTPResponder where Router.Context == BasicRequestContext {
    typealias Context = ChannelRequestContext

    let router: Router
    let injector: FaultInjector
    let answers: any FaultAnswers
    let environment: SandboxEnvironment

    func respond(to request: Request, context: ChannelRequestContext) async throws -> Response {
        guard FaultScope.applies(to: request) else {
            return try await router.respond(to: request, context: context.basic)
        }
        let now = environment.now()
        let bearer = await answers.bearer(in: request, now: now)
        if let bearer, let expiredAt = await injector.expiry(of: bearer.token) {
            return await refuseExpired(request, expiredAt: expiredAt, now: now)
        }
        let network = answers.network(of: request)
        if await injector.isDepleted(network), let refusal = answers.creditsDepleted(request) {
            return await refuse(request, refusal, now: now)
        }
        let candidate = FaultInjector.Candidate(isRead: request.method == .get || request.method == .head, hasRefreshableToken: bearer?.refreshable ?? false, account: bearer?.account,
                                                billsPerUse: answers.billsPerUse, method: request.method.rawValue, path: request.uri.path)
        guard let decision = await injector.draw(for: candidate) else {
            return try await router.respond(to: request, context: context.basic)
        }
        let fault = InjectedFault(
            at: SandboxTimestamp.rfc3339(now), network: answers.network(of: request), method: request.method.rawValue,
            path: request.uri.path, kind: decision.kind, account: bearer?.account
        )
        environment.logger.debug(
            "Sandbox injected a fault",
            metadata: ["sandbox.network": "\(fault.network)", "http.path": "\(fault.path)", "sandbox.fault": "\(decision.kind.rawValue)"]
        )
        return try await inject(decision, as: fault, into: request, context: context, bearer: bearer, now: now)
    }

    /// Carries out `decision`, recording `fault` once its outcome is known.
    private func inject(
        _ decision: FaultInjector.Decision, as fault: InjectedFault, into request: Request,
        context: ChannelRequestContext, bearer: BearerFacts?, now: Date
    ) async throws -> Response {
        var fault = fault
        switch decision.kind {
        case .serverError:
            return await recorded(fault, answers.serverError(to: request))
        case .rateLimit:
            let resetAt = answers.resetInstant(after: decision.resetAfter, now: now)
            fault.resetAt = SandboxTimestamp.rfc3339(resetAt)
            return await recorded(fault, answers.rateLimited(request, until: resetAt, now: now))
        case .expiredToken:
            guard let bearer else { return try await router.respond(to: request, context: context.basic) }
            await injector.expire(bearer.token, at: now)
            return await recorded(fault, answers.expiredToken(request, expiredAt: now, now: now).response)
        case .slow:
            let delay = decision.slowBy
            let response = try await router.respond(to: request, context: context.basic)
            fault.delayMilliseconds = Int((delay.timeInterval * 1_000).rounded())
            await injector.record(withStatus(fault, response))
            try? await Task.sleep(for: delay)
            return response
        case .slowCommit:
            // Held before the routes run: the post is neither made nor listed until the hold ends. Recorded
            // as the hold starts (with no status yet), so `GET /_sandbox/faults` shows a request still held.
            let delay = decision.commitDelay
            fault.delayMilliseconds = Int((delay.timeInterval * 1_000).rounded())
            await injector.record(fault)
            try? await Task.sleep(for: delay)
            return try await router.respond(to: request, context: context.basic)
        case .gatewayTimeout:
            // The network did the work; only its answer was lost behind the gateway.
            _ = try await router.respond(to: request, context: context.basic)
            return await recorded(fault, GatewayTimeoutAnswer.response())
        case .drop:
            await injector.record(fault)
            return await hangUp(context)
        case .lostAnswer:
            let response = try await router.respond(to: request, context: context.basic)
            await injector.record(withStatus(fault, response))
            return await hangUp(context)
        case .creditsDepleted:
            guard let refusal = answers.creditsDepleted(request) else { return try await router.respond(to: request, context: context.basic) }
            await injector.deplete(fault.network)
            return await recorded(fault, refusal.response)
        }
    }

    /// Records `fault` with the status of `response`, and returns it.
    private func recorded(_ fault: InjectedFault, _ response: Response) async -> Response {
        await injector.record(withStatus(fault, response))
        return response
    }

    private func withStatus(_ fault: InjectedFault, _ response: Response) -> InjectedFault {
        var fault = fault
        fault.status = response.status.code
        return fault
    }

    /// Closes the connection with nothing sent; the answer returned is never written.
    private func hangUp(_ context: ChannelRequestContext) async -> Response {
        try? await context.channel.close()
        return Response(status: .serviceUnavailable)
    }

    /// A later call with a token an `expired_token` fault ended: refused as the network refuses any expired token.
    private func refuseExpired(_ request: Request, expiredAt: Date, now: Date) async -> Response {
        await refuse(request, answers.expiredToken(request, expiredAt: expiredAt, now: now), now: now)
    }

    /// Records `refusal` as rejected and answers with it.
    private func refuse(_ request: Request, _ refusal: FaultRefusal, now: Date) async -> Response {
        await environment.recordRejection(
            network: answers.network(of: request), request: request, status: refusal.status,
            reasonCode: refusal.reasonCode, reason: refusal.reason, at: now
        )
        return refusal.response
    }
}
