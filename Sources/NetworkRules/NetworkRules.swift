import SchedulerCore

/// Each network's limits on text and media, checked when a post is scheduled (and by `schedctl check`)
/// whether or not the network is configured for publishing.
public struct NetworkRules: Sendable {
    public var network: Network
    public var text: TextRules
    public var media: MediaRules
    /// Instagram's caption limits beyond length.
    public var maxHashtags: Int?
    public var maxMentions: Int?
    /// The most parts a post may have as a thread of replies (X); 1 where the network has no threads.
    public var maxThreadParts: Int = 1
    /// What a first comment may hold (on X, a reply, counted as a post is).
    public var comment: TextRules

    /// A first comment is a post of its own (X: a reply), counted against the posting limits as a post is; elsewhere
    /// comments have limits of their own, and the account's posting budget is not spent on them.
    public var commentIsAPost: Bool { maxThreadParts > 1 }

    /// The networks a thread goes to (more than one part allowed), for the help and refusals that name them.
    public static var threadNetworks: [Network] { Network.allCases.filter { of($0).maxThreadParts > 1 } }

    public static func of(_ network: Network) -> NetworkRules {
        switch network {
        case .x:
            NetworkRules(network: .x, text: XTextRules.rules, media: MediaRules(
                maxImages: 4, maxGIFs: 1, maxVideos: 1,
                allowedContentTypes: ["image/jpeg", "image/png", "image/webp", "image/gif", "video/mp4", "video/quicktime"],
                maxImageBytes: 5_000_000, maxGIFBytes: 15_000_000, maxVideoBytes: 512_000_000, maxAltTextLength: 1_000),
                maxThreadParts: 25, comment: XTextRules.rules)
        case .facebook:
            // Several photos go up unpublished, then into one feed post (`attached_media`); the reference names no
            // maximum, so the stricter reading is Instagram's 10. A comment takes 8,000 characters.
            NetworkRules(network: .facebook, text: .characters(max: 63_206), media: MediaRules(
                maxImages: 10, allowedContentTypes: ["image/jpeg", "image/png", "image/gif", "image/webp"], maxImageBytes: 10_000_000),
                comment: .characters(max: 8_000))
        case .linkedin:
            // Two or more images make a MultiImage post, up to 20. A comment takes 1,250 characters.
            NetworkRules(network: .linkedin, text: .characters(max: 3_000), media: MediaRules(
                maxImages: 20, allowedContentTypes: ["image/jpeg", "image/png", "image/gif"], maxImageBytes: 36_000_000,
                maxAltTextLength: 4_086),
                comment: .characters(max: 1_250))
        case .instagram:
            // Two or more images make a carousel, up to 10, every item a JPEG within the aspect ratios.
            NetworkRules(network: .instagram, text: .characters(max: 2_200), media: MediaRules(
                maxImages: 10, minImages: 1, allowedContentTypes: ["image/jpeg"], maxImageBytes: 8_000_000, aspectRatios: 0.8...1.91,
                maxAltTextLength: 1_000),
                maxHashtags: 30, maxMentions: 20, comment: .characters(max: 2_200))
        case .bluesky:
            // Images only (video waits), JPEG and PNG, the lexicon's older 1 MB blob limit (the stricter reading; see
            // docs/research/bluesky.md). A first comment and a thread's parts are replies, each a post of its own.
            NetworkRules(network: .bluesky, text: BlueskyText.rules, media: MediaRules(
                maxImages: 4, maxVideos: 0, allowedContentTypes: ["image/jpeg", "image/png"], maxImageBytes: BlueskyText.maxImageBytes),
                maxThreadParts: 25, comment: BlueskyText.rules)
        case .mastodon:
            // The instance's own numbers replace these once the account is linked (`GET /api/v2/instance`); these are
            // Mastodon's defaults. Images only for now: video processes for minutes, and waits for a later release.
            NetworkRules(network: .mastodon, text: MastodonText.rules(.init()), media: MastodonText.mediaRules(.init()),
                         maxThreadParts: 25, comment: MastodonText.rules(.init()))
        case .threads:
            // Two or more images make a carousel, up to 20; JPEG and PNG, 8 MB each, alt text up to 1,000 characters.
            NetworkRules(network: .threads, text: ThreadsText.rules, media: MediaRules(
                maxImages: 20, maxVideos: 0, allowedContentTypes: ["image/jpeg", "image/png"], maxImageBytes: 8_000_000,
                maxAltTextLength: 1_000),
                maxThreadParts: 25, comment: ThreadsText.rules)
        }
    }

    /// A Mastodon account's rules, from its instance's numbers.
    public static func mastodon(_ limits: MastodonInstanceLimits, contentWarning: String = "") -> NetworkRules {
        var rules = of(.mastodon)
        rules.text = MastodonText.rules(limits, contentWarning: contentWarning)
        rules.comment = rules.text
        rules.media = MastodonText.mediaRules(limits)
        return rules
    }

    /// Instagram by handoff: the person posts from the app, which also takes PNG (the run card is one);
    /// the Graph API takes JPEG only. The person types the alt text into the app, so no API limit applies.
    public static let instagramHandoff: NetworkRules = {
        var rules = of(.instagram)
        rules.media.allowedContentTypes = ["image/jpeg", "image/png"]
        rules.media.maxAltTextLength = nil
        return rules
    }()

    /// Every problem with `request`, each naming the limit. Instagram always needs an image, so its
    /// caption may be empty; elsewhere a post with media may have no text.
    public func problems(with request: PublishRequest) -> [String] {
        let name = network.displayName
        var problems = text.problems(with: request.text, networkName: name)
        if !request.media.isEmpty || network == .instagram { problems.removeAll { $0 == "the text is empty" } }
        if let maxHashtags {
            let count = Self.count("#", in: request.text)
            if count > maxHashtags { problems.append("\(Counted.of(count, "hashtag")), over \(name)'s limit of \(maxHashtags)") }
        }
        if let maxMentions {
            let count = Self.count("@", in: request.text)
            if count > maxMentions { problems.append("\(Counted.of(count, "mention")), over \(name)'s limit of \(maxMentions)") }
        }
        return problems + media.problems(with: request.media, networkName: name)
    }

    /// `#tag` or `@name` occurrences: the sigil at the start or after a non-word character, then a word character.
    static func count(_ sigil: Character, in text: String) -> Int {
        let characters = Array(text)
        var count = 0
        for (index, character) in characters.enumerated() where character == sigil {
            let before = index == 0 ? " " : characters[index - 1]
            let after = index + 1 < characters.count ? characters[index + 1] : " "
            if !(before.isLetter || before.isNumber || before == "_"), after.isLetter || after.isNumber || after == "_" { count += 1 }
        }
        return count
    }
}
