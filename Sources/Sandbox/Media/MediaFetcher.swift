/// Downloads media a client asked a network to fetch itself (Instagram's `image_url`, a Facebook photo `url`).
///
/// A protocol so the networks do not depend on libcurl directly; ``CurlMediaFetcher`` is the real one.
protocol MediaFetcher: Sendable {
    /// GETs `url` and returns at most `limit` bytes, or why it could not.
    func fetch(_ url: String, limit: Int) async -> MediaFetchOutcome
}

/// What fetching a media URL came to.
enum MediaFetchOutcome: Sendable, Equatable {
    /// A 2xx answer with its `Content-Type` and body.
    case fetched(contentType: String?, bytes: [UInt8])
    /// The body was larger than the limit.
    case tooLarge
    /// No usable answer: not http(s), no connection, a timeout, or a non-2xx status; the reason is for records.
    case failed(String)
}
