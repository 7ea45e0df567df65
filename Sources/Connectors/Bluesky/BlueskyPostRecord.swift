import Foundation
import NetworkRules
import SchedulerCore

/// An `app.bsky.feed.post` record as the lexicon gives it: the text, its facets (byte ranges, from ``BlueskyFacets``),
/// its images with their alt text and aspect ratio, and the post it replies to (for a thread's parts and first comments).
public enum BlueskyPostRecord {
    public struct Image: Sendable {
        /// The blob object `uploadBlob` answered, embedded as it was given.
        public var blob: JSONValue
        public var alt: String
        public var width: Int?
        public var height: Int?

        public init(blob: JSONValue, alt: String, width: Int?, height: Int?) {
            self.blob = blob; self.alt = alt; self.width = width; self.height = height
        }
    }

    /// A reply's root (the thread's first post) and parent (the part before it).
    public struct Reply: Sendable {
        public var root: BlueskyXRPC.Record
        public var parent: BlueskyXRPC.Record

        public init(root: BlueskyXRPC.Record, parent: BlueskyXRPC.Record) { self.root = root; self.parent = parent }
    }

    /// The record; a mention whose handle is not in `dids` (it did not resolve) stays plain text. `language` becomes
    /// `langs`, which readers' feeds filter by.
    public static func make(text: String, createdAt: Date, dids: [String: String] = [:], images: [Image] = [], reply: Reply? = nil,
                            language: String? = nil) -> JSONValue {
        var record: [String: JSONValue] = ["$type": .string("app.bsky.feed.post"), "text": .string(text),
                                           "createdAt": .string(RFC3339.format(createdAt))]
        let facets = BlueskyFacets.detect(text).compactMap { facet(for: $0, dids: dids) }
        if !facets.isEmpty { record["facets"] = .array(facets) }
        if !images.isEmpty {
            record["embed"] = .object(["$type": .string("app.bsky.embed.images"), "images": .array(images.map(image))])
        }
        if let language { record["langs"] = .array([.string(language)]) }
        if let reply {
            record["reply"] = .object(["root": strongRef(reply.root), "parent": strongRef(reply.parent)])
        }
        return .object(record)
    }

    static func facet(for facet: BlueskyFacets.Facet, dids: [String: String]) -> JSONValue? {
        let feature: JSONValue
        switch facet.feature {
        case .link(let uri): feature = .object(["$type": .string("app.bsky.richtext.facet#link"), "uri": .string(uri)])
        case .tag(let tag): feature = .object(["$type": .string("app.bsky.richtext.facet#tag"), "tag": .string(tag)])
        case .mention(let handle):
            guard let did = dids[handle.lowercased()] else { return nil }
            feature = .object(["$type": .string("app.bsky.richtext.facet#mention"), "did": .string(did)])
        }
        return .object(["index": .object(["byteStart": .integer(Int64(facet.byteStart)), "byteEnd": .integer(Int64(facet.byteEnd))]),
                        "features": .array([feature])])
    }

    static func image(_ image: Image) -> JSONValue {
        var fields: [String: JSONValue] = ["image": image.blob, "alt": .string(image.alt)]
        if let width = image.width, let height = image.height, width > 0, height > 0 {
            fields["aspectRatio"] = .object(["width": .integer(Int64(width)), "height": .integer(Int64(height))])
        }
        return .object(fields)
    }

    static func strongRef(_ record: BlueskyXRPC.Record) -> JSONValue {
        .object(["uri": .string(record.uri), "cid": .string(record.cid)])
    }
}
