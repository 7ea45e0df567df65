import Foundation
import Hummingbird
import SchedulerCore

extension PostView: ResponseEncodable {}
extension AccountView: ResponseEncodable {}
extension StatusView: ResponseEncodable {}
extension DryRunView: ResponseEncodable {}
extension SandboxTokenView: ResponseEncodable {}
extension LinkStartView: ResponseEncodable {}
extension CheckView: ResponseEncodable {}
extension HandoffView: ResponseEncodable {}
extension SlotsView: ResponseEncodable {}
extension QueueView: ResponseEncodable {}
extension UnlinkView: ResponseEncodable {}
extension JSONValue: ResponseEncodable {}
extension DoctorReport: ResponseEncodable {}
extension PlannedOccurrenceView: ResponseEncodable {}
extension CalendarDayView: ResponseEncodable {}

/// The routes of the control API, versioned under `/v1`; handlers decode, call a service, and return a view.
struct ControlAPIRoutes: Sendable {
    let posts: PostService
    let accounts: AccountService
    let handoffs: HandoffService
    let queue: QueueService
    let calendar: CalendarService
    let status: @Sendable () async throws -> StatusView
    let sandbox: SandboxRelay?
    let recovery: RecoveryRoutes
    let doctor: Doctor
    let backup: BackupRoutes
    let runs: RunRoutes

