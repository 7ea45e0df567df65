import Foundation
import HTTPClient
import NetworkRules
import SchedulerCore

/// Uploads media to X before the post that references it: one request for an image; initialize,
/// append in segments, finalize and status polling for a GIF or a video; then its alt text, if any,
/// through `POST /2/media/metadata`.
struct XMediaUploader: Sendable {
    let apiBaseURL: String
    /// Signs each request (OAuth 1.0a or a bearer token); the multipart bodies are not part of the signature.
    let authorize: @Sendable (_ method: String, _ url: String) throws(ConnectorError) -> String
    let http: ConnectorTransport
    let segmentBytes = 4 * 1024 * 1024
    var pollLimit = 60

    func upload(_ item: MediaItem) async throws(ConnectorError) -> String {
        let bytes = try MediaFile.bytes(item, network: "X")
        let id = item.kind == .image ? try await oneShot(item, bytes) : try await chunked(item, bytes)
        if let alt = item.alt, !alt.isEmpty { try await describe(id, alt: alt) }
        return id
    }

    /// The body of `POST /2/media/metadata` that gives media `id` its alt text.
    static func metadataBody(id: String, alt: String) -> JSONValue {
        .object(["id": .string(id), "metadata": .object(["alt_text": .object(["text": .string(alt)])])])
    }

    /// Sets the alt text X shows screen readers (at most 1,000 characters, checked at schedule time).
    private func describe(_ id: String, alt: String) async throws(ConnectorError) {
        let response = try await send("POST", "/2/media/metadata", contentType: "application/json",
                                      body: Array(try! JSONEncoder().encode(Self.metadataBody(id: id, alt: alt))))
        guard (200..<300).contains(response.status) else { throw XResponseMapping.error(for: response) }
    }

    private func oneShot(_ item: MediaItem, _ bytes: [UInt8]) async throws(ConnectorError) -> String {
        var form = MultipartForm()
        form.field("media_category", "tweet_image")
        form.file("media", fileName: item.fileName, contentType: item.contentType, bytes: bytes)
        let body = form.finish()
        let response = try await send("POST", "/2/media/upload", contentType: form.contentType, body: body)
        return try mediaID(response)
    }

    private func chunked(_ item: MediaItem, _ bytes: [UInt8]) async throws(ConnectorError) -> String {
        let category = item.kind == .gif ? "tweet_gif" : "tweet_video"
        let initialize: JSONValue = .object(["media_type": .string(item.contentType), "total_bytes": .integer(Int64(bytes.count)),
                                             "media_category": .string(category)])
        let started = try await send("POST", "/2/media/upload/initialize", contentType: "application/json",
                                     body: Array(try! JSONEncoder().encode(initialize)))
        let id = try mediaID(started)
        var index = 0
        for offset in stride(from: 0, to: bytes.count, by: segmentBytes) {
            var form = MultipartForm()
            form.field("segment_index", "\(index)")
            form.file("media", fileName: item.fileName, contentType: "application/octet-stream",
                      bytes: Array(bytes[offset..<min(offset + segmentBytes, bytes.count)]))
            let body = form.finish()
            let appended = try await send("POST", "/2/media/upload/\(id)/append", contentType: form.contentType, body: body)
            guard (200..<300).contains(appended.status) else { throw XResponseMapping.error(for: appended) }
            index += 1
        }
        let finalized = try await send("POST", "/2/media/upload/\(id)/finalize", contentType: nil, body: nil)
        guard (200..<300).contains(finalized.status) else { throw XResponseMapping.error(for: finalized) }
        var processing = ConnectorTransport.json(finalized)?["data"]?["processing_info"]
        for _ in 0..<pollLimit {
            switch processing?["state"]?.stringValue {
            case nil, "succeeded"?:
                return id
            case "failed"?:
                throw ConnectorError(code: .permanent, message: "X could not process \(item.fileName): \(processing?["error"]?["message"]?.stringValue ?? "failed")")
            default:
                let wait = processing?["check_after_secs"].flatMap(GraphErrorMapping.int) ?? 1
                try? await Task.sleep(for: .seconds(max(1, min(wait, 30))))
                let status = try await send("GET", "/2/media/upload?command=STATUS&media_id=\(id)", contentType: nil, body: nil)
                guard status.status == 200 else { throw XResponseMapping.error(for: status) }
                processing = ConnectorTransport.json(status)?["data"]?["processing_info"]
            }
        }
        throw ConnectorError(code: .retryable, message: "X is still processing \(item.fileName); trying again later")
    }

    private func send(_ method: String, _ path: String, contentType: String?, body: [UInt8]?) async throws(ConnectorError) -> HTTPResponse {
        let url = apiBaseURL + path
        var headers = [HTTPHeader("Authorization", try authorize(method, url))]
        if let contentType { headers.append(HTTPHeader("Content-Type", contentType)) }
        return try await http.send(method, url, headers: headers, body: body, publishing: false)
    }

    private func mediaID(_ response: HTTPResponse) throws(ConnectorError) -> String {
        guard (200..<300).contains(response.status), let data = ConnectorTransport.json(response)?["data"] else {
            throw XResponseMapping.error(for: response)
        }
        guard let id = data["id"]?.stringValue ?? data["media_id_string"]?.stringValue else {
            throw XResponseMapping.malformed(response, expecting: "a media id")
        }
        return id
    }
}
