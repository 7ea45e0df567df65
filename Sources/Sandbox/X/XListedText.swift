import SchedulerCore

/// A post's text as X lists it, with the `entities.urls` that say what each t.co link stands for.
///
/// X wraps every URL in a post in a `https://t.co/…` link, and the text it returns has `&`, `<` and
/// `>` escaped as `&amp;`, `&lt;` and `&gt;` (quotes are left alone). `entities.urls[]` (only with
/// `tweet.fields=entities`) gives, for each link, `start` and `end` (code points of the listed text,
/// end exclusive), `url` (the t.co link in the text), `expanded_url` (the URL as posted, with `http://`
/// added to a bare domain) and `display_url` (without the scheme, cut to 25 characters and `…`)
/// (docs.x.com/x-api/fundamentals/data-dictionary; docs.x.com/x-api/fundamentals/consistency).
/// A client that looks for its own post by text must undo both rewrites.
struct XListedText: Sendable, Equatable {
    /// One `entities.urls[]` item.
    struct URLEntity: Sendable, Equatable {
        var start: Int
        var end: Int
        var url: String
        var expandedURL: String
        var displayURL: String
    }

    var text: String
    var urls: [URLEntity]

    /// How long a t.co path is.
    static let shortCodeLength = 10
    /// The longest `display_url` before it is cut with `…`.
    static let displayLimit = 25

    /// `text` rewritten as X lists it; the t.co codes derive from `postID`, so a listing is the same every time.
    init(_ text: String, postID: String) {
        var listed = ""
        var count = 0
        var urls: [URLEntity] = []
        var rest = Substring(text)
        while let found = XWeightedLength.firstURL(in: rest) {
            let escaped = Self.escape(rest[..<found.lowerBound])
            listed += escaped
            count += escaped.unicodeScalars.count
            let written = String(rest[found])
            let link = "https://t.co/" + Self.shortCode(postID: postID, index: urls.count)
            urls.append(URLEntity(start: count, end: count + link.unicodeScalars.count, url: link,
                                  expandedURL: Self.expanded(written), displayURL: Self.display(written)))
            listed += link
            count += link.unicodeScalars.count
            rest = rest[found.upperBound...]
        }
        listed += Self.escape(rest)
        self.text = listed
        self.urls = urls
    }

    /// `entities` as the v2 post object carries it; nil without URLs (X leaves out what is empty).
    var entities: JSONValue? {
        guard !urls.isEmpty else { return nil }
        return .object(["urls": .array(urls.map { entity in
            .object([
                "start": .integer(Int64(entity.start)), "end": .integer(Int64(entity.end)), "url": .string(entity.url),
                "expanded_url": .string(entity.expandedURL), "display_url": .string(entity.displayURL),
            ])
        })])
    }

    /// `&`, `<` and `>` as HTML entities, `&` first so nothing is escaped twice.
    static func escape(_ text: Substring) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// The URL as posted, with `http://` in front of a bare domain, as X expands it.
    static func expanded(_ written: String) -> String {
        let lowered = written.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://") ? written : "http://" + written
    }

    /// The URL without its scheme, cut to ``displayLimit`` characters and `…`.
    static func display(_ written: String) -> String {
        let lowered = written.lowercased()
        let scheme = lowered.hasPrefix("https://") ? 8 : lowered.hasPrefix("http://") ? 7 : 0
        let bare = written.dropFirst(scheme)
        return bare.count > displayLimit ? bare.prefix(displayLimit) + "…" : String(bare)
    }

    /// Ten letters and digits from an FNV-1a hash of the post id and the link's position.
    static func shortCode(postID: String, index: Int) -> String {
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in "\(postID)#\(index)".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        var code = ""
        for _ in 0..<shortCodeLength {
            code.append(alphabet[Int(hash % UInt64(alphabet.count))])
            hash = hash / UInt64(alphabet.count) ^ (hash &* 0x9E37_79B9_7F4A_7C15)
        }
        return code
    }
}
