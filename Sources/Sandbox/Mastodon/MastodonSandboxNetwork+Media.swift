#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

extension MastodonSandboxNetwork {
    func addMediaRoutes(to router: Router<BasicRequestContext>) {
        router.post("/api/v2/media") { request, _ in
            await uploadMedia(request)
        }
        router.get("/api/v1/media/:id") { request, context in
            await showMedia(request, id: context.parameters.get("id") ?? "")
        }
    }

    /// `POST /api/v2/media` (multipart: `file`, `description`, `focus`): 202 with `url: null` while processing (see
    /// ``MastodonSandboxOptions/mediaProcessing``), 200 when it is done at once. `write:media`; 30 per 30 minutes.
    func uploadMedia(_ request: Request) async -> Response {
        var request = request
        let now = environment.now()
        let caller: MastodonCaller
        switch await authenticate(request, scopes: MastodonScopes.writeMedia, extras: [.mediaUpload], now: now) {
        case .failure(let refusal): return await refuse(refusal.error, request: request, at: now, headers: refusal.headers)
        case .success(let who): caller = who
        }
        guard let account = caller.account else { return await refuse(.userRequired, request: request, at: now) }
        let parameters: MastodonParameters
        switch await MastodonParameters.read(&request, upTo: instance.imageSizeLimit + 1_048_576) {
        case .failure(let error) where error.status == 413:
            return await refuse(Self.fileTooLarge(instance.imageSizeLimit), request: request, at: now, headers: caller.headers)
        case .failure(let error): return await refuse(error, request: request, at: now, headers: caller.headers)
        case .success(let read): parameters = read
        }
        let upload: MastodonMediaUpload
        switch checkUpload(parameters) {
        case .failure(let error): return await refuse(error, request: request, body: parameters.recorded, at: now, headers: caller.headers)
        case .success(let checked): upload = checked
        }
        let media = await timeline.upload(upload, by: account.id, processing: options.mediaProcessing, now: now)
        await recordMedia(media, parameters: parameters, caller: caller, request: request, receivedAt: now)
        return Response.json(entities.media(media, now: now), status: media.isReady(at: now) ? .ok : .accepted, headers: caller.headers)
    }

    /// `GET /api/v1/media/:id`: 206 while processing, 200 once done; 404 for another account's or an attached one.
    func showMedia(_ request: Request, id: String) async -> Response {
        let now = environment.now()
        switch await authenticate(request, scopes: MastodonScopes.writeMedia, now: now) {
        case .failure(let refusal):
            return await refuse(refusal.error, request: request, at: now, headers: refusal.headers)
        case .success(let caller):
            guard let account = caller.account, let media = await timeline.unattachedMedia(id, account: account.id) else {
                return await refuse(.notFound("No unattached media \(id) of this account."), request: request, at: now, headers: caller.headers)
            }
            let status: HTTPResponse.Status = media.isReady(at: now) ? .ok : .partialContent
            return Response.json(entities.media(media, now: now), status: status, headers: caller.headers)
        }
    }

    /// The file checked as Paperclip and Mastodon check it: present, a type the instance supports whose bytes say the
    /// same, strictly smaller than `image_size_limit`, within `image_matrix_limit`; alt text within `description_limit`
    /// (counted in code points, as Ruby's `length`); a focus of two numbers from -1 to 1 (the sandbox refuses one the
    /// reference would quietly read as 0,0).
    func checkUpload(_ parameters: MastodonParameters) -> Result<MastodonMediaUpload, MastodonError> {
        guard let file = parameters.files["file"], !file.bytes.isEmpty else { return .failure(.parameterMissing("file")) }
        guard let sniffed = MediaSniffer.sniff(file.bytes), instance.supportedMimeTypes.contains(sniffed.format.contentType) else {
            return .failure(.validationFailed("File content type is invalid, File is invalid", reasonCode: "unsupported_media"))
        }
        if let declared = file.contentType?.lowercased(), declared != "application/octet-stream", MediaFormat(contentType: declared) != sniffed.format {
            return .failure(.validationFailed("File has contents that are not what they are reported to be", reasonCode: "media_type_mismatch"))
        }
        guard file.bytes.count < instance.imageSizeLimit else { return .failure(Self.fileTooLarge(instance.imageSizeLimit)) }
        if let width = sniffed.width, let height = sniffed.height, width * height > instance.imageMatrixLimit {
            return .failure(.validationFailed("File dimensions are larger than \(instance.imageMatrixLimit) pixels", reasonCode: "media_too_many_pixels"))
        }
        let description = parameters["description"].flatMap { $0.isEmpty ? nil : $0 }
        if let description, description.unicodeScalars.count > instance.descriptionLimit {
            return .failure(.validationFailed("Description is too long (maximum is \(instance.descriptionLimit) characters)", reasonCode: "description_too_long"))
        }
        var focus: (x: Double, y: Double)?
        if let text = parameters["focus"], !text.isEmpty {
            let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.filter { $0 != " " }) }
            guard numbers.count == 2, let x = numbers[0], let y = numbers[1], (-1...1).contains(x), (-1...1).contains(y) else {
                return .failure(.validationFailed("Focus must be two numbers from -1.0 to 1.0, comma-separated", reasonCode: "invalid_focus"))
            }
            focus = (x, y)
        }
        return .success(MastodonMediaUpload(
            format: sniffed.format, width: sniffed.width, height: sniffed.height, size: file.bytes.count, sha256: file.sha256,
            description: description, focus: focus
        ))
    }

    /// 422 for a file at or over the limit (Paperclip's `less_than`).
    static func fileTooLarge(_ limit: Int) -> MastodonError {
        let size = limit % 1_048_576 == 0 ? "\(limit / 1_048_576) MB" : "\(limit) Bytes"
        return .validationFailed("File file size must be less than \(size)", reasonCode: "media_too_large")
    }
}
