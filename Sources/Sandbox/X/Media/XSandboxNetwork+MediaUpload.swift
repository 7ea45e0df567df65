#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CryptoPrimitives
import Hummingbird
import SchedulerCore

extension XSandboxNetwork {
    /// `POST /2/media/upload`: a one-shot multipart upload (`media`, `media_category`), or the older
    /// single-endpoint form with `command=INIT|APPEND|FINALIZE`.
    func uploadMedia(_ request: Request) async -> Response {
        await mediaCall(request, bodyLimit: Self.uploadBodyLimit) { call in
            if let command = call.form["command"] {
                return await runCommand(command, call)
            }
            guard let file = Self.mediaFile(call.form, field: "media") else {
                return await refuse(.invalidRequest("The `media` field is required.", reasonCode: "missing_media"), call)
            }
            let outcome = await media.upload(
                owner: call.principal.user.id, file: file, category: call.form["media_category"],
                additionalOwners: Self.additionalOwners(call.form), now: call.receivedAt
            )
            switch outcome {
            case .failure(let problem):
                return await refuse(problem, call)
            case .success(let uploaded):
                await recordUpload(uploaded, body: call.form.recordedBody, call)
                return answer(uploaded.data(now: call.receivedAt), call)
            }
        }
    }

    /// `POST /2/media/upload/initialize` with JSON `{"media_type", "total_bytes", "media_category"}`.
    func initializeUpload(_ call: MediaCall) async -> Response {
        guard let mediaType = call.form["media_type"], let totalBytes = call.form["total_bytes"].flatMap(Int.init) else {
            return await refuse(.invalidRequest("`media_type` and a numeric `total_bytes` are required.", reasonCode: "missing_field"), call)
        }
        let outcome = await media.initialize(
            owner: call.principal.user.id, mediaType: mediaType, totalBytes: totalBytes,
            category: call.form["media_category"], additionalOwners: Self.additionalOwners(call.form), now: call.receivedAt
        )
        switch outcome {
        case .failure(let problem): return await refuse(problem, call)
        case .success(let started): return answer(started.data(now: call.receivedAt), call)
        }
    }

    /// `POST /2/media/upload/{id}/append`: multipart `media` (or base64 in JSON) and `segment_index`.
    func appendUpload(_ call: MediaCall, id: String) async -> Response {
        guard let index = call.form["segment_index"].flatMap(Int.init) else {
            return await refuse(.invalidRequest("A numeric `segment_index` is required.", reasonCode: "missing_field"), call)
        }
        guard let file = Self.mediaFile(call.form, field: "media") else {
            return await refuse(.invalidRequest("The `media` field is required.", reasonCode: "missing_media"), call)
        }
        guard file.bytes.count <= Self.maximumSegmentBytes else {
            return await refuse(.invalidRequest("A segment may have at most \(Self.maximumSegmentBytes) bytes.", reasonCode: "segment_too_large"), call)
        }
        switch await media.append(owner: call.principal.user.id, id: id, index: index, bytes: file.bytes, now: call.receivedAt) {
        case .failure(let problem):
            return await refuse(problem, call)
        case .success(let appended):
            return answer(.object(["data": .object(["expires_at": .integer(Int64(appended.expiresAt.timeIntervalSince1970))])]), call)
        }
    }

    /// `POST /2/media/upload/{id}/finalize`: assembles the segments; GIFs and videos start processing.
    func finalizeUpload(_ call: MediaCall, id: String) async -> Response {
        switch await media.finalize(owner: call.principal.user.id, id: id, now: call.receivedAt) {
        case .failure(let problem):
            return await refuse(problem, call)
        case .success(let (finished, file)):
            let body: JSONValue = .object([
                "media_id": .string(finished.id),
                "media_type": .string(finished.mediaType),
                "media_category": .string(finished.category),
                "total_bytes": .integer(Int64(finished.totalBytes)),
                "media": file.descriptor,
            ])
            await recordUpload(finished, body: body, call)
            return answer(finished.data(now: call.receivedAt), call)
        }
    }

    /// `GET /2/media/upload?command=STATUS&media_id=…`: where processing stands; each poll advances it.
    func mediaStatus(_ request: Request) async -> Response {
        await mediaCall(request, bodyLimit: Self.smallBodyLimit) { call in
            let query = Dictionary(request.queryPairs ?? [], uniquingKeysWith: { first, _ in first })
            guard query["command"] == "STATUS", let id = query["media_id"] else {
                return await refuse(.invalidRequest("`command=STATUS` and `media_id` are required.", reasonCode: "missing_field"), call)
            }
            switch await media.status(owner: call.principal.user.id, id: id, now: call.receivedAt) {
            case .failure(let problem): return await refuse(problem, call)
            case .success(let current): return answer(current.data(now: call.receivedAt), call)
            }
        }
    }

    /// The older form of the chunked upload on `POST /2/media/upload`: `command` and `media_id` in the form.
    private func runCommand(_ command: String, _ call: MediaCall) async -> Response {
        let id = call.form["media_id"] ?? ""
        switch command {
        case "INIT": return await initializeUpload(call)
        case "APPEND": return await appendUpload(call, id: id)
        case "FINALIZE": return await finalizeUpload(call, id: id)
        default: return await refuse(.invalidRequest("`command` must be INIT, APPEND or FINALIZE here.", reasonCode: "invalid_command"), call)
        }
    }

    /// The file in `field`: a multipart file part, or base64 text (`media_data`, or `media` in JSON).
    static func mediaFile(_ form: SubmittedForm, field: String) -> UploadedFile? {
        if let file = form.files[field] { return file }
        guard let text = form[field] ?? form["media_data"], let bytes = Base64.decode(text) else { return nil }
        return UploadedFile(contentType: nil, bytes: bytes)
    }
}
