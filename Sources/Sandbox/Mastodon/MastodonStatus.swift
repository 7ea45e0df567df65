#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A status as the instance stores it: the text as sent (the HTML `content` is made when it is read).
struct MastodonStatus: Sendable, Equatable {
    /// The Snowflake-like id; the API sends it as a string.
    var number: Int64
    var accountID: String
    var text: String
    var spoilerText: String
    var sensitive: Bool
    /// `public`, `unlisted`, `private` or `direct`.
    var visibility: String
    var language: String?
    var inReplyToID: String?
    var inReplyToAccountID: String?
    var mediaIDs: [String]
    var createdAt: Date
    /// The app whose token posted it (`application` in the entity).
    var applicationName: String?
    var applicationWebsite: String?

    var id: String { String(number) }

    /// Whether someone other than its author may see it without following or being mentioned.
    var isPubliclyVisible: Bool { visibility == "public" || visibility == "unlisted" }
}

/// What one `POST /api/v1/statuses` asks for, its parameters read but not yet checked against the instance's state.
struct MastodonStatusDraft: Sendable, Equatable {
    static let visibilities: Set<String> = ["public", "unlisted", "private", "direct"]

    var text: String
    var spoilerText: String
    var sensitive: Bool
    var visibility: String
    var language: String?
    var inReplyToID: String?
    var mediaIDs: [String]

    /// The draft in `parameters`, or the error for a parameter of the wrong shape.
    ///
    /// Stricter than the reference where it would quietly change the request: a scalar `media_ids` (which Rails'
    /// strong parameters drop, so the status would go out without its media), a language that is not an ISO 639
    /// code (which it replaces with the account's), and `poll` or `scheduled_at`, which the sandbox does not emulate.
    static func parse(_ parameters: MastodonParameters) -> Result<MastodonStatusDraft, MastodonError> {
        if parameters.isScalar("media_ids") {
            return .failure(.unprocessable("media_ids must be an array (media_ids[]=… or a JSON array)", reasonCode: "media_ids_not_array"))
        }
        for unsupported in ["poll", "scheduled_at", "quoted_status_id"] where parameters.has(unsupported) {
            return .failure(.unprocessable("\(unsupported) is not supported by this sandbox", reasonCode: "unsupported_parameter"))
        }
        let visibility = parameters["visibility"].flatMap { $0.isEmpty ? nil : $0 } ?? "public"
        guard visibilities.contains(visibility) else {
            return .failure(.validationFailed("Visibility is not included in the list", reasonCode: "invalid_visibility"))
        }
        let language = parameters["language"].flatMap { $0.isEmpty ? nil : $0 }
        if let language, !isLanguageCode(language) {
            return .failure(.validationFailed("Language is not a valid ISO 639 code", reasonCode: "invalid_language"))
        }
        let spoiler = parameters["spoiler_text"] ?? ""
        let sensitive = !spoiler.isEmpty || ["true", "1", "on"].contains(parameters["sensitive"]?.lowercased() ?? "")
        return .success(MastodonStatusDraft(
            text: parameters["status"] ?? "", spoilerText: spoiler, sensitive: sensitive, visibility: visibility, language: language,
            inReplyToID: parameters["in_reply_to_id"].flatMap { $0.isEmpty ? nil : $0 }, mediaIDs: parameters.array("media_ids") ?? []
        ))
    }

    /// `en`, `fra`, `zh-TW`: two or three lower-case letters, and optionally a region or script.
    private static func isLanguageCode(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        let isLetters = { (part: Substring) in part.allSatisfy { $0.isASCII && $0.isLetter } }
        guard (1...2).contains(parts.count), (2...3).contains(parts[0].count), isLetters(parts[0]), parts[0] == parts[0].lowercased() else { return false }
        return parts.count == 1 || ((2...4).contains(parts[1].count) && isLetters(parts[1]))
    }
}
