#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SchedulerCore

/// Checks an `app.bsky.feed.post` record against its lexicon (lexicons/app/bsky/feed/post.json and what it uses),
/// and, stricter than the PDS, that every facet's bytes say what the facet claims.
///
/// Where the reference is silent this takes the stricter reading: facets may not overlap, empty text needs an
/// embed, the only embed is `app.bsky.embed.images`, and a blob must be one this account uploaded here.
/// Lengths are counted here, apart from NetworkRules: UTF-8 bytes with `utf8.count`, graphemes with
/// `Character`s (Swift's characters are extended grapheme clusters).
struct PostValidator {
    /// What the record may refer to.
    struct Context {
        /// Handles by DID, for mentions.
        var handles: [String: String]
        /// The author's uploaded blobs by CID.
        var blobs: [String: BlueskyBlob]
        /// Whether a record with this URI and CID exists here, for replies.
        var recordExists: (_ uri: String, _ cid: String) -> Bool
    }

    static let maxGraphemes = 300
    static let maxBytes = 3_000
    static let maxLangs = 3
    static let maxTags = 8
    static let maxImages = 4

    let context: Context

    /// - Throws: 400 `InvalidRequest` naming the first thing wrong.
    func validate(_ record: JSONValue) throws(XRPCError) {
        guard case .object(let fields) = record else { throw .invalidRequest("Invalid app.bsky.feed.post record: must be an object") }
        guard fields["$type"]?.stringValue == "app.bsky.feed.post" else {
            throw .invalidRequest("Invalid app.bsky.feed.post record: $type must be app.bsky.feed.post")
        }
        guard let text = fields["text"]?.stringValue else { throw .invalidRequest("Record/text must be a string") }
        guard text.utf8.count <= Self.maxBytes else {
            throw .invalidRequest("Record/text must not be longer than \(Self.maxBytes) characters (it is \(text.utf8.count) UTF-8 bytes)")
        }
        guard text.count <= Self.maxGraphemes else {
            throw .invalidRequest("Record/text must not be longer than \(Self.maxGraphemes) graphemes (it is \(text.count))")
        }
        guard let createdAt = fields["createdAt"]?.stringValue, Self.isDatetime(createdAt) else {
            throw .invalidRequest("Record/createdAt must be a valid datetime (RFC 3339 with seconds)")
        }
        try validateLangs(fields["langs"])
        try validateTags(fields["tags"])
        try validateFacets(fields["facets"], text: text)
        if let embed = fields["embed"] { try validateEmbed(embed) }
        else if text.isEmpty { throw .invalidRequest("Record/text must not be empty without an embed") }
        if let reply = fields["reply"] { try validateReply(reply) }
    }

    private func validateLangs(_ value: JSONValue?) throws(XRPCError) {
        guard let value else { return }
        guard case .array(let langs) = value else { throw .invalidRequest("Record/langs must be an array") }
        guard langs.count <= Self.maxLangs else { throw .invalidRequest("Record/langs must not have more than \(Self.maxLangs) elements") }
        for lang in langs {
            guard let tag = lang.stringValue, Self.isLanguageTag(tag) else { throw .invalidRequest("Record/langs must be BCP-47 language tags") }
        }
    }

    private func validateTags(_ value: JSONValue?) throws(XRPCError) {
        guard let value else { return }
        guard case .array(let tags) = value else { throw .invalidRequest("Record/tags must be an array") }
        guard tags.count <= Self.maxTags else { throw .invalidRequest("Record/tags must not have more than \(Self.maxTags) elements") }
        for tag in tags {
            guard let text = tag.stringValue, Self.isTagText(text) else { throw .invalidRequest("Record/tags items must be 1–64 graphemes and at most 640 bytes") }
        }
    }