    func add(to router: Router<ControlContext>) {
        let v1 = router.group("v1")
        OpenAPIDocument.add(to: v1)
        recovery.add(to: v1)
        backup.add(to: v1)
        runs.add(to: v1)
        v1.get("status") { _, _ in try await status() }
        v1.get("doctor") { _, _ in await doctor.examine() }
        v1.post("posts") { request, _ -> Response in
            let body = try await ControlRequestBody.decode(SchedulePostRequest.self, from: request)
            switch try await posts.schedule(body) {
            case .stored(let post): return try Self.json(post, status: .created)
            case .preview(let preview): return try Self.json(preview, status: .ok)
            }
        }
        v1.get("handoffs") { _, _ -> [HandoffView] in try await handoffs.list() }
        v1.get("slots") { _, _ -> [SlotsView] in try await queue.allSlots() }
        v1.put("accounts/:ref/slots") { request, context in
            let body = try await ControlRequestBody.decode(SetSlotsRequest.self, from: request)
            return try await queue.setSlots(try Self.reference(context), body)
        }
        v1.delete("accounts/:ref/slots") { _, context in try await queue.clearSlots(try Self.reference(context)) }
        v1.get("queue") { request, _ -> [QueueView] in try await queue.queue(account: request.uri.queryParameters.get("account").map { String($0) }) }
        v1.post("handoffs/:id/done") { request, context in
            let raw = context.parameters.get("id") ?? ""
            guard let id = Int64(raw) else { throw RequestError.badRequest("'\(raw)' is not a handoff id (see `schedctl handoff list`)") }
            let body = try await ControlRequestBody.decode(HandoffDoneRequest.self, from: request)
            return try await handoffs.confirm(deliveryID: id, url: body.url)
        }
        v1.post("check") { request, _ in
            try posts.check(try await ControlRequestBody.decode(CheckRequest.self, from: request))
        }
        v1.post("media") { request, _ -> Response in
            guard let library = posts.media else { throw RequestError(.unavailable, "this daemon keeps no media") }
            var request = request
            let body = try await ControlRequestBody.collect(&request, upTo: MediaLibrary.maxBytes)
            let item = try await library.storeAndShare(Array(body.readableBytesView))
            return try Self.json(MediaView(id: item.sha256, kind: item.kind.rawValue, contentType: item.contentType, size: item.size,
                                           width: item.width, height: item.height, alt: nil), status: .created)
        }
        v1.get("media/:id") { _, context -> Response in
            guard let library = posts.media else { throw RequestError(.unavailable, "this daemon keeps no media") }
            let (item, bytes) = try await library.download(id: context.parameters.get("id") ?? "")
            return Response(status: .ok, headers: [.contentType: item.contentType], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        // A page of posts; when another follows, its cursor is the Next-Cursor header, taken back as `after`.
        v1.get("posts") { request, _ -> Response in
            let query = request.uri.queryParameters
            let stateName = query.get("state") ?? "pending"
            guard let filter = StateFilter(name: stateName) else {
                throw RequestError.badRequest("unknown state '\(stateName)'; use one of \(StateFilter.acceptedNames.joined(separator: ", "))")
            }
            let limit = try Self.integer(query.get("limit"), name: "limit", default: 50, range: 1...1_000)
            let offset = try Self.integer(query.get("offset"), name: "offset", default: 0, range: 0...Int(Int32.max))
            let order = ListOrder(filter)
            let after = try query.get("after").map { try ListCursor.position(String($0), order: order) }
            var accountID: Int64?
            if let reference = query.get("account") { accountID = try await posts.store.account(reference: reference).id }
            let page = try await posts.store.listPosts(filter: filter, accountID: accountID, after: after, offset: offset, limit: limit)
            var response = try Self.json(page.posts, status: .ok)
            if let next = page.next { response.headers[Self.nextCursor] = ListCursor.text(next, order: order) }
            // A page counted off past the end says how many posts there are, so that the client can say how many pages.
            if page.posts.isEmpty, offset > 0, after == nil {
                response.headers[Self.totalCount] = String(try await posts.store.countPosts(filter: filter, accountID: accountID))
            }
            return response
        }
        v1.get("calendar") { request, _ -> [PostView] in
            let (from, to, accountID) = try await calendarRange(request)
            return try await posts.store.postsDue(from: from, to: to, accountID: accountID, limit: 10_000)
        }
        // Day by day in a zone, each day's first posts and count, and the occurrences not made yet: what `schedctl calendar` draws.
        v1.get("calendar/days") { request, _ -> [CalendarDayView] in
            let query = request.uri.queryParameters
            guard let first = query.get("from").map({ String($0) }) else { throw RequestError.badRequest("the calendar needs from, a day such as 2026-12-01") }
            let zoneName = query.get("zone").map { String($0) } ?? "UTC"
            guard let zone = TimeZone(identifier: zoneName) else {
                throw RequestError.badRequest("unknown time zone '\(zoneName)'; use an IANA name such as Europe/Kyiv")
            }
            let count = try Self.integer(query.get("days"), name: "days", default: 7, range: 1...42)
            let perDay = try Self.integer(query.get("per_day"), name: "per_day", default: 12, range: 1...100)
            var accountID: Int64?
            if let reference = query.get("account") { accountID = try await posts.store.account(reference: String(reference)).id }
            return try await calendar.days(firstDay: first, count: count, zone: zone, perDay: perDay, accountID: accountID)
        }
        // The occurrences of repeating posts in the same range that are not posts yet (made four weeks ahead).
        v1.get("series/planned") { request, _ -> [PlannedOccurrenceView] in
            let (from, to, accountID) = try await calendarRange(request)
            return try await posts.series?.planned(from: from, to: to, accountID: accountID) ?? []
        }
        v1.get("posts/:id") { _, context in try await posts.store.post(id: try Self.postID(context)) }
        v1.patch("posts/:id") { request, context in
            let body = try await ControlRequestBody.decode(EditPostRequest.self, from: request)
            return try await posts.edit(id: try Self.postID(context), body)
        }
        v1.post("posts/:id/cancel") { request, context in
            let id = try Self.postID(context)
            guard request.uri.queryParameters.get("series") == "true" else { return try await posts.cancel(id: id) }
            guard let series = posts.series else { throw RequestError(.unavailable, "this daemon keeps no repeating posts") }
            return try await series.cancelSeries(ofPost: id)
        }
        v1.post("posts/batch") { request, _ -> Response in
            let body = try await ControlRequestBody.decode(ImportRequest.self, from: request, limit: ControlRequestBody.maxBatchBytes)
            let view = try await posts.importPosts(body)
            return try Self.json(view, status: view.dryRun || view.postIds.isEmpty ? .ok : .created)
        }
        v1.post("posts/:id/schedule") { request, context in
            let body = try await ControlRequestBody.decode(ScheduleDraftRequest.self, from: request)
            return try await posts.scheduleDraft(id: try Self.postID(context), body)
        }
        v1.post("posts/:id/duplicate") { _, context -> Response in
            try Self.json(try await posts.duplicate(id: try Self.postID(context)), status: .created)
        }
        v1.get("accounts") { request, _ in
            try await accounts.store.accounts(includeRevoked: request.uri.queryParameters.get("all") == "true")
        }
        v1.post("accounts") { request, _ -> Response in
            let body = try await ControlRequestBody.decode(ImportAccountRequest.self, from: request)
            return try Self.json(try await accounts.importAccount(body), status: .created)
        }
        v1.get("accounts/:ref") { _, context in try await accounts.store.account(reference: Self.reference(context)) }
        v1.post("accounts/:ref/refresh") { _, context in try await accounts.refresh(reference: Self.reference(context)) }
        v1.delete("accounts/:ref") { request, context in
            try await accounts.unlink(reference: Self.reference(context),
                                      cancelPending: request.uri.queryParameters.get("cancel_pending") == "true")
        }
        v1.post("links") { request, _ -> Response in
            let body = try await ControlRequestBody.decode(StartLinkRequest.self, from: request)
            return try Self.json(try await accounts.startLink(body), status: .created)
        }
        v1.post("links/:id/complete") { request, context -> Response in
            let body = try await ControlRequestBody.decode(CompleteLinkRequest.self, from: request)
            return try Self.json(try await accounts.completeLink(id: context.parameters.get("id") ?? "", body), status: .created)
        }
        v1.get("sandbox/received") { _, _ in try await requireSandbox().records("received") }
        v1.get("sandbox/records/:name") { _, context in
            let name = context.parameters.get("name") ?? ""
            guard ["received", "rejected", "revoked", "issued"].contains(name) else {
                throw RequestError.badRequest("the sandbox keeps no '\(name)' record; ask for received, rejected, revoked or issued")
            }
            return try await requireSandbox().records(name)
        }
        v1.post("sandbox/tokens/:network") { request, context -> Response in
            let name = context.parameters.get("network") ?? ""
            guard let network = Network(rawValue: name) else {
                throw RequestError.badRequest("unknown network '\(name)'; use one of \(Network.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            var mint = SandboxTokenRequest()
            var request = request
            let body = try await ControlRequestBody.collect(&request, upTo: SandboxTokenRoute.maxBytes)
            if body.readableBytes > 0 {
                mint = try ControlRequestBody.decodeData(SandboxTokenRequest.self, Data(body.readableBytesView))
            }
            return try Self.json(try await requireSandbox().mintToken(network: network, mint), status: .created)
        }
    }

    /// The header that carries the cursor of the next page of `GET /v1/posts`.
    static let nextCursor = HTTPFields.Element.Name("Next-Cursor")!
    /// On a page counted off (`offset`) past the end: how many posts the listing holds in all.
    static let totalCount = HTTPFields.Element.Name("Total-Count")!

    /// `from`, `to` (RFC 3339, at most 400 days apart) and `account` of a calendar request.
    private func calendarRange(_ request: Request) async throws -> (from: Date, to: Date, accountID: Int64?) {
        let query = request.uri.queryParameters
        guard let from = query.get("from").flatMap({ RFC3339.parse(String($0)) }), let to = query.get("to").flatMap({ RFC3339.parse(String($0)) }),
              from < to, to.timeIntervalSince(from) <= 400 * 86_400 else {
            throw RequestError.badRequest("the calendar needs from and to, RFC 3339 instants at most 400 days apart (from before to)")
        }
        var accountID: Int64?
        if let reference = query.get("account") { accountID = try await posts.store.account(reference: String(reference)).id }
        return (from, to, accountID)
    }

    private func requireSandbox() throws -> SandboxRelay {
        guard let sandbox else { throw RequestError(.conflict, "this daemon is not running in sandbox mode (start it with --sandbox)") }
        return sandbox
    }

    static func reference(_ context: ControlContext) throws -> String {
        let raw = context.parameters.get("ref") ?? ""
        guard let decoded = raw.removingPercentEncoding, !decoded.isEmpty else { throw RequestError.badRequest("empty account reference") }
        return decoded
    }

    static func postID(_ context: ControlContext) throws -> Int64 {
        let raw = context.parameters.get("id") ?? ""
        guard let id = Int64(raw), id > 0 else { throw RequestError.badRequest("'\(raw)' is not a post id (a positive number)") }
        return id
    }

    static func integer(_ raw: String?, name: String, default value: Int, range: ClosedRange<Int>) throws -> Int {
        guard let raw else { return value }
        guard let number = Int(raw), range.contains(number) else {
            throw RequestError.badRequest("\(name) must be a whole number in \(range.lowerBound)...\(range.upperBound), not '\(raw)'")
        }
        return number
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status) throws -> Response {
        let data = try JSONCoding.encoder().encode(value)
        return Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

extension ControlRequestBody {
    static func decodeData<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        do { return try JSONCoding.decoder().decode(T.self, from: data) } catch let error as DecodingError {
            throw RequestError.badRequest("the request body is not a valid \(T.self): \(describe(error))")
        }
    }
}
