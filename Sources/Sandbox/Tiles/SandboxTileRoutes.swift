import Foundation
import Hummingbird

/// `GET /tiles/{z}/{x}/{y}.png`: the sandbox's map tiles (``SandboxTilePainter``), for run cards drawn over a map
/// without the internet. As OpenStreetMap's tile servers do, a request without a `User-Agent` is refused (403), and
/// a tile that does not exist is 404.
struct SandboxTileRoutes: Sendable {
    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/tiles/:z/:x/:file") { request, context in
            Self.tile(userAgent: request.headers[.userAgent], z: context.parameters.get("z"), x: context.parameters.get("x"),
                      file: context.parameters.get("file"))
        }
    }

    static func tile(userAgent: String?, z: String?, x: String?, file: String?) -> Response {
        guard let userAgent, !userAgent.trimmingCharacters(in: .whitespaces).isEmpty else {
            return Response.text("Tiles are only served to a client that names itself in User-Agent (tile usage policy).\n", status: .forbidden)
        }
        guard let file, file.hasSuffix(".png"), let zoom = z.flatMap({ Int($0) }), let column = x.flatMap({ Int($0) }),
              let row = Int(file.dropLast(4)), let png = SandboxTilePainter.png(z: zoom, x: column, y: row) else {
            return Response.text("No such tile: zoom 0 to 19, x and y 0 to 2^zoom - 1, as /tiles/{z}/{x}/{y}.png.\n", status: .notFound)
        }
        var headers = HTTPFields()
        headers[.contentType] = "image/png"
        headers[.cacheControl] = "max-age=604800"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: png)))
    }
}
