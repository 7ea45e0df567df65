import Hummingbird

/// The sandbox's own endpoints under `/_sandbox/`, served by every listener from one shared record.
struct SandboxControlRoutes: Sendable {
    let recorder: Recorder
    /// Files served at `/_sandbox/files/{name}`, for networks that fetch media by URL.
    let files: SandboxFileShelf
    /// Every listener's base URL, by network name.
    let listeners: @Sendable () async throws -> [String: String]

    func addRoutes(to router: Router<BasicRequestContext>) {
        // `?text_prefix=P&count=N&timeout_ms=T`: only the requests whose text starts with P, answered once there are N of
        // them (or after T ms, default 60 s), so a benchmark waits on the condition instead of polling the whole record.
        router.get("/_sandbox/received") { request, _ in
            guard let prefix = request.uri.queryParameters.get("text_prefix") else {
                return Response.json(await recorder.received(), status: .ok)
            }
            let count = request.uri.queryParameters.get("count").flatMap { Int($0) } ?? 0
            let timeout = request.uri.queryParameters.get("timeout_ms").flatMap { Int($0) } ?? 60_000
            return Response.json(await recorder.received(textPrefix: prefix, atLeast: count, timeout: .milliseconds(timeout)), status: .ok)
        }
        router.get("/_sandbox/rejected") { _, _ in
            Response.json(await recorder.rejected(), status: .ok)
        }
        router.get("/_sandbox/issued") { _, _ in
            Response.json(await recorder.issued(), status: .ok)
        }
        // Test-only: the values of everything issued, so a leak test can search logs and files for them.
        router.get("/_sandbox/secrets") { _, _ in
            Response.json(await recorder.secrets(), status: .ok)
        }
        router.get("/_sandbox/revoked") { _, _ in
            Response.json(await recorder.revoked(), status: .ok)
        }
        router.get("/_sandbox/retired_versions") { _, _ in
            Response.json(await recorder.retiredVersions(), status: .ok)
        }
        router.get("/_sandbox/listeners") { _, _ in
            Response.json(try await listeners(), status: .ok)
        }
        router.get("/_sandbox/health") { _, _ in
            Response.json(["status": "ok"], status: .ok)
        }
        router.put("/_sandbox/files/:name") { request, context in
            await putFile(request, name: context.parameters.get("name") ?? "")
        }
        router.get("/_sandbox/files/:name") { _, context in
            await getFile(name: context.parameters.get("name") ?? "")
        }
    }

    /// `PUT /_sandbox/files/{name}`: stores the body (with its `Content-Type`) to be served back.
    private func putFile(_ request: Request, name: String) async -> Response {
        var request = request
        guard let bytes = await request.collectBytes(upTo: SandboxFileShelf.maximumBytes) else {
            return Response.text("A sandbox file may have at most \(SandboxFileShelf.maximumBytes) bytes.\n", status: .contentTooLarge)
        }
        let file = UploadedFile(filename: name, contentType: request.headers[.contentType], bytes: bytes)
        await files.put(name, file)
        return Response.json(file.descriptor, status: .created)
    }

    /// `GET /_sandbox/files/{name}`: the stored bytes, as a plain web server would serve them.
    private func getFile(name: String) async -> Response {
        guard let file = await files.file(name) else {
            return Response.text("No sandbox file is called \(name).\n", status: .notFound)
        }
        var headers = HTTPFields()
        headers[.contentType] = file.contentType ?? "application/octet-stream"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }
}
