import Hummingbird

extension Request {
    /// The body's bytes when it has at most `limit` of them; `nil` when it is larger.
    ///
    /// A declared `Content-Length` over the limit is refused before reading; a streamed body is cut
    /// off as soon as it passes the limit. Either way the caller answers with the network's own
    /// "too large" error instead of Hummingbird's bare 413 or 500.
    mutating func collectBytes(upTo limit: Int) async -> [UInt8]? {
        if let declared = headers[.contentLength].flatMap(Int.init), declared > limit { return nil }
        guard let buffer = try? await collectBody(upTo: limit) else { return nil }
        return Array(buffer.readableBytesView)
    }

    /// The body parsed as `multipart/form-data`.
    ///
    /// - Returns: `nil` when the body is larger than `limit`.
    /// - Throws: ``FormError`` when it is not well-formed multipart.
    mutating func multipartForm(upTo limit: Int) async throws(FormError) -> MultipartFormData? {
        guard let bytes = await collectBytes(upTo: limit) else { return nil }
        return try MultipartFormData.parse(bytes, contentType: headers[.contentType])
    }

    /// The media type of the body, lower-cased, without parameters (`application/json`).
    var mediaType: String? {
        headers[.contentType].flatMap(HeaderParameters.parse)?.value
    }
}
