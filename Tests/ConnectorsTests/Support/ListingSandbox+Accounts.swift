import Connectors
import CryptoPrimitives
import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// The sandbox's fixed X app credentials, under a name that does not clash with the connectors' types.
typealias SandboxCredentialsForTests = SandboxCredentials

/// A Page (and its Instagram account) reached with its Page token, as linking leaves it.
struct GraphTestPage: Sendable {
    var id: String
    var instagramID: String
    var credentials: AccountCredentials
}

extension ListingSandbox {
    func mintX(username: String) async throws -> XTokenGrant {
        let response = try await client.send(HTTPRequest(method: "POST", url: x + "/_sandbox/x/tokens",
                                                         headers: [HTTPHeader("Content-Type", "application/json")], body: Array(#"{"username":"\#(username)"}"#.utf8)))
        return try JSONDecoder().decode(XTokenGrant.self, from: Data(response.body))
    }

    /// The Page token comes from `/me/accounts`, as linking gets it.
    func facebookPage(username: String) async throws -> GraphTestPage {
        let user = try await mint("facebook", username: username)
        let token = try #require(user["user_access_token"]?.stringValue)
        let accounts = try await client.send(HTTPRequest(url: graph + "/v19.0/me/accounts?fields=id,access_token&access_token=\(token)"))
        guard case .array(let pages)? = try JSONDecoder().decode(JSONValue.self, from: Data(accounts.body))["data"], let page = pages.first else {
            throw ListingSandboxError(message: "no Page in /me/accounts")
        }
        return GraphTestPage(id: try #require(page["id"]?.stringValue), instagramID: try #require(user["instagram_user_id"]?.stringValue),
                           credentials: .oauth2(accessToken: try #require(page["access_token"]?.stringValue), refreshToken: nil, expiresAt: nil))
    }

    /// A 1080×1350 JPEG on the sandbox's file shelf, for Instagram to fetch.
    func hostImage() async throws -> String {
        let image: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x4A, 0x46, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x05, 0x46, 0x04, 0x38, 0x03]
            + Array(repeating: 0, count: 40) + [0xFF, 0xD9]
        let url = graph + "/_sandbox/files/" + String(repeating: "e", count: 64) + ".jpg"
        _ = try await client.send(HTTPRequest(method: "PUT", url: url, headers: [HTTPHeader("Content-Type", "image/jpeg")], body: image))
        return url
    }

    /// Container, two status reads, publish: the shortest way to put one post on the account.
    func publishToInstagram(_ page: GraphTestPage, imageURL: String, caption: String) async throws {
        let token = page.credentials.token
        let form = HTTPHeader("Content-Type", "application/x-www-form-urlencoded")
        let created = try await client.send(HTTPRequest(method: "POST", url: graph + "/v19.0/\(page.instagramID)/media", headers: [form],
                                                        body: Array(FormBodyForTests.encode([("image_url", imageURL), ("caption", caption), ("access_token", token)]).utf8)))
        let container = try #require(try JSONDecoder().decode(JSONValue.self, from: Data(created.body))["id"]?.stringValue)
        for _ in 0..<2 { _ = try await client.send(HTTPRequest(url: graph + "/v19.0/\(container)?fields=status_code&access_token=\(token)")) }
        let published = try await client.send(HTTPRequest(method: "POST", url: graph + "/v19.0/\(page.instagramID)/media_publish", headers: [form],
                                                          body: Array(FormBodyForTests.encode([("creation_id", container), ("access_token", token)]).utf8)))
        #expect(published.status == 200)
    }
}

struct ListingSandboxError: Error {
    var message: String
}

/// Form bodies as the connectors send them.
enum FormBodyForTests {
    static func encode(_ pairs: [(String, String)]) -> String { PercentEncoding.encodeForm(pairs) }
}
