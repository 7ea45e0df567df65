import Foundation
import HTTPClient
import SchedulerCore

/// The XRPC calls a Bluesky post needs, against one account's PDS (docs/research/bluesky.md): a session from an app
/// password and its renewal, a handle resolved to a DID, an image uploaded as a blob, and a post created **at a record
/// key chosen before it was sent** and read back by that key. Reading back by the key is what makes a post exactly
/// once: after any doubt, `getRecord` says whether it is there, and no listing or search is ever needed.
public struct BlueskyXRPC: Sendable {
    /// The PDS's base URL (`https://bsky.social`, or a self-hosted PDS's).
    let pds: String
    let transport: ConnectorTransport

    public init(pds: String, transport: any HTTPTransport, timeout: Duration = .seconds(30)) {
        self.pds = pds.trimmingTrailingSlash
        self.transport = ConnectorTransport(transport: transport, network: "Bluesky", timeout: timeout)
    }

    public struct Session: Sendable, Equatable {
        public var accessJwt: String
        public var refreshJwt: String
        public var did: String
        public var handle: String
        /// The account's PDS as its DID document names it (`#atproto_pds`), when the answer carried the document.
        public var pds: String? = nil

        public init(accessJwt: String, refreshJwt: String, did: String, handle: String, pds: String? = nil) {
            self.accessJwt = accessJwt; self.refreshJwt = refreshJwt; self.did = did; self.handle = handle; self.pds = pds
        }
    }

    /// A post on the network: its `at://` URI and the CID of the version made.
    public struct Record: Sendable, Equatable {
        public var uri: String
        public var cid: String
    }

    public static let postCollection = "app.bsky.feed.post"

    /// `com.atproto.server.createSession` with a handle (or DID) and an app password.
    public func createSession(identifier: String, appPassword: String) async throws(ConnectorError) -> Session {
        let body = JSONValue.object(["identifier": .string(identifier), "password": .string(appPassword)])
        return try Self.session(try await call("POST", "com.atproto.server.createSession", json: body, token: nil))
    }

    /// `com.atproto.server.refreshSession`: a new pair for the refresh token, which must be stored at once (the old
    /// refresh token stops working two hours later).
    public func refreshSession(refreshJwt: String) async throws(ConnectorError) -> Session {
        try Self.session(try await call("POST", "com.atproto.server.refreshSession", token: refreshJwt))
    }

    /// `com.atproto.server.getSession`: whose the access token is.
    public func whoAmI(accessJwt: String) async throws(ConnectorError) -> (did: String, handle: String) {
        let answer = try await call("GET", "com.atproto.server.getSession", token: accessJwt)
        guard let did = answer["did"]?.stringValue, let handle = answer["handle"]?.stringValue else { throw Self.malformed("getSession", "no did or handle") }
        return (did, handle)
    }

    /// `com.atproto.server.deleteSession` with the refresh token: the session ends.
    public func deleteSession(refreshJwt: String) async throws(ConnectorError) -> Bool {
        do {
            _ = try await call("POST", "com.atproto.server.deleteSession", token: refreshJwt)
        } catch where error.message.hasPrefix("Bluesky's com.atproto.server.deleteSession answered something unexpected") {
            // It answers 200 with no body.
        }
        return true
    }

    /// `com.atproto.identity.resolveHandle`: the DID a mention links to.
    public func resolveHandle(_ handle: String) async throws(ConnectorError) -> String {
        let answer = try await call("GET", "com.atproto.identity.resolveHandle?handle=\(Self.query(handle))", token: nil)
        guard let did = answer["did"]?.stringValue else { throw Self.malformed("resolveHandle", "no did") }
        return did
    }

    /// `com.atproto.repo.uploadBlob`: the blob object to embed, as the PDS gave it (it sets the type it detected).
    public func uploadBlob(_ bytes: [UInt8], mimeType: String, session: Session) async throws(ConnectorError) -> JSONValue {
        let answer = try await call("POST", "com.atproto.repo.uploadBlob", body: bytes, contentType: mimeType, token: session.accessJwt)
        guard let blob = answer["blob"], case .object = blob else { throw Self.malformed("uploadBlob", "no blob") }
        return blob
    }

    /// `com.atproto.repo.createRecord` of a post at `key`. Any answer but the record is a doubt to resolve with
    /// ``post(at:session:)``: a key that exists already is refused with an HTTP 500 today, which says nothing about
    /// whether the post is there.
    public func createPost(_ record: JSONValue, at key: BlueskyRecordKey, session: Session) async throws(ConnectorError) -> Record {
        let body = JSONValue.object(["repo": .string(session.did), "collection": .string(Self.postCollection),
                                     "rkey": .string(key.value), "record": record])
        let answer = try await call("POST", "com.atproto.repo.createRecord", json: body, token: session.accessJwt, publishing: true)
        return try Self.record(answer, call: "createRecord")
    }

    /// `com.atproto.repo.getRecord` of the post at `key`: nil when the PDS has none there.
    public func post(at key: BlueskyRecordKey, session: Session) async throws(ConnectorError) -> Record? {
        let path = "com.atproto.repo.getRecord?repo=\(Self.query(session.did))&collection=\(Self.postCollection)&rkey=\(key.value)"
        do {
            return try Self.record(try await call("GET", path, token: session.accessJwt), call: "getRecord")
        } catch where error.httpStatus == 400 && error.message.hasPrefix("RecordNotFound") {
            return nil
        }
    }
}
