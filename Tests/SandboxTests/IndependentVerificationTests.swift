import CryptoPrimitives
import Foundation
import HTTPClient
import OAuth
import Testing

@testable import Sandbox

/// The sandbox checks signatures and PKCE with code of its own (``SignatureBaseString``, ``OneShotCrypto``,
/// ``S256Challenge``), not with the client's `OAuth1Signer` and `PKCE`: first the published vectors hold for
/// it, then a client that builds its base string or its challenge wrongly is refused over the wire.
@Suite struct IndependentVerificationTests {
    /// `../shared/conformance/oauth/vectors.json`, read in place.
    static func vectors() throws -> [String: Any] {
        let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let url = root.appendingPathComponent("../shared/conformance/oauth/vectors.json").standardizedFileURL
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    @Test func publishedOAuth1Vectors_holdForTheSandboxsOwnBaseStringAndHMAC() throws {
        let cases = try #require(try Self.vectors()["oauth1"] as? [[String: Any]])
        #expect(cases.count >= 6)
        for vector in cases {
            let name = vector["name"] as? String ?? "?"
            let url = try #require(vector["url"] as? String)
            let params = try #require(vector["params"] as? [[String]]).map { ($0[0], $0[1]) }
            let query = RFC3986.formPairs(SignatureBaseString.split(url).query[...]) ?? []
            // What is neither oauth_* nor in the query was a form body; the vector gives it or implies it.
            var unmatched = query.map { "\($0.0)=\($0.1)" }
            let bodyPairs = params.filter { pair in
                guard !pair.0.hasPrefix("oauth_") else { return false }
                if let index = unmatched.firstIndex(of: "\(pair.0)=\(pair.1)") { unmatched.remove(at: index); return false }
                return true
            }
            let formBody = vector["form_body"] as? String ?? bodyPairs.map { "\(RFC3986.encode($0.0))=\(RFC3986.encode($0.1))" }.joined(separator: "&")
            let base = try #require(SignatureBaseString.make(method: vector["method"] as? String ?? "", url: url,
                                                             oauthParameters: params.filter { $0.0.hasPrefix("oauth_") },
                                                             formBody: formBody.isEmpty ? nil : formBody), "\(name)")
            if let published = vector["base_string"] as? String { #expect(base == published, "\(name)") }
            let signature = SignatureBaseString.hmacSHA1(base, consumerSecret: vector["consumer_secret"] as? String ?? "",
                                                         tokenSecret: vector["token_secret"] as? String)
            #expect(signature == vector["signature"] as? String, "\(name)")
        }
    }