    /// Each facet: a byte range on grapheme boundaries inside the text, not overlapping another, whose
    /// bytes are exactly the link, `@handle` or `#tag` its one feature names.
    private func validateFacets(_ value: JSONValue?, text: String) throws(XRPCError) {
        guard let value else { return }
        guard case .array(let facets) = value else { throw .invalidRequest("Record/facets must be an array") }
        let bytes = Array(text.utf8)
        var boundaries: Set<Int> = [0]
        var offset = 0
        for character in text {
            offset += character.utf8.count
            boundaries.insert(offset)
        }
        var ranges: [Range<Int>] = []
        for (position, facet) in facets.enumerated() {
            let name = "Record/facets/\(position)"
            guard let start = facet["index"]?["byteStart"].flatMap(Self.integer), let end = facet["index"]?["byteEnd"].flatMap(Self.integer) else {
                throw .invalidRequest("\(name)/index must have integer byteStart and byteEnd")
            }
            guard start >= 0, start < end, end <= bytes.count else {
                throw .invalidRequest("\(name)/index must satisfy 0 <= byteStart < byteEnd <= \(bytes.count) (the text's UTF-8 bytes)")
            }
            guard boundaries.contains(start), boundaries.contains(end) else {
                throw .invalidRequest("\(name)/index must start and end on character boundaries")
            }
            guard !ranges.contains(where: { $0.overlaps(start..<end) }) else { throw .invalidRequest("\(name) overlaps another facet") }
            ranges.append(start..<end)
            guard case .array(let features)? = facet["features"], features.count == 1 else {
                throw .invalidRequest("\(name)/features must hold exactly one feature")
            }
            let covered = String(decoding: bytes[start..<end], as: UTF8.self)
            try validate(feature: features[0], covering: covered, name: "\(name)/features/0")
        }
    }

    private func validate(feature: JSONValue, covering covered: String, name: String) throws(XRPCError) {
        switch feature["$type"]?.stringValue {
        case "app.bsky.richtext.facet#link":
            guard let uri = feature["uri"]?.stringValue, uri.hasPrefix("https://") || uri.hasPrefix("http://"), uri.count > 8 else {
                throw .invalidRequest("\(name)/uri must be an http(s) URI")
            }
            guard covered == uri || covered == Self.bareHost(uri) else {
                throw .invalidRequest("\(name): the facet's bytes \"\(covered)\" are not the link \(uri)")
            }
        case "app.bsky.richtext.facet#mention":
            guard let did = feature["did"]?.stringValue, let handle = context.handles[did] else {
                throw .invalidRequest("\(name)/did must name a known account")
            }
            guard covered.lowercased() == "@" + handle else {
                throw .invalidRequest("\(name): the facet's bytes \"\(covered)\" are not @\(handle)")
            }
        case "app.bsky.richtext.facet#tag":
            guard let tag = feature["tag"]?.stringValue, Self.isTagText(tag), !tag.hasPrefix("#") else {
                throw .invalidRequest("\(name)/tag must be 1–64 graphemes, at most 640 bytes, without the #")
            }
            guard covered == "#" + tag else { throw .invalidRequest("\(name): the facet's bytes \"\(covered)\" are not #\(tag)") }
        default:
            throw .invalidRequest("\(name) must be a #link, #mention or #tag feature")
        }
    }

