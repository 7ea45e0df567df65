import Foundation
import HTTPClient
import OAuth
import SchedulerCore
import Testing

@testable import Sandbox

/// What a test needs to publish to the sandbox Facebook and Instagram.
struct GraphAccount {
    var userToken: String
    var pageToken: String
    var pageID: String
    var instagramID: String
}

extension SandboxConfiguration {
    /// A sandbox whose LinkedIn app has every product: the organization scopes and the restricted `r_member_social`.
    static var everyLinkedInProduct: SandboxConfiguration { SandboxConfiguration(linkedinProducts: Set(LinkedInProduct.allCases)) }
}

/// What a test needs to publish to the sandbox LinkedIn.
struct LinkedInAccount {
    var token: String
    var person: String
    var organization: String
}

extension SandboxHarness {
    /// This month's `LinkedIn-Version` (YYYYMM, UTC): always one LinkedIn serves.
    static var linkedInVersion: String { linkedInVersion(monthsFromNow: 0) }

    /// `YYYYMM` of the month `offset` months from now (UTC).
    static func linkedInVersion(monthsFromNow offset: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let month = calendar.date(byAdding: .month, value: offset, to: Date())!
        let parts = calendar.dateComponents([.year, .month], from: month)
        return String(format: "%04d%02d", parts.year!, parts.month!)
    }

    /// An X OAuth 1.0a token pair for `username`, minted by the sandbox's stand-in for the developer portal (at
    /// `accessLevel`, else read-write).
    func xOAuth1Credentials(_ username: String, accessLevel: String? = nil) async throws -> OAuth1Credentials {
        let level = accessLevel.map { #", "access_level":"\#($0)""# } ?? ""
        let minted = try #require(try await post(x + "/_sandbox/x/tokens", json: #"{"username":"\#(username)"\#(level)}"#).json)
        return OAuth1Credentials(consumerKey: SandboxCredentials.xConsumerKey, consumerSecret: SandboxCredentials.xConsumerSecret,
                                 token: minted["oauth_token"]?.stringValue, tokenSecret: minted["oauth_token_secret"]?.stringValue)
    }

    static var rest: [HTTPHeader] { [HTTPHeader("LinkedIn-Version", linkedInVersion), HTTPHeader("X-Restli-Protocol-Version", "2.0.0")] }

    func send(_ method: String, _ url: String, body: [UInt8]?, contentType: String?, headers: [HTTPHeader] = []) async throws -> HTTPResponse {
        let type = contentType.map { [HTTPHeader("Content-Type", $0)] } ?? []
        return try await http.send(HTTPRequest(method: method, url: url, headers: headers + type, body: body))
    }

    func post(_ url: String, multipart: MultipartBody, headers: [HTTPHeader] = []) async throws -> HTTPResponse {
        try await send("POST", url, body: multipart.finished, contentType: multipart.contentType, headers: headers)
    }

    /// An X user access token (OAuth 2.0, Bearer) for `username` with `scopes`.
    func xBearer(_ username: String = "runner", scopes: String = "tweet.read tweet.write users.read media.write") async throws -> String {
        let redirect = "http://127.0.0.1:53682/callback"
        let verifier = PKCE.makeVerifier()
        let approved = try await get(Self.url(x, "/i/oauth2/authorize", [
            ("response_type", "code"), ("client_id", SandboxCredentials.xClientID), ("redirect_uri", redirect), ("scope", scopes),
            ("state", "s"), ("code_challenge", PKCE.challengeS256(verifier: verifier)), ("code_challenge_method", "S256"), ("sandbox_user", username),
        ]))
        let code = try #require(approved.redirectQuery["code"])
        let tokens = try await post(x + "/2/oauth2/token", form: [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirect), ("code_verifier", verifier),
        ], headers: [.basic(SandboxCredentials.xClientID, SandboxCredentials.xClientSecret)])
        return try #require(tokens.json?["access_token"]?.stringValue)
    }

    /// A long-lived user token, the Page token (from `/me/accounts`, as linking gets it), and the Page and Instagram ids for `username`.
    func graphAccount(_ username: String = "runner", scopes: [String]? = nil) async throws -> GraphAccount {
        let scopeList = scopes.map { ", \"scopes\": [" + $0.map { "\"\($0)\"" }.joined(separator: ",") + "]" } ?? ""
        let minted = try #require(try await post(facebook + "/_sandbox/facebook/tokens", json: #"{"username": "\#(username)"\#(scopeList)}"#).json)
        let user = try #require(minted["user_access_token"]?.stringValue)
        let accounts = try await get(facebook + "/v26.0/me/accounts?fields=id,access_token", headers: [.bearer(user)])
        return GraphAccount(
            userToken: user,
            pageToken: accounts.json?["data"]?[0]?["access_token"]?.stringValue ?? "",
            pageID: try #require(minted["page_id"]?.stringValue),
            instagramID: try #require(minted["instagram_user_id"]?.stringValue)
        )
    }

    /// A LinkedIn token for `username` and the URNs it may post as.
    func linkedInAccount(_ username: String = "rower", scopes: [String]? = nil) async throws -> LinkedInAccount {
        let scopeList = scopes.map { ", \"scopes\": [" + $0.map { "\"\($0)\"" }.joined(separator: ",") + "]" } ?? ""
        let minted = try #require(try await post(linkedin + "/_sandbox/linkedin/tokens", json: #"{"username": "\#(username)"\#(scopeList)}"#).json)
        return LinkedInAccount(
            token: try #require(minted["access_token"]?.stringValue),
            person: try #require(minted["person_urn"]?.stringValue),
            organization: try #require(minted["organization_urn"]?.stringValue)
        )
    }

    /// Stores `bytes` at `/_sandbox/files/{name}` on the Graph listener and returns the URL that serves them.
    func hostFile(_ name: String, _ bytes: [UInt8], contentType: String = "image/jpeg") async throws -> String {
        let url = facebook + "/_sandbox/files/" + name
        let stored = try await send("PUT", url, body: bytes, contentType: contentType)
        #expect(stored.status == 201)
        return url
    }

    /// Every accepted request, as `GET /_sandbox/received` lists them.
    func receivedRecords() async throws -> [JSONValue] {
        guard case .array(let records)? = try await get(x + "/_sandbox/received").json else { return [] }
        return records
    }
}
