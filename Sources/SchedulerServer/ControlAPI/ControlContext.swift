import Foundation
import Hummingbird
import NIOCore
import SchedulerCore
import SchedulerDomain
import SchedulerServices

/// The request context of the control API: the project's JSON dialect both ways, small bodies only.
package struct ControlContext: RequestContext {
    package var coreContext: CoreRequestContextStorage
    /// The client's connection, so a request refused before its body is read can end the connection (see
    /// ``RouteBodyLimitMiddleware``) instead of the server draining a body nobody reads.
    package let channel: any Channel

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }

    package var maxUploadSize: Int { ControlRequestBody.maxBytes }
    package var responseEncoder: JSONEncoder { JSONCoding.encoder() }
    package var requestDecoder: JSONDecoder { JSONCoding.decoder() }
}

/// Reads and decodes request bodies with errors that say what was wrong and where.
package enum ControlRequestBody {
    package static let maxBytes = 1 << 20

    /// An import's rows: 10,000 posts of a few hundred bytes each, with room to spare.
    package static let maxBatchBytes = 64 << 20

    package static func decode<T: Decodable>(_ type: T.Type, from request: Request, limit: Int = maxBytes) async throws -> T {
        var request = request
        let buffer = try await collect(&request, upTo: limit)
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

    /// The whole body, refused at once when its declared length is over `limit` (the client need not send
    /// 10 GB to hear so), and when it grows past `limit` without a declared length.
    package static func collect(_ request: inout Request, upTo limit: Int) async throws -> ByteBuffer {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw BodyTooLargeError(limit: limit)
        }
        do {
            return try await request.collectBody(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw BodyTooLargeError(limit: limit)
        } catch {
            throw RequestError.badRequest("the request body ended before it was complete")
        }
    }

    package static func describe(_ error: DecodingError) -> String {
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
