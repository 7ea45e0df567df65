import Foundation
import HTTPClient
import NetworkRules
import SchedulerCore

/// Publishes to Bluesky through the account's PDS, exactly once by the record key: each part's key (a TID) is stored
/// before `com.atproto.repo.createRecord` carries it, and any doubt is settled by `com.atproto.repo.getRecord` at that
/// key. Found is published; absent is sent again with the same key, which the PDS never lets make a second record. No
/// listing, timeline or search is ever read to settle a post.
public struct BlueskyConnector: KeyedPublishing {
    public let network = Network.bluesky
    public var textRules: TextRules { NetworkRules.of(.bluesky).text }
    public var mediaRules: MediaRules { NetworkRules.of(.bluesky).media }
    /// Where an account signs in when it names no PDS of its own: Bluesky's entryway, or the sandbox's.
    let service: String
    let transport: any HTTPTransport
    let timeout: Duration
    let keys: BlueskyRecordKeys
    let now: @Sendable () -> Date
    /// The web app a published post's address names (`[networks.bluesky] web_url`): bsky.app unless the accounts'
    /// network shows its posts elsewhere (a PDS federating with another AppView, a test network).
    let webBase: String

    public init(service: String = "https://bsky.social", webBase: String = "https://bsky.app", transport: any HTTPTransport,
                timeout: Duration = .seconds(30), now: @escaping @Sendable () -> Date = Date.init) {
        self.service = service
        self.webBase = webBase.hasSuffix("/") ? String(webBase.dropLast()) : webBase
        self.transport = transport
        self.timeout = timeout
        self.now = now
        self.keys = BlueskyRecordKeys(now: now)
    }

    /// The XRPC client for the PDS the credentials name.
    func xrpc(_ credentials: AccountCredentials) -> BlueskyXRPC {
        BlueskyXRPC(pds: credentials.serviceURL ?? service, transport: transport, timeout: timeout)
    }

    static func session(_ credentials: AccountCredentials, did: String) -> BlueskyXRPC.Session {
        BlueskyXRPC.Session(accessJwt: credentials.token, refreshJwt: credentials.refreshToken ?? "", did: did, handle: "")
    }

    public func validate(_ request: PublishRequest) -> [String] {
        NetworkRules.of(.bluesky).problems(with: request)
    }

    /// The record as it would be created (mentions shown unresolved, blobs as the files that would be uploaded).
    public func preview(_ request: PublishRequest) -> JSONValue {
        let images = request.media.map {
            BlueskyPostRecord.Image(blob: .string("\($0.fileName), uploaded first"), alt: $0.alt ?? "", width: $0.width, height: $0.height)
        }
        return BlueskyPostRecord.make(text: request.text, createdAt: now(), images: images, language: request.options.language)
    }

    public func verify(credentials: AccountCredentials) async throws(ConnectorError) -> AccountProfile {
        let me = try await xrpc(credentials).whoAmI(accessJwt: credentials.token)
        return AccountProfile(remoteID: me.did, handle: me.handle, displayName: me.handle)
    }

    public func publish(_ request: PublishRequest, key slot: any PublishKeySlot, credentials: AccountCredentials) async throws(ConnectorError)
        -> PublishedPost {
        let client = xrpc(credentials)
        let session = Self.session(credentials, did: request.accountRemoteID)
        let record = try await record(for: request, client: client, session: session)
        let key: BlueskyRecordKey
        if let stored = slot.stored {
            guard let parsed = BlueskyRecordKey(stored) else {
                throw ConnectorError(code: .permanent, message: "the stored record key '\(stored)' is no TID")
            }
            key = parsed
        } else {
            key = keys.next()
            try await slot.store(key.value)
        }
        let made = try await client.createPost(record, at: key, session: session)
        return PublishedPost(remoteID: made.uri, url: webURL(did: session.did, key: key), httpStatus: 200)
    }