    @Test func publishedPercentEncodingAndPKCEVectors_holdForTheSandboxsOwnCode() throws {
        let vectors = try Self.vectors()
        for pair in try #require(vectors["percent_encoding"] as? [[String]]) {
            #expect(RFC3986.encode(pair[0]) == pair[1])
            #expect(RFC3986.decode(pair[1][...], plusIsSpace: false) == pair[0])
        }
        let pkce = try #require(vectors["pkce_s256"] as? [String: String])
        let verifier = try #require(pkce["code_verifier"]), challenge = try #require(pkce["code_challenge"])
        #expect(S256Challenge.matches(verifier: verifier, challenge: challenge))
        #expect(!S256Challenge.matches(verifier: verifier + "x", challenge: challenge))
        #expect(!S256Challenge.matches(verifier: verifier, challenge: challenge + "="), "a padded challenge is not base64url")
        #expect(!S256Challenge.matches(verifier: "short", challenge: OneShotCrypto.base64URL(OneShotCrypto.sha256(Array("short".utf8)))),
                "RFC 7636 wants 43 to 128 characters")
    }

    /// A client whose base string is wrong in the ways clients get it wrong (the JSON body signed as a
    /// parameter; the port dropped from the base URI; a space encoded as `+`) is refused by the sandbox's
    /// verifier; the correct client is accepted. The wrong signatures are made with the client's own HMAC,
    /// so only the base string differs.
    @Test func aClientThatBuildsItsBaseStringWrongly_isRefused_andTheRightOneIsAccepted() async throws {
        try await SandboxHarness.run { sandbox in
            let credentials = try await sandbox.xOAuth1Credentials("signer")
            let url = sandbox.x + "/2/tweets"
            let body = #"{"text":"Tempo run, 8 km"}"#
            let timestamp = String(Int(sandbox.clock.now.timeIntervalSince1970))
            func header(nonce: String, baseString: (_ oauth: [(String, String)]) -> String) -> String {
                let oauth = [("oauth_consumer_key", credentials.consumerKey), ("oauth_nonce", nonce), ("oauth_signature_method", "HMAC-SHA1"),
                             ("oauth_timestamp", timestamp), ("oauth_token", credentials.token!), ("oauth_version", "1.0")]
                let signature = OAuth1Signer.signature(baseString: baseString(oauth), consumerSecret: credentials.consumerSecret,
                                                       tokenSecret: credentials.tokenSecret)
                return "OAuth " + (oauth + [("oauth_signature", signature)]).map { "\($0.0)=\"\(PercentEncoding.encode($0.1))\"" }.joined(separator: ", ")
            }
            let bodySigned = header(nonce: "n1") { OAuth1Signer.signatureBaseString(method: "POST", url: url, parameters: $0 + [("text", "Tempo run, 8 km")]) }
            let portDropped = header(nonce: "n2") { oauth in
                let host = URL(string: url)!.host!
                return OAuth1Signer.signatureBaseString(method: "POST", url: "http://\(host)/2/tweets", parameters: oauth)
            }
            for (name, wrong) in [("the body signed", bodySigned), ("the port dropped", portDropped)] {
                let response = try await sandbox.post(url, json: body, headers: [HTTPHeader("Authorization", wrong)])
                #expect(response.status == 401, "\(name)")
            }
            // A query with a space: signed as %20 it is accepted, signed as `+` (a form encoder's habit) refused.
            let me = sandbox.x + "/2/users/me?user.fields=a%20b"
            let spaceRight = OAuth1Signer(credentials: credentials).authorizationHeader(method: "GET", url: me, timestamp: Int(timestamp))
            #expect(try await sandbox.get(me, headers: [HTTPHeader("Authorization", spaceRight)]).status == 200)
            let plusForSpace = header(nonce: "n3") { oauth in
                OAuth1Signer.signatureBaseString(method: "GET", url: me, parameters: oauth + [("user.fields", "a b")])
                    .replacingOccurrences(of: "a%2520b", with: "a%252Bb")
            }
            #expect(try await sandbox.get(me, headers: [HTTPHeader("Authorization", plusForSpace)]).status == 401, "a space signed as +")
            let right = try await sandbox.post(url, json: body, headers: [HTTPHeader("Authorization", OAuth1Signer(credentials: credentials)
                .authorizationHeader(method: "POST", url: url, timestamp: Int(timestamp)))])
            #expect(right.status == 201)
            let reasons = await sandbox.sandbox.rejected().map(\.reasonCode)
            #expect(reasons.filter { $0 == "bad_signature" }.count == 3, "\(reasons)")
        }
    }

    /// A client that derives its PKCE challenge wrongly (hex instead of base64url; over the verifier with a
    /// trailing newline) gets no token: the authorization endpoint or the token endpoint refuses it.
    @Test func aClientWithAWrongPKCEChallenge_getsNoToken() async throws {
        try await SandboxHarness.run { sandbox in
            let redirect = "http://127.0.0.1:53682/callback"
            let verifier = PKCE.makeVerifier()
            func authorize(_ challenge: String) async throws -> HTTPResponse {
                try await sandbox.get(SandboxHarness.url(sandbox.x, "/i/oauth2/authorize", [
                    ("response_type", "code"), ("client_id", SandboxCredentials.xClientID), ("redirect_uri", redirect),
                    ("scope", "tweet.read users.read"), ("state", "s"), ("code_challenge", challenge), ("code_challenge_method", "S256"),
                ]))
            }
            let hex = Digest.sha256(Array(verifier.utf8)).map { String(format: "%02x", $0) }.joined()
            #expect(try await authorize(hex).redirectQuery["error"] == "invalid_request", "a hex digest is not a base64url challenge")
            let overNewline = try await authorize(PKCE.challengeS256(verifier: verifier + "\n"))
            let code = try #require(overNewline.redirectQuery["code"])
            let exchanged = try await sandbox.post(sandbox.x + "/2/oauth2/token", form: [
                ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirect), ("code_verifier", verifier),
            ], headers: [.basic(SandboxCredentials.xClientID, SandboxCredentials.xClientSecret)])
            #expect(exchanged.status == 400)
            #expect(exchanged.json?["error"]?.stringValue == "invalid_grant")
        }
    }
}
