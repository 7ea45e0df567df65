import Foundation
import Hummingbird
import SchedulerCore
import SchedulerServices

extension MediaView: ResponseEncodable {}

/// Uploading a file for a post and downloading it again.
package struct MediaRoutes: Sendable {
    package let media: MediaService

    package func add(to v1: RouterGroup<ControlContext>) {
        v1.post("media") { request, _ -> Response in
            var request = request
            let body = try await ControlRequestBody.collect(&request, upTo: MediaService.maxBytes)
            return try RouteParameters.json(try await media.upload(Array(body.readableBytesView)), status: .created)
        }
        v1.get("media/:id") { _, context -> Response in
            let file = try await media.download(id: context.parameters.get("id") ?? "")
            return Response(status: .ok, headers: [.contentType: file.contentType], body: .init(byteBuffer: ByteBuffer(bytes: file.bytes)))
        }
    }
}
