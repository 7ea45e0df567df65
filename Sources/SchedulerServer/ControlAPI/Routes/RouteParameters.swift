import Foundation
import Hummingbird
import SchedulerCore
import SchedulerDomain
import SchedulerServices

/// How every route reads its path and query parameters and writes JSON: one wording of each refusal.
package enum RouteParameters {
    package static func reference(_ context: ControlContext) throws -> String {
        let raw = context.parameters.get("ref") ?? ""
        guard let decoded = raw.removingPercentEncoding, !decoded.isEmpty else { throw RequestError.badRequest("empty account reference") }
        return decoded
    }

    package static func postID(_ context: ControlContext) throws -> Int64 {
        let raw = context.parameters.get("id") ?? ""
        guard let id = Int64(raw), id > 0 else { throw RequestError.badRequest("'\(raw)' is not a post id (a positive number)") }
        return id
    }

    package static func deliveryID(_ context: ControlContext) throws -> Int64 {
        let raw = context.parameters.get("id") ?? ""
        guard let id = Int64(raw), id > 0 else {
            throw RequestError.badRequest("'\(raw)' is not a delivery id (a positive number)", hint: RefusalHint(.showPost))
        }
        return id
    }

    /// `If-Match: "1765432101234"` (or without quotes): the post version an edit was built from, as `version` in its body.
    package static func version(ifMatch raw: String) throws -> Int64 {
        var tag = raw.trimmingCharacters(in: .whitespaces)
        if tag.hasPrefix("W/") { tag.removeFirst(2) }
        if tag.count >= 2, tag.hasPrefix("\""), tag.hasSuffix("\"") { tag = String(tag.dropFirst().dropLast()) }
        guard let version = Int64(tag), version >= 0 else {
            throw RequestError.badRequest("If-Match takes the post's version (e.g. \"1765432101234\"), not '\(raw)'")
        }
        return version
    }

    package static func integer(_ raw: String?, name: String, default value: Int, range: ClosedRange<Int>) throws -> Int {
        guard let raw else { return value }
        guard let number = Int(raw), range.contains(number) else {
            throw RequestError.badRequest("\(name) must be a whole number in \(range.lowerBound)...\(range.upperBound), not '\(raw)'")
        }
        return number
    }

    package static func json(_ value: some Encodable, status: HTTPResponse.Status) throws -> Response {
        let data = try JSONCoding.encoder().encode(value)
        return Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// An empty body means all defaults.
    package static func optionalBody<T: Decodable>(_ type: T.Type, _ request: Request) async throws -> T? {
        var request = request
        let buffer = try await ControlRequestBody.collect(&request, upTo: ControlRequestBody.maxBytes)
        guard buffer.readableBytes > 0 else { return nil }
        return try ControlRequestBody.decodeData(T.self, Data(buffer.readableBytesView))
    }
}

extension ControlRequestBody {
    package static func decodeData<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        do { return try JSONCoding.decoder().decode(T.self, from: data) } catch let error as DecodingError {
            throw RequestError.badRequest("the request body is not a valid \(T.self): \(describe(error))")
        }
    }
}

extension PostView: ResponseEncodable {}
extension WebUserView: ResponseEncodable {}
extension AccountView: ResponseEncodable {}
extension StatusView: ResponseEncodable {}
extension ClockView: ResponseEncodable {}
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
extension HistoryView: ResponseEncodable {}
extension PauseView: ResponseEncodable {}
extension EventView: ResponseEncodable {}
