/// The query of `GET /api/v1/accounts/:id/statuses` (`methods/accounts.md#statuses`), and how it picks one page.
///
/// Paging is by id: `max_id` (older than), `since_id` (newer than, newest first) and `min_id` (newer than, the page
/// just after it, oldest first then turned newest first). `limit` defaults to 20 and is cut to 40, as
/// `limit_param` does. Filters: `exclude_replies` (which keeps an account's replies to itself, as
/// `Status.without_replies` does), `only_media`, `pinned` (the sandbox pins nothing) and `tagged`.
struct MastodonListingQuery: Sendable, Equatable {
    static let defaultLimit = 20
    static let maximumLimit = 40

    var maxID: Int64?
    var sinceID: Int64?
    var minID: Int64?
    var limit = MastodonListingQuery.defaultLimit
    var excludeReplies = false
    var onlyMedia = false
    var pinned = false
    var tagged: String?

    /// Whether the request pages (and so falls under the paging throttle).
    var pages: Bool { maxID != nil || sinceID != nil || minID != nil }

    /// The query in `parameters`, or 400 for an id that is not a number.
    static func parse(_ parameters: [String: String]) -> Result<MastodonListingQuery, MastodonError> {
        var query = MastodonListingQuery()
        for (name, path) in [("max_id", \MastodonListingQuery.maxID), ("since_id", \MastodonListingQuery.sinceID), ("min_id", \MastodonListingQuery.minID)] {
            guard let text = parameters[name], !text.isEmpty else { continue }
            guard let id = Int64(text) else {
                return .failure(MastodonError(status: 400, error: "\(name) must be a status id", reasonCode: "invalid_parameter"))
            }
            query[keyPath: path] = id
        }
        if let text = parameters["limit"] {
            query.limit = min(abs(Int(text) ?? 0), maximumLimit)
        }
        query.excludeReplies = isTrue(parameters["exclude_replies"])
        query.onlyMedia = isTrue(parameters["only_media"])
        query.pinned = isTrue(parameters["pinned"])
        query.tagged = parameters["tagged"].flatMap { $0.isEmpty ? nil : $0.lowercased() }
        return .success(query)
    }

    /// One page of `statuses` (all of one account, any order) that pass the filters, newest first.
    func page(of statuses: [MastodonStatus]) -> [MastodonStatus] {
        guard !pinned else { return [] }
        let kept = statuses.filter { status in
            (maxID.map { status.number < $0 } ?? true) && (sinceID.map { status.number > $0 } ?? true)
                && (minID.map { status.number > $0 } ?? true) && passesFilters(status)
        }
        if minID != nil {
            return Array(kept.sorted { $0.number < $1.number }.prefix(limit).reversed())
        }
        return Array(kept.sorted { $0.number > $1.number }.prefix(limit))
    }

    /// The `Link` header for `page`: `next` (older, by `max_id`) when the page is full, `prev` (newer, by `min_id`)
    /// when it is not empty; nil when neither.
    func linkHeader(for page: [MastodonStatus], base: String) -> String? {
        var carried: [(String, String)] = [("limit", String(limit))]
        if excludeReplies { carried.append(("exclude_replies", "true")) }
        if onlyMedia { carried.append(("only_media", "true")) }
        var links: [String] = []
        if let oldest = page.last, page.count == limit {
            links.append("<\(base)?\(Self.encode(carried + [("max_id", oldest.id)]))>; rel=\"next\"")
        }
        if let newest = page.first {
            links.append("<\(base)?\(Self.encode(carried + [("min_id", newest.id)]))>; rel=\"prev\"")
        }
        return links.isEmpty ? nil : links.joined(separator: ", ")
    }

    private func passesFilters(_ status: MastodonStatus) -> Bool {
        if excludeReplies, status.inReplyToID != nil, status.inReplyToAccountID != status.accountID { return false }
        if onlyMedia, status.mediaIDs.isEmpty { return false }
        if let tagged, !Self.hasTag(tagged, in: status.text) { return false }
        return true
    }

    private static func hasTag(_ tag: String, in text: String) -> Bool {
        let characters = Array(text.lowercased())
        let wanted = Array("#" + tag)
        guard characters.count >= wanted.count else { return false }
        for start in 0...(characters.count - wanted.count) where Array(characters[start..<(start + wanted.count)]) == wanted {
            let after = start + wanted.count
            if after == characters.count || !(characters[after].isLetter || characters[after].isNumber || characters[after] == "_") { return true }
        }
        return false
    }

    /// Rails' boolean cast: absent, empty, `false`, `0`, `f`, `off` are false; anything else is true.
    private static func isTrue(_ text: String?) -> Bool {
        guard let text, !text.isEmpty else { return false }
        return !["false", "0", "f", "off"].contains(text.lowercased())
    }

    private static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    }
}
