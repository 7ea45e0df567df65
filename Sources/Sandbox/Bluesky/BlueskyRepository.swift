#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SchedulerCore

/// Every account's repository (records by collection and rkey), its blobs, the write-point limits and the read counters.
///
/// An actor so the rate-limit charge, the rkey check and the write happen in one step: two retries of one create
/// at the same rkey cannot both succeed.
actor BlueskyRepository {
    /// What the request to create a record asks.
    struct CreateRequest: Sendable {
        var did: String
        var collection: String
        var rkey: String?
        var record: JSONValue
        var handles: [String: String]
    }

    /// A create costs 3 points (`calcPoints: () => 3` in createRecord.ts).
    static let createPoints = 3
    /// The collection this emulation knows the lexicon of.
    static let postCollection = "app.bsky.feed.post"

    private var records: [String: [String: [String: BlueskyRecord]]] = [:]
    private var blobs: [String: [String: BlueskyBlob]] = [:]
    private var reads: [String: BlueskyReadCounts] = [:]
    private var writeLimiter: BlueskyPointsLimiter
    private var tids = TIDGenerator()

    init(writeLimits: [BlueskyRateLimit] = [.writesPerHour, .writesPerDay]) {
        writeLimiter = BlueskyPointsLimiter(writeLimits)
    }

    /// createRecord after authentication: points first (a refused create is charged as the reference charges it
    /// before the handler runs), then the collection, the rkey, the record, and last whether the rkey is taken.
    func create(_ request: CreateRequest, now: Date) -> (Result<BlueskyRecord, XRPCError>, BlueskyRateLimitStatus) {
        let limit = writeLimiter.consume(Self.createPoints, key: request.did, now: now)
        guard limit.allowed else { return (.failure(.rateLimited), limit) }
        guard request.collection == Self.postCollection else {
            return (.failure(.invalidRequest("Unsupported collection: \(request.collection); this sandbox stores \(Self.postCollection) only")), limit)
        }
        if let rkey = request.rkey, !TID.isValid(rkey) {
            return (.failure(.invalidRequest("Invalid record key: \(rkey) is not a TID (app.bsky.feed.post has key type tid)")), limit)
        }
        let validator = PostValidator(context: .init(
            handles: request.handles, blobs: blobs[request.did] ?? [:], recordExists: { [records] uri, cid in
                Self.lookup(uri, in: records)?.cid == cid
            }
        ))
        do throws(XRPCError) { try validator.validate(request.record) } catch { return (.failure(error), limit) }
        let rkey = request.rkey ?? tids.next(now: now)
        // The reference PDS does not check for an existing record: its MST throws "There is already a value at key"
        // and the client gets a bare 500 (atproto#3718, still open; PR #4728 would make it 400 RecordAlreadyExists).
        // Emulated as today's behaviour, and nothing is written.
        guard records[request.did]?[request.collection]?[rkey] == nil else { return (.failure(.internalServerError), limit) }
        let body = (try? Self.encoder.encode(request.record)).map { Array($0) } ?? []
        let record = BlueskyRecord(uri: "at://\(request.did)/\(request.collection)/\(rkey)", cid: ContentID.record(body), value: request.record)
        records[request.did, default: [:]][request.collection, default: [:]][rkey] = record
        return (.success(record), limit)
    }

    /// getRecord, counted against `did` whatever the outcome.
    func record(did: String, collection: String, rkey: String) -> BlueskyRecord? {
        reads[did, default: .init()].getRecord += 1
        return records[did]?[collection]?[rkey]
    }

    /// listRecords, counted: rkeys after `cursor`, newest first (or oldest first when `reverse`), at most `limit`.
    func list(did: String, collection: String, limit: Int, cursor: String?, reverse: Bool) -> [BlueskyRecord] {
        reads[did, default: .init()].listRecords += 1
        let all = (records[did]?[collection] ?? [:]).sorted { reverse ? $0.key < $1.key : $0.key > $1.key }
        let after = all.filter { entry in cursor.map { reverse ? entry.key > $0 : entry.key < $0 } ?? true }
        return after.prefix(limit).map(\.value)
    }

    /// Stores an uploaded blob for `did`; the same bytes give the same CID and one blob.
    func store(blob bytes: [UInt8], mimeType: String, did: String) -> BlueskyBlob {
        let cid = ContentID.blob(bytes)
        let blob = BlueskyBlob(
            cid: cid, owner: did, mimeType: mimeType, size: bytes.count, sha256: UploadedFile(contentType: mimeType, bytes: bytes).sha256
        )
        blobs[did, default: [:]][cid] = blob
        return blob
    }

    /// How often `did`'s records were read with getRecord and listRecords.
    func readCounts(did: String) -> BlueskyReadCounts {
        reads[did] ?? .init()
    }

    /// Every record of `did` in `collection`, oldest rkey first, without counting as a read.
    func allRecords(did: String, collection: String = postCollection) -> [BlueskyRecord] {
        (records[did]?[collection] ?? [:]).sorted { $0.key < $1.key }.map(\.value)
    }

    /// Sorted keys, so one record always hashes to one CID.
    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    private static func lookup(_ uri: String, in records: [String: [String: [String: BlueskyRecord]]]) -> BlueskyRecord? {
        guard uri.hasPrefix("at://") else { return nil }
        let parts = uri.dropFirst(5).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        return records[String(parts[0])]?[String(parts[1])]?[String(parts[2])]
    }
}
