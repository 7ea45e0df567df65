import Foundation
import Hummingbird
import SchedulerCore

extension Response {
    /// A JSON response with stable key order, so records and error bodies diff cleanly in tests.
    static func json(_ value: some Encodable, status: HTTPResponse.Status, headers: HTTPFields = [:]) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

extension JSONValue {
    /// Parses a request body; `nil` when it is empty or not JSON.
    static func parse(_ buffer: ByteBuffer) -> JSONValue? {
        let bytes = Data(buffer.readableBytesView)
        guard !bytes.isEmpty else { return nil }
        return try? JSONDecoder().decode(JSONValue.self, from: bytes)
    }
}