    public func settle(_ request: PublishRequest, key: String, since: Date, keyAge: KeyAge, credentials: AccountCredentials) async throws(ConnectorError) -> KeyedLookUp {
        guard let key = BlueskyRecordKey(key) else { throw ConnectorError(code: .permanent, message: "the stored record key '\(key)' is no TID") }
        let session = Self.session(credentials, did: request.accountRemoteID)
        guard try await xrpc(credentials).post(at: key, session: session) != nil else { return .sendAgain }
        return .found(PublishedPost(remoteID: "at://\(session.did)/\(BlueskyXRPC.postCollection)/\(key.value)",
                                    url: webURL(did: session.did, key: key), httpStatus: 200))
    }

    /// The record to create: images uploaded as blobs, mentions resolved to DIDs, and the reply's references read back.
    func record(for request: PublishRequest, client: BlueskyXRPC, session: BlueskyXRPC.Session) async throws(ConnectorError) -> JSONValue {
        var images: [BlueskyPostRecord.Image] = []
        for item in request.media {
            let bytes = try MediaFile.bytes(item, network: "Bluesky")
            let blob = try await PreparatoryStep.run { () throws(ConnectorError) in
                try await client.uploadBlob(bytes, mimeType: item.contentType, session: session)
            }
            images.append(BlueskyPostRecord.Image(blob: blob, alt: item.alt ?? "", width: item.width, height: item.height))
        }
        var reply: BlueskyPostRecord.Reply?
        if let parent = request.replyTo {
            let references = try await PreparatoryStep.run { () throws(ConnectorError) in
                try await client.replyReferences(to: parent, session: session)
            }
            reply = BlueskyPostRecord.Reply(root: references.root, parent: references.parent)
        }
        let dids = try await mentionedDIDs(request.text, client: client)
        return BlueskyPostRecord.make(text: request.text, createdAt: now(), dids: dids, images: images, reply: reply,
                                      language: request.options.language)
    }

    /// Each mentioned handle's DID; a handle that does not resolve stays plain text (the person was warned when scheduling).
    func mentionedDIDs(_ text: String, client: BlueskyXRPC) async throws(ConnectorError) -> [String: String] {
        var dids: [String: String] = [:]
        for handle in Self.mentionedHandles(text) {
            do {
                dids[handle.lowercased()] = try await PreparatoryStep.run { () throws(ConnectorError) in try await client.resolveHandle(handle) }
            } catch where error.code == .permanent {
                continue
            }
        }
        return dids
    }

    /// Each handle the text mentions, once whatever its letter case (handles are case-insensitive), as first written.
    static func mentionedHandles(_ text: String) -> [String] {
        var seen: Set<String> = []
        return BlueskyFacets.detect(text).compactMap { facet in
            guard case .mention(let handle) = facet.feature, seen.insert(handle.lowercased()).inserted else { return nil }
            return handle
        }
    }

    /// The post on the web app (bsky.app unless configured), by DID (which outlives a handle change).
    func webURL(did: String, key: BlueskyRecordKey) -> String {
        "\(webBase)/profile/\(did)/post/\(key.value)"
    }
}

extension BlueskyConnector: ScheduleTimeNotes {
    /// How long schedule waits for each handle: the person is waiting at the prompt.
    static let scheduleTimeResolveTimeout: Duration = .seconds(5)

    /// Each mentioned handle asked of the entryway (`resolveHandle`, no token): one that resolves to no account stays
    /// plain text when the post goes out, so the person is told now.
    public func notes(for request: PublishRequest) async -> [String] {
        let client = BlueskyXRPC(pds: service, transport: transport, timeout: Self.scheduleTimeResolveTimeout)
        var notes: [String] = []
        for handle in Self.mentionedHandles(request.text) {
            do {
                _ = try await client.resolveHandle(handle)
            } catch where error.code == .permanent {
                notes.append("@\(handle) is no Bluesky account (the handle does not resolve); it goes out as plain text, not a mention")
            } catch {
                notes.append("@\(handle) could not be checked on Bluesky now (\(error.message)); it is resolved again when the post goes out")
            }
        }
        return notes
    }
}
