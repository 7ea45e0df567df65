import Foundation
import Hummingbird
import NIOCore
import SchedulerCore
import SchedulerDomain
import SchedulerServices

/// Errors become HTTP statuses only here, at the edge, with the body every client can read.
extension RequestError: HTTPResponseError {
    package var status: HTTPResponse.Status {
        switch code {
        case .badRequest: .badRequest
        case .notFound: .notFound
        case .forbidden: .forbidden
        case .conflict: .conflict
        case .unavailable: .serviceUnavailable
        case .internalError: .internalServerError
        }
    }

    package func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = APIErrorBody(code: code.rawValue, message: message, problems: problems, hint: hint, advice: hint.flatMap(APIAdvice.words))
        let data = try JSONCoding.encoder().encode(body)
        // Closed rather than kept alive: the body sent is not read, and draining it would keep the client waiting.
        return Response(status: status, headers: [.contentType: "application/json", .connection: "close"],
                        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// Turns whatever a handler throws into a ``RequestError``, so no client ever sees a bare 500 without a message. The store
/// failing is a 503 that names the cause (a full disk, a lock held elsewhere), and ``StoreHealth`` hears of it.
package struct ErrorMappingMiddleware: RouterMiddleware {
    package typealias Context = ControlContext
    package let health: StoreHealth

    package func handle(_ request: Request, context: ControlContext, next: (Request, ControlContext) async throws -> Response) async throws -> Response {
        do {
            return try await health.watching(changes: request.method != .get && request.method != .head, { try await next(request, context) },
                                             worked: { $0.status.code < 500 })
        } catch let unavailable as StoreHealth.Unavailable {
            throw unavailable.refusal
        } catch let error as RequestError {
            throw error
        } catch let error as BodyTooLargeError {
            throw error
        } catch is NIOTooManyBytesError {
            throw BodyTooLargeError(limit: nil)
        } catch let error as DecodingError {
            throw RequestError.badRequest("the request is not valid: \(ControlRequestBody.describe(error))")
        } catch let error as StoreError {
            throw RequestError(error)
        } catch let error as HTTPError {
            throw RequestError(error.status == .notFound ? .notFound : .badRequest, error.body ?? "\(error.status)")
        } catch {
            context.logger.error("control request failed", metadata: ["error": "\(error)"])
            throw RequestError(.internalError, "internal error: \(error)")
        }
    }
}

/// A body over the limit of its route: 413 with the same JSON error body as every other refusal, so clients
/// (schedctl exits with the bad-input code) tell it from a malformed body.
package struct BodyTooLargeError: HTTPResponseError {
    /// The route's limit in bytes, when known.
    package let limit: Int?
    /// For a route that reads no body: which one, to say so.
    package var route: String? = nil

    package var status: HTTPResponse.Status { .contentTooLarge }

    package var message: String {
        if let route { return "\(route) takes no request body; send it without one" }
        guard let limit else { return "the request body is too large" }
        return limit >= 1_048_576 ? "the request body is larger than \(limit / 1_048_576) MB" : "the request body is larger than \(limit) bytes"
    }

    /// `Connection: close`, because it is: the rest of the body is never read, so the connection can carry no other
    /// request. Without it a keep-alive client (schemathesis' pool in `make api-contract-test`) sent its next request
    /// into the closed connection and lost it.
    package func response(from request: Request, context: some RequestContext) throws -> Response {
        let data = try JSONCoding.encoder().encode(APIErrorBody(code: APIErrorCode.badRequest.rawValue, message: message, problems: nil))
        return Response(status: status, headers: [.contentType: "application/json", .connection: "close"],
                        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
