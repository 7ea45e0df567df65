/// The OAuth scopes a Mastodon instance knows, and which of them each emulated endpoint accepts
/// (`content/en/api/oauth-scopes.md`; docs/research/mastodon.md §2).
///
/// Endpoints check literally, as Doorkeeper's `doorkeeper_authorize! :write, :'write:statuses'` does: the token must
/// hold one of the listed scopes, and `write` is listed beside `write:statuses` because it implies it.
enum MastodonScopes {
    /// What an app or authorization gets when it names no scope.
    static let defaultScope = "read"

    /// `POST /api/v1/statuses`.
    static let writeStatuses = ["write", "write:statuses"]
    /// `POST /api/v2/media`, `GET /api/v1/media/:id`.
    static let writeMedia = ["write", "write:media"]
    /// Reading statuses with a token (`GET /api/v1/statuses/:id`, `GET /api/v1/accounts/:id/statuses`).
    static let readStatuses = ["read", "read:statuses"]
    /// `GET /api/v1/accounts/verify_credentials`: `profile` since 4.3.0, or `read:accounts`.
    static let verifyCredentials = ["read", "read:accounts", "profile"]

    private static let granular = [
        "read": ["accounts", "blocks", "bookmarks", "favourites", "filters", "follows", "lists", "mutes", "notifications", "search", "statuses"],
        "write": ["accounts", "blocks", "bookmarks", "conversations", "favourites", "filters", "follows", "lists", "media", "mutes",
                  "notifications", "reports", "statuses"],
        "admin:read": ["accounts", "reports", "domain_allows", "domain_blocks", "ip_blocks", "email_domain_blocks", "canonical_email_blocks"],
        "admin:write": ["accounts", "reports", "domain_allows", "domain_blocks", "ip_blocks", "email_domain_blocks", "canonical_email_blocks"],
    ]

    /// Every scope the instance accepts: the four parents, their granular children, `follow`, `push` and `profile`.
    static let known: Set<String> = Set(["read", "write", "follow", "push", "profile", "admin:read", "admin:write"])
        .union(granular.flatMap { parent, children in children.map { "\(parent):\($0)" } })

    /// The scopes of a space-separated `scope`/`scopes` parameter, without repeats; `read` when it names none.
    static func parse(_ text: String?) -> [String] {
        var seen = Set<String>()
        let named = (text ?? "").split(whereSeparator: \.isWhitespace).map(String.init).filter { seen.insert($0).inserted }
        return named.isEmpty ? [defaultScope] : named
    }

    /// Whether `granted` holds one of `accepted`.
    static func allows(_ granted: [String], anyOf accepted: [String]) -> Bool {
        granted.contains { accepted.contains($0) }
    }
}
