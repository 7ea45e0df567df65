#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

/// An authenticated Threads API call: who calls, with which grant, the parameters (body and query), and when.
struct ThreadsCall: Sendable {
    var request: Request
    var info: TokenInfo
    var user: ThreadsUser
    /// Body parameters (form, JSON or multipart) merged with the query's; the body wins.
    var parameters: SubmittedForm
    var now: Date
    /// The node in the path, with `me` resolved to the token's person.
    var nodeID: String

    /// Whether the token holds `scope`.
    func has(_ scope: String) -> Bool {
        info.scopes.contains(scope)
    }

    /// The first of `scopes` the token lacks, as the permission error.
    func require(_ scopes: [String]) -> ThreadsError? {
        scopes.first { !has($0) }.map(ThreadsError.permissionDenied)
    }

    /// Whether the path names the token's own profile; other profiles are out of reach for every call here.
    var isOwnProfile: Bool { nodeID == user.id }
}

extension ThreadsSandboxNetwork {
    /// A body without files: Threads takes media by URL only.
    static let bodyLimit = 1024 * 1024

    /// Reads and authenticates a call, checks `scopes`, counts it against the app's budget for the person, and answers
    /// with what `handler` returns (a JSON body, or an error recorded as a refusal).
    ///
    /// The token comes as `Authorization: Bearer` or an `access_token` parameter, as Graph takes it.
    func threadsCall(
        _ request: Request, nodeID: String, scopes: [String] = [ThreadsOAuth.baseScope],
        _ handler: (ThreadsCall) async -> Result<JSONValue, ThreadsError>
    ) async -> Response {
        var request = request
        let now = environment.now()
        let parameters: SubmittedForm
        switch await readParameters(&request) {
        case .failure(let error): return await refuse(error, request: request, now: now)
        case .success(let read): parameters = read
        }
        let call: ThreadsCall
        switch await authenticate(request, parameters: parameters, nodeID: nodeID, now: now) {
        case .failure(let error): return await refuse(error, request: request, now: now)
        case .success(let made): call = made
        }
        guard await budget.consume(appID: call.info.clientID, userID: call.user.id, now: now) else {
            return await refuse(.callLimitReached, request: request, now: now)
        }
        if let missing = call.require(scopes) { return await refuse(missing, request: request, now: now) }
        switch await handler(call) {
        case .success(let body): return Response.json(body, status: .ok)
        case .failure(let error): return await refuse(error, request: request, now: now)
        }
    }

    /// Who the call's token stands for, or the 190 that answers a missing, unknown or expired one.
    private func authenticate(_ request: Request, parameters: SubmittedForm, nodeID: String, now: Date) async -> Result<ThreadsCall, ThreadsError> {
        guard let token = parameters["access_token"] ?? request.bearerToken else { return .failure(.missingToken) }
        let info: TokenInfo
        switch await tokenInfo(token, now: now) {
        case .failure(let error): return .failure(error)
        case .success(let valid): info = valid
        }
        guard let user = await directory.user(id: info.subject) else { return .failure(.malformedToken) }
        return .success(ThreadsCall(request: request, info: info, user: user, parameters: parameters, now: now, nodeID: nodeID == "me" ? user.id : nodeID))
    }

    /// What a token stands for, or the Threads rendering of why it does not work.
    func tokenInfo(_ token: String, now: Date) async -> Result<TokenInfo, ThreadsError> {
        switch await oauth.validate(token, now: now) {
        case .success(let info): return .success(info)
        case .failure(let refusal) where refusal.code == .expiredToken: return .failure(.expired(at: refusal.expiredAt ?? now, now: now))
        case .failure: return .failure(.malformedToken)
        }
    }

    /// The body's parameters (any of Graph's three shapes) with the query's added.
    private func readParameters(_ request: inout Request) async -> Result<SubmittedForm, ThreadsError> {
        guard let bytes = await request.collectBytes(upTo: Self.bodyLimit) else { return .failure(.bodyTooLarge(Self.bodyLimit)) }
        guard let query = request.queryPairs else { return .failure(.invalidParameter("The query has a broken percent escape.")) }
        do {
            var parameters = try SubmittedForm.parse(bytes, contentType: request.headers[.contentType])
            parameters.add(query)
            return .success(parameters)
        } catch {
            return .failure(.invalidParameter("(#100) \(error.message)"))
        }
    }

    /// The `fields` parameter, or `defaults`; unbalanced braces are a parameter error.
    static func fields(_ call: ThreadsCall, defaults: [String]) -> Result<GraphFields, ThreadsError> {
        guard let fields = GraphFields.parse(call.parameters["fields"], defaults: defaults) else {
            return .failure(.invalidParameter("(#100) The parameter fields is not a valid field list."))
        }
        return .success(fields)
    }
}
