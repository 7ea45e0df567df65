import Foundation
import HTTPClient
import NetworkRules
import SchedulerCore

/// Publishes to a Mastodon account on its own instance, exactly once by the `Idempotency-Key`: each part's key is stored
/// before the status that carries it is sent. The instance keeps a key for an hour per account, answering a resend with
/// the first status, so within that hour a doubt is settled by looking at the account's statuses and, when the status is
/// not listed (yet), sending again with the same key; past the hour only the look-up settles it.
public struct MastodonConnector: KeyedPublishing {
    public let network = Network.mastodon
    public var textRules: TextRules { NetworkRules.of(.mastodon).text }
    public var mediaRules: MediaRules { NetworkRules.of(.mastodon).media }
    let transport: any HTTPTransport
    let timeout: Duration
    /// How long to wait for an instance to process an image before the attempt ends (to be tried again later).
    let mediaWait: Duration

    /// A resend is trusted to the key only this long after the key was stored: the instance's hour, less a margin for a
    /// request still on its way.
    static let keyTrustedFor: TimeInterval = MastodonAPI.idempotencyWindow - 600

    public init(transport: any HTTPTransport, timeout: Duration = .seconds(30), mediaWait: Duration = .seconds(30)) {
        self.transport = transport; self.timeout = timeout; self.mediaWait = mediaWait
    }

    func api(_ credentials: AccountCredentials) throws(ConnectorError) -> MastodonAPI {
        guard let instance = credentials.serviceURL else {
            throw ConnectorError(code: .authFailure, message: "the account's instance is not known; link it again with --instance")
        }
        return MastodonAPI(instance: instance, transport: transport, timeout: timeout)
    }

    public func validate(_ request: PublishRequest) -> [String] {
        NetworkRules.mastodon(request.instanceLimits ?? MastodonInstanceLimits(), contentWarning: request.options.contentWarning ?? "")
            .problems(with: request)
    }

    public func preview(_ request: PublishRequest) -> JSONValue {
        var body: [String: JSONValue] = ["status": .string(request.text)]
        if !request.media.isEmpty { body["media_ids"] = .array(request.media.map { .string("\($0.fileName), uploaded first") }) }
        if let reply = request.replyTo { body["in_reply_to_id"] = .string(reply) }
        if let visibility = request.options.visibility { body["visibility"] = .string(visibility.rawValue) }
        if let warning = request.options.contentWarning { body["spoiler_text"] = .string(warning) }
        if let language = request.options.language { body["language"] = .string(language) }
        return .object(body)
    }

    public func verify(credentials: AccountCredentials) async throws(ConnectorError) -> AccountProfile {
        try await api(credentials).whoAmI(token: credentials.token)
    }

    public func publish(_ request: PublishRequest, key slot: any PublishKeySlot, credentials: AccountCredentials) async throws(ConnectorError)
        -> PublishedPost {
        let api = try api(credentials)
        var options = MastodonAPI.StatusOptions()
        options.inReplyTo = request.replyTo
        options.visibility = request.options.visibility?.rawValue
        options.contentWarning = request.options.contentWarning
        options.language = request.options.language
        for item in request.media { options.mediaIDs.append(try await upload(item, api: api, token: credentials.token)) }
        let key: String
        if let stored = slot.stored {
            key = stored
        } else {
            key = UUID().uuidString.lowercased()
            try await slot.store(key)
        }
        let status = try await api.postStatus(request.text, options: options, idempotencyKey: key, token: credentials.token)
        return PublishedPost(remoteID: status.id, url: status.url, httpStatus: 200)
    }

    public func settle(_ request: PublishRequest, key: String, since: Date, keyAge: KeyAge, credentials: AccountCredentials) async throws(ConnectorError) -> KeyedLookUp {
        let account = String(request.accountRemoteID.split(separator: "@").first ?? "")
        if let found = try await api(credentials).findStatus(text: request.text, inReplyTo: request.replyTo, account: account, since: since,
                                                             token: credentials.token) {
            return .found(PublishedPost(remoteID: found.id, url: found.url, httpStatus: 200))
        }
        // The key's age from the boot-time clock, not from `since`: a wall clock stepped back an hour would make a key the
        // instance has forgotten look young (issue 46). A key of unknown age is not trusted.
        return keyAge.isSurelyWithin(Self.keyTrustedFor) ? .sendAgain : .notListed
    }

    /// Uploads one image with its alt text and waits (bounded) until the instance has processed it.
    func upload(_ item: MediaItem, api: MastodonAPI, token: String) async throws(ConnectorError) -> String {
        let bytes = try MediaFile.bytes(item, network: "Mastodon")
        let uploaded = try await PreparatoryStep.run { () throws(ConnectorError) in
            try await api.uploadMedia(bytes, fileName: item.fileName, mimeType: item.contentType, description: item.alt, token: token)
        }
        guard uploaded.processing else { return uploaded.id }
        let deadline = ContinuousClock.now + mediaWait
        while ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(250))
            if try await PreparatoryStep.run({ () throws(ConnectorError) in try await api.mediaReady(id: uploaded.id, token: token) }) {
                return uploaded.id
            }
        }
        throw ConnectorError(code: .retryable, message: "Mastodon was still processing \(item.label) after \(mediaWait); tried again later")
    }
}
