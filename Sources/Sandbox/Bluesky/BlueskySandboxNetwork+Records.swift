#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

extension BlueskySandboxNetwork {
    private struct CreatedRecord: Encodable {
        struct Commit: Encodable { var cid: String; var rev: String }
        var uri: String
        var cid: String
        var commit: Commit
        var validationStatus = "valid"
    }

    private struct RecordPage: Encodable {
        var cursor: String?
        var records: [BlueskyRecordView]
    }

    /// createRecord's JSON body limit (`jsonLimit` in createRecord.ts).
    static let recordBodyLimit = 1_000_000

    /// `POST com.atproto.repo.createRecord`: bearer access token, then write points, then the record.
    ///
    /// `validate: false` is ignored: this sandbox always validates, being at least as strict as a PDS that knows the lexicon.
    func createRecord(_ request: Request, context: BasicRequestContext) async throws -> Response {
        var request = request
        let receivedAt = environment.now()
        let account: BlueskyAccount
        switch await accounts.authenticate(request.bearerToken, now: receivedAt) {
        case .failure(let error): return await refuse(error, request: request, receivedAt: receivedAt)
        case .success(let who): account = who
        }
        guard let bytes = await request.collectBytes(upTo: Self.recordBodyLimit) else {
            return await refuse(XRPCError(status: 413, error: "PayloadTooLarge", message: "request entity too large"), request: request, receivedAt: receivedAt)
        }
        let json = JSONValue.parse(ByteBuffer(bytes: bytes))
        guard let repo = json?["repo"]?.stringValue, let collection = json?["collection"]?.stringValue, let record = json?["record"] else {
            return await refuse(.invalidRequest("Input must have the properties \"repo\", \"collection\" and \"record\""), request: request, body: json, receivedAt: receivedAt)
        }
        guard repo == account.did || repo.lowercased() == account.handle else {
            return await refuse(XRPCError(status: 401, error: "AuthenticationRequired", message: "Authentication Required"), request: request, body: json, receivedAt: receivedAt)
        }
        if json?["swapCommit"] != nil {
            return await refuse(.invalidRequest("swapCommit is not supported by this sandbox"), request: request, body: json, receivedAt: receivedAt)
        }
        var rkey: String?
        if let given = json?["rkey"] {
            guard let text = given.stringValue else { return await refuse(.invalidRequest("Input/rkey must be a string"), request: request, body: json, receivedAt: receivedAt) }
            rkey = text
        }
        let creating = BlueskyRepository.CreateRequest(did: account.did, collection: collection, rkey: rkey, record: record, handles: await accounts.handlesByDID())
        let (result, limit) = await repository.create(creating, now: receivedAt)
        let headers = limit.headers(now: receivedAt)
        switch result {
        case .failure(let error):
            return await refuse(error, request: request, body: json, receivedAt: receivedAt, headers: headers)
        case .success(let stored):
            await recordPost(stored, account: account, request: request, body: json ?? .null, receivedAt: receivedAt)
            let rev = TID.encode(microseconds: UInt64(receivedAt.timeIntervalSince1970 * 1_000_000), clockID: 0)
            return Response.json(CreatedRecord(uri: stored.uri, cid: stored.cid, commit: .init(cid: stored.cid, rev: rev)), status: .ok, headers: headers)
        }
    }

    /// `GET com.atproto.repo.getRecord?repo&collection&rkey`: `{uri, cid, value}` or 400 `RecordNotFound`. Counted per account.
    func getRecord(_ request: Request) async -> Response {
        let receivedAt = environment.now()
        guard let query = Self.query(request), let repo = query["repo"], let collection = query["collection"], let rkey = query["rkey"] else {
            return await refuse(.invalidRequest("Params must have the properties \"repo\", \"collection\" and \"rkey\""), request: request, receivedAt: receivedAt)
        }
        guard let account = await accounts.account(repo) else {
            return await refuse(.invalidRequest("Could not find repo: \(repo)"), request: request, receivedAt: receivedAt)
        }
        guard let record = await repository.record(did: account.did, collection: collection, rkey: rkey) else {
            return await refuse(.recordNotFound("at://\(account.did)/\(collection)/\(rkey)"), request: request, receivedAt: receivedAt)
        }
        return Response.json(BlueskyRecordView(record), status: .ok)
    }

    /// `GET com.atproto.repo.listRecords?repo&collection&limit&cursor&reverse`: newest rkey first. Counted per account.
    func listRecords(_ request: Request) async -> Response {
        let receivedAt = environment.now()
        guard let query = Self.query(request), let repo = query["repo"], let collection = query["collection"] else {
            return await refuse(.invalidRequest("Params must have the properties \"repo\" and \"collection\""), request: request, receivedAt: receivedAt)
        }
        var limit = 50
        if let text = query["limit"] {
            guard let number = Int(text), (1...100).contains(number) else {
                return await refuse(.invalidRequest("limit must be an integer from 1 to 100"), request: request, receivedAt: receivedAt)
            }
            limit = number
        }
        let reverse: Bool
        switch query["reverse"] {
        case nil, "false"?: reverse = false
        case "true"?: reverse = true
        default: return await refuse(.invalidRequest("reverse must be a boolean"), request: request, receivedAt: receivedAt)
        }
        guard let account = await accounts.account(repo) else {
            return await refuse(.invalidRequest("Could not find repo: \(repo)"), request: request, receivedAt: receivedAt)
        }
        let records = await repository.list(did: account.did, collection: collection, limit: limit, cursor: query["cursor"], reverse: reverse)
        let cursor = records.last.flatMap { $0.uri.split(separator: "/").last.map(String.init) }
        return Response.json(RecordPage(cursor: cursor, records: records.map(BlueskyRecordView.init)), status: .ok)
    }

    /// Remembers an accepted post for `GET /_sandbox/received`.
    private func recordPost(_ record: BlueskyRecord, account: BlueskyAccount, request: Request, body: JSONValue, receivedAt: Date) async {
        var media: [String] = []
        if case .array(let images)? = record.value["embed"]?["images"] {
            media = images.compactMap { $0["image"]?["ref"]?["$link"]?.stringValue }
        }
        await environment.recorder.record(ReceivedRequest(
            network: name,
            receivedAt: SandboxTimestamp.rfc3339(receivedAt),
            method: request.method.rawValue,
            path: request.uri.path,
            body: body,
            remoteID: record.uri,
            userID: account.did,
            auth: "session",
            kind: "post",
            text: record.value["text"]?.stringValue,
            media: media.isEmpty ? nil : media,
            replyTo: record.value["reply"]?["parent"]?["uri"]?.stringValue
        ))
    }
}
