import Foundation
import SchedulerCore

/// A schedule request's Mastodon visibility and content warning and its language (``PostOptions``), checked before
/// anything is stored: each must be one the networks take, and each must reach at least one account that has it.
extension PostService {
    package static func checkOptions(_ request: SchedulePostRequest, networks: Set<Network>, problems: inout [String]) -> PostOptions {
        var options = PostOptions()
        if let text = request.visibility {
            if let visibility = MastodonVisibility(rawValue: text.lowercased()) {
                options.visibility = visibility
            } else {
                problems.append("unknown visibility '\(text)'; use \(Self.visibilityNames)")
            }
        }
        if let warning = request.contentWarning {
            if warning.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                problems.append("the content warning is empty; a post without one is sent without it")
            } else {
                options.contentWarning = warning
            }
        }
        if let text = request.language {
            let code = text.lowercased()
            if Self.languageCodes.contains(code) {
                options.language = code
            } else {
                problems.append("'\(text)' is not an ISO 639-1 language code; use two letters such as en, fr or de")
            }
        }
        problems += unusedOptionProblems(request, networks: networks)
        return options
    }

    /// An option no account of the post would carry is a mistake, not a wish: the person is told rather than ignored.
    private static func unusedOptionProblems(_ request: SchedulePostRequest, networks: Set<Network>) -> [String] {
        guard !networks.isEmpty, !networks.contains(.mastodon) else { return [] }
        var problems: [String] = []
        for (option, given) in [("a visibility", request.visibility), ("a content warning", request.contentWarning)] where given != nil {
            problems.append("\(option) is Mastodon's, and none of the accounts is on Mastodon; leave it out")
        }
        if request.language != nil, !networks.contains(.bluesky) {
            problems.append("a language is for Mastodon and Bluesky, and none of the accounts is on either; leave it out")
        }
        return problems
    }

    package static let visibilityNames = "public, unlisted, private or direct"

    /// ISO 639-1's two-letter codes (the stricter reading of Mastodon's "ISO 639 language code", which Bluesky's BCP 47
    /// `langs` also takes).
    package static let languageCodes: Set<String> = Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier).filter { $0.count == 2 })
}
