import HTTPTypes
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOEmbedded

/// Sends requests straight to a router's responder, as HummingbirdTesting's `.router` test mode does
/// (`RouterTestFramework`): no server, no socket; each request gets a fresh context on a testing channel. Written here
/// rather than taken from HummingbirdTesting because that product brings AsyncHTTPClient and NIOHTTP2 into the build,
/// minutes of compiling on two cores for a client these tests never use.
struct RouterClient<Context: RequestContext>: Sendable where Context.Source == ApplicationRequestContextSource {
    private let responder: RouterResponder<Context>
    private let logger: Logger

    init(_ router: Router<Context>, logger: Logger) {
        responder = router.buildResponder()
        self.logger = logger
    }

    /// The answer to one request, its body read whole; an error no middleware turned into an answer is a 500, as a
    /// server would send.
    func execute(_ method: HTTPRequest.Method, _ path: String, headers: HTTPFields, body: [UInt8]?) async throws -> (HTTPResponse, [UInt8]) {
        var headers = headers
        if let body { headers[.contentLength] = String(body.count) }
        let request = Request(head: HTTPRequest(method: method, scheme: "http", authority: "localhost", path: path, headerFields: headers),
                              body: RequestBody(buffer: ByteBuffer(bytes: body ?? [])))
        let context = Context(source: ApplicationRequestContextSource(channel: NIOAsyncTestingChannel(), logger: logger))
        let response: Response
        do {
            response = try await responder.respond(to: request, context: context)
        } catch {
            response = Response(status: .internalServerError)
        }
        let writer = CollectedBody()
        let head = response.head
        try await response.body.write(writer)
        return (head, writer.bytes.withLockedValue { $0 })
    }
}

/// A response body written into memory.
private struct CollectedBody: ResponseBodyWriter {
    let bytes = NIOLockedValueBox<[UInt8]>([])

    func write(_ buffer: ByteBuffer) async throws {
        bytes.withLockedValue { $0 += buffer.readableBytesView }
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
