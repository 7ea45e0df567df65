import Foundation
import HTTPClient
import NetworkRules
import SchedulerCore

/// Publishes to LinkedIn through `/rest/posts` as a member or an organization; each image goes through
/// the Images API first (initialize the upload, upload, then reference the image URN): one image as
/// `content.media`, two to twenty as a MultiImage post (`content.multiImage.images`). The post id comes
/// back in `x-restli-id`.
public struct LinkedInConnector: Connector {
    public let network = Network.linkedin
    public var textRules: TextRules { NetworkRules.of(.linkedin).text }
    public var mediaRules: MediaRules { NetworkRules.of(.linkedin).media }
    let app: LinkedInApp
    let http: ConnectorTransport

    public init(app: LinkedInApp, transport: any HTTPTransport, timeout: Duration = .seconds(30)) {
        self.app = app
        self.http = ConnectorTransport(transport: transport, network: "LinkedIn", timeout: timeout)
    }

    public func validate(_ request: PublishRequest) -> [String] {
        NetworkRules.of(.linkedin).problems(with: request)
    }

    public func preview(_ request: PublishRequest) -> JSONValue {
        postBody(request, images: request.media.map { "urn:li:image:(\($0.fileName), uploaded first)" })
    }

    public func verify(credentials: AccountCredentials) async throws(ConnectorError) -> AccountProfile {
        let response = try await http.send("GET", app.apiBaseURL + "/v2/userinfo", headers: [IdentityClient.bearer(credentials.token)], publishing: false)
        guard response.status == 200, let member = ConnectorTransport.json(response), let sub = member["sub"]?.stringValue else {
            throw error(for: response)
        }
        let name = member["name"]?.stringValue ?? sub
        return AccountProfile(remoteID: "urn:li:person:\(sub)", handle: name.handleSlug, displayName: name)
    }

