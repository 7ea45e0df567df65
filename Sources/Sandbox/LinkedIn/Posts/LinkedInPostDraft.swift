import SchedulerCore

/// A `POST /rest/posts` body, checked field by field as LinkedIn's Rest.li validation does.
struct LinkedInPostDraft: Sendable, Equatable {
    /// The body as sent, kept for the stored post and the record.
    var body: JSONValue
    var author: String
    var commentary: String
    var lifecycleState: String
    /// Image URNs the post refers to (`content.media.id`, `content.multiImage.images[].id`).
    var imageURNs: [String]

    /// LinkedIn's commentary limit, counted on the text as readers see it (escapes removed).
    static let maximumCommentary = 3_000
    static let visibilities: Set<String> = ["PUBLIC", "CONNECTIONS", "LOGGED_IN", "CONTAINER"]
    static let feedDistributions: Set<String> = ["MAIN_FEED", "NONE"]
    static let lifecycleStates: Set<String> = ["PUBLISHED", "DRAFT"]
    /// An image's `altText`: "Maximum length is 4,086 characters" (MultiImage API), applied to every image here.
    static let maximumAltText = 4_086

    /// The draft, or the 422 for the first field that is missing or wrong.
    static func parse(_ body: JSONValue?) -> Result<LinkedInPostDraft, LinkedInError> {
        guard let body, case .object(let fields) = body else {
            return .failure(.illegalArgument("The request body must be a JSON object."))
        }
        for name in ["author", "commentary", "visibility", "distribution", "lifecycleState"] where fields[name] == nil {
            return .failure(.missingField("/\(name)"))
        }
        guard let author = fields["author"]?.stringValue else { return .failure(.invalidField("/author", "must be a URN string")) }
        guard let commentary = fields["commentary"]?.stringValue else { return .failure(.invalidField("/commentary", "must be a string")) }
        if let problem = enumProblem(fields["visibility"], path: "/visibility", allowed: visibilities) { return .failure(problem) }
        guard case .object(let distribution)? = fields["distribution"] else { return .failure(.invalidField("/distribution", "must be an object")) }
        guard distribution["feedDistribution"] != nil else { return .failure(.missingField("/distribution/feedDistribution")) }
        if let problem = enumProblem(distribution["feedDistribution"], path: "/distribution/feedDistribution", allowed: feedDistributions) { return .failure(problem) }
        if let problem = enumProblem(fields["lifecycleState"], path: "/lifecycleState", allowed: lifecycleStates) { return .failure(problem) }
        let length = unescaped(commentary).count
        guard length <= maximumCommentary else { return .failure(.commentaryTooLong(length)) }
        return imageURNs(in: fields["content"]).map { urns in
            LinkedInPostDraft(body: body, author: author, commentary: commentary, lifecycleState: fields["lifecycleState"]!.stringValue!, imageURNs: urns)
        }
    }

    /// The commentary without the little text format's backslash escapes (`\(` reads as `(`).
    static func unescaped(_ commentary: String) -> String {
        var text = ""
        var escaping = false
        for character in commentary {
            if character == "\\", !escaping { escaping = true; continue }
            escaping = false
            text.append(character)
        }
        return text
    }

    /// An `altText` that is not a string, or is longer than LinkedIn takes.
    private static func altTextProblem(_ value: JSONValue?, path: String) -> LinkedInError? {
        guard let value, value != .null else { return nil }
        guard let text = value.stringValue else { return .invalidField(path, "must be a string") }
        return text.unicodeScalars.count > maximumAltText ? .invalidField(path, "length \(text.unicodeScalars.count) exceeds the maximum allowed length of \(maximumAltText)") : nil
    }

    private static func enumProblem(_ value: JSONValue?, path: String, allowed: Set<String>) -> LinkedInError? {
        guard let symbol = value?.stringValue else { return .invalidField(path, "must be a string") }
        return allowed.contains(symbol) ? nil : .invalidField(path, "\"\(symbol)\" is not an enum symbol")
    }

    /// The image URNs of `content`: a single `media` (an image; videos are not emulated), `multiImage`, or an `article` thumbnail.
    private static func imageURNs(in content: JSONValue?) -> Result<[String], LinkedInError> {
        guard let content, content != .null else { return .success([]) }
        guard case .object(let kinds) = content, kinds.count == 1 else {
            return .failure(.invalidField("/content", "must hold exactly one of media, multiImage, article"))
        }
        if let media = kinds["media"] {
            guard let id = media["id"]?.stringValue else { return .failure(.missingField("/content/media/id")) }
            if let problem = altTextProblem(media["altText"], path: "/content/media/altText") { return .failure(problem) }
            guard id.hasPrefix("urn:li:image:") else { return .failure(.invalidField("/content/media/id", "the sandbox emulates image URNs (urn:li:image:…) only")) }
            return .success([id])
        }
        if let multi = kinds["multiImage"] {
            guard case .array(let images)? = multi["images"], (2...20).contains(images.count) else {
                return .failure(.invalidField("/content/multiImage/images", "must hold 2 to 20 images"))
            }
            let ids = images.compactMap { $0["id"]?.stringValue }
            guard ids.count == images.count else { return .failure(.missingField("/content/multiImage/images/id")) }
            // The MultiImage reference is silent on repeats; the stricter reading: each image once.
            if let repeated = ids.enumerated().first(where: { ids[..<$0.offset].contains($0.element) })?.element {
                return .failure(.invalidField("/content/multiImage/images", "\(repeated) appears more than once"))
            }
            if let problem = images.lazy.compactMap({ altTextProblem($0["altText"], path: "/content/multiImage/images/altText") }).first {
                return .failure(problem)
            }
            return .success(ids)
        }
        if let article = kinds["article"] {
            guard article["source"]?.stringValue != nil else { return .failure(.missingField("/content/article/source")) }
            return .success(article["thumbnail"]?.stringValue.map { [$0] } ?? [])
        }
        return .failure(.invalidField("/content", "must hold one of media, multiImage, article"))
    }
}