    private func validateEmbed(_ embed: JSONValue) throws(XRPCError) {
        guard embed["$type"]?.stringValue == "app.bsky.embed.images" else {
            throw .invalidRequest("Record/embed: only app.bsky.embed.images is accepted by this sandbox")
        }
        guard case .array(let images)? = embed["images"], (1...Self.maxImages).contains(images.count) else {
            throw .invalidRequest("Record/embed/images must hold 1 to \(Self.maxImages) images")
        }
        for (position, image) in images.enumerated() {
            let name = "Record/embed/images/\(position)"
            guard image["alt"]?.stringValue != nil else { throw .invalidRequest("\(name)/alt must be a string") }
            let blob = image["image"]
            guard blob?["$type"]?.stringValue == "blob", let cid = blob?["ref"]?["$link"]?.stringValue else {
                throw .invalidRequest("\(name)/image must be a blob ref")
            }
            guard let stored = context.blobs[cid] else { throw .invalidRequest("\(name)/image: blob \(cid) was not uploaded by this account") }
            guard blob?["mimeType"]?.stringValue == stored.mimeType else {
                throw XRPCError(status: 400, error: "InvalidMimeType", message: "\(name)/image: mimeType does not match the uploaded blob")
            }
            guard blob?["size"].flatMap(Self.integer) == stored.size else {
                throw XRPCError(status: 400, error: "InvalidSize", message: "\(name)/image: size does not match the uploaded blob")
            }
            if let ratio = image["aspectRatio"] {
                guard let width = ratio["width"].flatMap(Self.integer), let height = ratio["height"].flatMap(Self.integer), width >= 1, height >= 1 else {
                    throw .invalidRequest("\(name)/aspectRatio must have integer width and height of at least 1")
                }
            }
        }
    }

    private func validateReply(_ reply: JSONValue) throws(XRPCError) {
        for part in ["root", "parent"] {
            guard let uri = reply[part]?["uri"]?.stringValue, let cid = reply[part]?["cid"]?.stringValue else {
                throw .invalidRequest("Record/reply/\(part) must be a strongRef {uri, cid}")
            }
            guard context.recordExists(uri, cid) else { throw .invalidRequest("Record/reply/\(part): no record \(uri) with cid \(cid)") }
        }
    }

    /// A JSON integer (not a float, not a string).
    private static func integer(_ value: JSONValue) -> Int? {
        guard case .integer(let number) = value else { return nil }
        return Int(exactly: number)
    }

    /// `https://host` or `https://host/` shown as `host`: the only shortening accepted for a link's text.
    static func bareHost(_ uri: String) -> String? {
        guard uri.hasPrefix("https://") else { return nil }
        var rest = uri.dropFirst("https://".count)
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        return rest.isEmpty || rest.contains("/") || rest.contains("?") || rest.contains("#") ? nil : String(rest)
    }

    static func isTagText(_ tag: String) -> Bool {
        !tag.isEmpty && tag.count <= 64 && tag.utf8.count <= 640
    }

    /// A BCP-47 tag, loosely: a 2–3 letter language (or `i`/`x`) then alphanumeric subtags of 1–8.
    static func isLanguageTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count) || first == "i" || first == "x",
            first.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// The lexicon's `datetime`: RFC 3339 with whole seconds, `T` and an upper-case `Z` or a ±hh:mm offset
    /// (not `-00:00`), and a real calendar date.
    static func isDatetime(_ text: String) -> Bool {
        let characters = Array(text)
        guard characters.count >= 20 else { return false }
        func digits(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= characters.count, characters[range].allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(String(characters[range]))
        }
        guard let year = digits(0..<4), characters[4] == "-", let month = digits(5..<7), characters[7] == "-", let day = digits(8..<10),
            characters[10] == "T", let hour = digits(11..<13), characters[13] == ":", let minute = digits(14..<16), characters[16] == ":",
            let second = digits(17..<19)
        else { return false }
        var index = 19
        if characters[index] == "." {
            index += 1
            let start = index
            while index < characters.count, characters[index].isASCII, characters[index].isNumber { index += 1 }
            guard index > start else { return false }
        }
        let zone = String(characters[index...])
        if zone != "Z" {
            let zc = Array(zone)
            guard zc.count == 6, zc[0] == "+" || zc[0] == "-", zc[3] == ":", zone != "-00:00",
                let zh = Int(String(zc[1...2])), let zm = Int(String(zc[4...5])), zh < 24, zm < 60
            else { return false }
        }
        let daysInMonth = [31, (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard year >= 1, (1...12).contains(month), day >= 1, day <= daysInMonth[month - 1], hour < 24, minute < 60, second < 60 else { return false }
        return true
    }
}
