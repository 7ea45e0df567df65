import Foundation
import Hummingbird
import Logging
import NIOCore
import SchedulerServices
import ServiceLifecycle

/// Serves the state directory's `media/` read-only over HTTP on loopback, so the sandbox's Instagram
/// can fetch images the way the real one fetches them from `media_base_url`. Only files named by a
/// SHA-256 are served; nothing is listed.
package final class MediaServer: Service, Sendable {
    private let library: MediaLibrary
    private let logger: Logger
    private let address = AsyncStream<String>.makeStream()

    package init(library: MediaLibrary, logger: Logger) {
        self.library = library
        self.logger = logger
    }

    package var description: String { "MediaServer" }

    /// `http://127.0.0.1:PORT/media`, once listening.
    package func baseURL() async -> String? {
        var iterator = address.stream.makeAsyncIterator()
        return await iterator.next()
    }

    package func run() async throws {
        let router = Router()
        let directory = library.directory
        router.get("media/:file") { _, context -> Response in
            let name = context.parameters.get("file") ?? ""
            let parts = name.split(separator: ".")
            guard parts.count == 2, parts[0].count == 64, parts[0].allSatisfy(\.isHexDigit), parts[1].allSatisfy(\.isLetter),
                  let data = FileManager.default.contents(atPath: (directory as NSString).appendingPathComponent(name)) else {
                return Response(status: .notFound)
            }
            let type = ["jpg": "image/jpeg", "png": "image/png", "gif": "image/gif", "webp": "image/webp", "mp4": "video/mp4"][String(parts[1])]
            return Response(status: .ok, headers: [.contentType: type ?? "application/octet-stream"],
                            body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
        let continuation = address.continuation
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
                              onServerRunning: { channel in
                                  continuation.yield("http://127.0.0.1:\(channel.localAddress?.port ?? 0)/media")
                                  continuation.finish()
                              }, logger: logger)
        try await app.run()
    }
}