    /// Uploads every image, then makes the post once.
    ///
    /// Images uploaded before a crash (or a refused post) and never posted are harmless: LinkedIn keeps
    /// them unattached to anything and shows them nowhere, so a retry simply uploads its own again.
    public func publish(_ request: PublishRequest, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost {
        var images: [String] = []
        for item in request.media {
            // Initialize and upload again as a whole: an upload URL takes one upload.
            images.append(try await PreparatoryStep.run { () throws(ConnectorError) in
                try await upload(item, owner: request.accountRemoteID, credentials: credentials)
            })
        }
        let body = try! JSONEncoder().encode(postBody(request, images: images))
        let response = try await http.send("POST", app.apiBaseURL + "/rest/posts", headers: headers(credentials, json: true),
                                           body: Array(body), publishing: true)
        guard response.status == 201 else { throw error(for: response).answeringPublish(network: "LinkedIn") }
        guard let id = response.header("x-restli-id") else {
            throw ConnectorError(code: .uncertain, message: "LinkedIn accepted the post but sent no x-restli-id", httpStatus: 201)
        }
        return PublishedPost(remoteID: id, url: Self.postURL(id), httpStatus: 201)
    }

    /// Initializes an image upload, sends the bytes, and returns the image URN the post references.
    func upload(_ item: MediaItem, owner: String, credentials: AccountCredentials) async throws(ConnectorError) -> String {
        let initialize: JSONValue = .object(["initializeUploadRequest": .object(["owner": .string(owner)])])
        let started = try await http.send("POST", app.apiBaseURL + "/rest/images?action=initializeUpload", headers: headers(credentials, json: true),
                                          body: Array(try! JSONEncoder().encode(initialize)), publishing: false)
        guard started.status == 200, let value = ConnectorTransport.json(started)?["value"],
              let uploadURL = value["uploadUrl"]?.stringValue, let imageURN = value["image"]?.stringValue else {
            throw error(for: started)
        }
        let uploaded = try await http.send("PUT", uploadURL, headers: [IdentityClient.bearer(credentials.token), HTTPHeader("Content-Type", item.contentType)],
                                           body: try MediaFile.bytes(item, network: "LinkedIn"), publishing: false)
        guard (200..<300).contains(uploaded.status) else { throw error(for: uploaded) }
        return imageURN
    }

    /// The `/rest/posts` body; `images` are the image URNs of `request.media`, in order.
    func postBody(_ request: PublishRequest, images: [String]) -> JSONValue {
        var body: [String: JSONValue] = [
            "author": .string(request.accountRemoteID),
            "commentary": .string(LittleTextFormat.escape(request.text)),
            "visibility": .string("PUBLIC"),
            "distribution": .object(["feedDistribution": .string("MAIN_FEED"), "targetEntities": .array([]),
                                     "thirdPartyDistributionChannels": .array([])]),
            "lifecycleState": .string("PUBLISHED"),
            "isReshareDisabledByAuthor": .bool(false),
        ]
        let described = zip(images, request.media).map { image, item -> JSONValue in
            var media: [String: JSONValue] = ["id": .string(image)]
            if let alt = item.alt { media["altText"] = .string(alt) }
            return .object(media)
        }
        if described.count == 1 {
            body["content"] = .object(["media": described[0]])
        } else if described.count > 1 {
            body["content"] = .object(["multiImage": .object(["images": .array(described)])])
        }
        return .object(body)
    }

    /// Where a person sees the post (or its comments).
    static func postURL(_ post: String) -> String { "https://www.linkedin.com/feed/update/\(post)" }

    func headers(_ credentials: AccountCredentials, json: Bool) -> [HTTPHeader] {
        var headers = [IdentityClient.bearer(credentials.token), HTTPHeader("LinkedIn-Version", app.version),
                       HTTPHeader("X-Restli-Protocol-Version", "2.0.0")]
        if json { headers.append(HTTPHeader("Content-Type", "application/json")) }
        return headers
    }

    /// `{"status","serviceErrorCode","code","message"}`; a 429 is a member's (or the app's) daily quota:
    /// it waits `Retry-After` seconds when LinkedIn says, else until midnight UTC, when quotas reset.
    /// A 426 is a retired `LinkedIn-Version`: every call of this app fails until the configuration changes.
    func error(for response: HTTPResponse, now: Date = Date()) -> ConnectorError {
        let body = ConnectorTransport.json(response)
        let message = "LinkedIn: \(body?["message"]?.stringValue ?? "HTTP \(response.status)")"
        let excerpt = Excerpt.redacted(response.bodyText)
        switch response.status {
        case 401:
            return ConnectorError(code: .authFailure, message: message, httpStatus: 401, excerpt: excerpt)
        case 426:
            var error = ConnectorError(code: .appBlocked, message: "LinkedIn no longer serves API version \(app.version) (\(message))",
                                       httpStatus: 426, excerpt: excerpt)
            error.remedy = "set `version` under [networks.linkedin] in the configuration to a current LinkedIn-Version "
                + "(YYYYMM, such as \(LinkedInApp.defaultVersion), or leave it out for that default), then restart schedulerd"
            return error
        case 429:
            let retryAt = Self.retryAfter(response, now: now) ?? Self.nextMidnightUTC(after: now)
            var error = ConnectorError(code: .rateLimited, message: message, retryAt: retryAt, httpStatus: 429, excerpt: excerpt)
            error.rateLimit = RateLimitHint(scope: .account, remaining: 0, resetAt: retryAt)
            return error
        case 500...599:
            return ConnectorError(code: .retryable, message: message, httpStatus: response.status, excerpt: excerpt)
        default:
            var error = ConnectorError(code: .permanent, message: message, httpStatus: response.status, excerpt: excerpt)
            // `{"status": 403, "serviceErrorCode": 100, "code": "ACCESS_DENIED"}`: the token lacks `w_member_social`
            // (or the member is no longer an organization's admin).
            error.lacksPermission = response.status == 403 && body?["code"]?.stringValue == "ACCESS_DENIED"
            return error
        }
    }

    /// `Retry-After` in seconds (LinkedIn does not send an HTTP date).
    static func retryAfter(_ response: HTTPResponse, now: Date) -> Date? {
        guard let seconds = response.header("retry-after").flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), seconds >= 0 else { return nil }
        return now.addingTimeInterval(TimeInterval(seconds))
    }

    static func nextMidnightUTC(after now: Date) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.nextDate(after: now, matching: DateComponents(hour: 0, minute: 0), matchingPolicy: .nextTime)
    }
}
