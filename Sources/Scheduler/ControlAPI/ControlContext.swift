import Foundation
import Hummingbird
import SchedulerCore

/// The request context of the control API: the project's JSON dialect both ways, small bodies only.
struct ControlContext: RequestContext {
    var coreContext: CoreRequestContextStorage

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }

    var maxUploadSize: Int { ControlRequestBody.maxBytes }
    var responseEncoder: JSONEncoder { JSONCoding.encoder() }
    var requestDecoder: JSONDecoder { JSONCoding.decoder() }
}

/// Reads and decodes request bodies with errors that say what was wrong and where.
enum ControlRequestBody {
    static let maxBytes = 1 << 20

    static func decode<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: maxBytes)
        } catch {
            throw RequestError(.badRequest, "the request body is larger than \(maxBytes) bytes")
        }
        let data = Data(buffer.readableBytesView)
        guard !data.isEmpty else { throw RequestError.badRequest("the request body is empty; expected a JSON object") }
        do {
            return try JSONCoding.decoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            throw RequestError.badRequest("the request body is not a valid \(T.self): \(describe(error))")
        } catch {
            throw RequestError.badRequest("the request body is not valid JSON")
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.isEmpty ? "the body" : "'" + codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".") + "'"
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing \(path(context.codingPath + [key]))"
        case .typeMismatch(let type, let context): return "\(path(context.codingPath)) should be \(type)"
        case .valueNotFound(let type, let context): return "\(path(context.codingPath)) should be \(type), found null"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default: return "unreadable"
        }
    }
}
