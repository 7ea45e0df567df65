#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

extension FacebookSandboxNetwork {
    /// An authenticated Graph call on a node: who calls, the parameters (body and query), and when.
    struct GraphCall: Sendable {
        var request: Request
        var reader: Reader
        /// Body parameters (form, JSON or multipart) merged with the query's; the body wins.
        var parameters: SubmittedForm
        var now: Date
        /// The node in the path, `me` resolved to whom the token acts as (the Page, for a Page token).
        var nodeID: String
        /// `facebook` or `instagram`, for records.
        var network: String
    }

    /// A Graph body without files.
    static let graphBodyLimit = 1024 * 1024
    /// A photo upload: Graph's 10 MB plus the multipart framing.
    static let photoBodyLimit = 10 * 1024 * 1024 + 64 * 1024

    /// Reads and authenticates a Graph call, counts it against the usage budget, and runs `handler`;
    /// every answer carries `X-App-Usage` (and, for a Page token, `X-Business-Use-Case-Usage`).
    func graphCall(
        _ request: Request,
        nodeID: String,
        network: String = "facebook",
        bodyLimit: Int = graphBodyLimit,
        _ handler: (GraphCall) async -> Result<JSONValue, GraphError>
    ) async -> Response {
        var request = request
        let now = environment.now()
        let parameters: SubmittedForm
        switch await readParameters(&request, bodyLimit: bodyLimit) {
        case .failure(let error): return await refuse(error, request: request, now: now, network: network)
        case .success(let read): parameters = read
        }
        guard let token = parameters["access_token"] ?? request.bearerToken ?? Self.oauthSchemeToken(request) else {
            return await refuse(.missingToken, request: request, now: now, network: network)
        }
        let info: TokenInfo
        switch await oauth.validate(token, now: now) {
        case .failure(let refusal):
            return await refuse(.from(refusal, appID: FacebookOAuth.client.id, now: now), request: request, now: now, network: network)
        case .success(let valid): info = valid
        }
        guard let user = await directory.user(id: info.subject) else {
            return await refuse(.malformedToken, request: request, now: now, network: network)
        }
        let reader = Reader(info: info, user: user)
        let usage = await usage.consume(appID: info.clientID, pageID: reader.isUserToken ? nil : info.principal, now: now)
        if let refusal = usage.refusal {
            return await refuse(refusal, request: request, now: now, network: network, headers: usage.headers)
        }
        let call = GraphCall(request: request, reader: reader, parameters: parameters, now: now, nodeID: nodeID == "me" ? info.principal : nodeID, network: network)
        switch await handler(call) {
        case .success(let body): return Response.json(body, status: .ok, headers: usage.headers)
        case .failure(let error): return await refuse(error, request: request, now: now, network: network, headers: usage.headers)
        }
    }

    /// The body's parameters (any of Graph's three shapes) with the query's added.
    private func readParameters(_ request: inout Request, bodyLimit: Int) async -> Result<SubmittedForm, GraphError> {
        guard let bytes = await request.collectBytes(upTo: bodyLimit) else { return .failure(.bodyTooLarge(bodyLimit)) }
        guard let query = request.queryPairs else { return .failure(.invalidParameter("The query has a broken percent escape.")) }
        do {
            var parameters = try SubmittedForm.parse(bytes, contentType: request.headers[.contentType])
            parameters.add(query)
            return .success(parameters)
        } catch {
            return .failure(.invalidParameter("(#100) \(error.message)"))
        }
    }

    /// Remembers an accepted Graph publish or upload for `GET /_sandbox/received`.
    func record(_ call: GraphCall, kind: String, remoteID: String, actor: String, text: String?, media: [String], fetched: JSONValue? = nil,
                images: [ReceivedImage]? = nil, parentID: String? = nil) async {
        await environment.recordAcceptance(ReceivedRequest(
            network: call.network,
            receivedAt: SandboxTimestamp.rfc3339(call.now),
            method: call.request.method.rawValue,
            path: call.request.uri.path,
            body: call.parameters.recordedBody,
            remoteID: remoteID,
            userID: actor,
            auth: "oauth2",
            clientID: call.reader.info.clientID,
            kind: kind,
            text: text,
            media: media.isEmpty ? nil : media,
            fetched: fetched,
            version: call.request.uri.path.split(separator: "/").first.map(String.init).flatMap { Self.isVersion($0) ? $0 : nil },
            images: images,
            parentID: parentID
        ))
    }
}
