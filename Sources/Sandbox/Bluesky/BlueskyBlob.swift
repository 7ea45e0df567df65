/// An uploaded blob as the PDS keeps it: who uploaded it, what it is and how big.
struct BlueskyBlob: Sendable, Equatable {
    var cid: String
    var owner: String
    var mimeType: String
    var size: Int
    var sha256: String

    /// The `{"$type":"blob","ref":{"$link":…},"mimeType","size"}` object uploadBlob answers with, to be embedded as is.
    var reference: BlobReference {
        BlobReference(ref: .init(link: cid), mimeType: mimeType, size: size)
    }

    struct BlobReference: Encodable, Sendable {
        struct Link: Encodable, Sendable {
            var link: String
            enum CodingKeys: String, CodingKey { case link = "$link" }
        }

        var type = "blob"
        var ref: Link
        var mimeType: String
        var size: Int

        enum CodingKeys: String, CodingKey {
            case type = "$type"
            case ref, mimeType, size
        }
    }
}
