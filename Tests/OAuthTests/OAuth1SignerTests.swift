import CryptoPrimitives
import OAuth
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("OAuth1Signer")
struct OAuth1SignerTests {
    let credentials = OAuth1Credentials(
        consumerKey: "consumer",
        consumerSecret: "consumer secret",
        token: "token",
        tokenSecret: "token secret"
    )

    @Test(
        arguments: [
            ("http://127.0.0.1:8080/oauth/request_token", "http://127.0.0.1:8080/oauth/request_token"),
            ("https://api.x.com:443/2/tweets", "https://api.x.com/2/tweets"),
            ("http://example.com:80/r", "http://example.com/r"),
            ("https://example.com:8443/r", "https://example.com:8443/r"),
            ("http://example.com:443/r", "http://example.com:443/r"),
            ("HTTPS://API.X.COM/2/Tweets", "https://api.x.com/2/Tweets"),
            ("https://api.x.com/1.1/statuses/update.json?include_entities=true#frag", "https://api.x.com/1.1/statuses/update.json"),
            ("https://example.com", "https://example.com/"),
            ("https://example.com?q=1", "https://example.com/"),
            ("https://user:pass@example.com/r", "https://example.com/r"),
            ("http://[::1]:8080/r", "http://[::1]:8080/r"),
            ("http://[::1]:80/r", "http://[::1]/r"),
            // Split byte by byte: a `://` later in the path, a fragment before a `?`, a host outside ASCII.
            ("https://example.com/a://b?c=1", "https://example.com/a://b"),
            ("https://example.com/r#a?b", "https://example.com/r"),
            ("https://BÜCHER.example/Ä", "https://bücher.example/Ä"),
            ("https://user@[::1]:8443/r", "https://[::1]:8443/r"),
        ]
    )
    func baseURI_normalisesAsRFC5849Says(_ url: String, _ expected: String) {
        #expect(OAuth1Signer.baseURI(url) == expected)
    }

    @Test func signatureBaseString_usesOnlyTheParametersPassed_notTheURLQuery() {
        let base = OAuth1Signer.signatureBaseString(method: "get", url: "http://h.example/p?a=1", parameters: [("b", "2")])
        #expect(base == "GET&http%3A%2F%2Fh.example%2Fp&b%3D2")
    }

    @Test func signatureBaseString_sortsByNameThenValue_andKeepsEmptyValues() {
        let base = OAuth1Signer.signatureBaseString(
            method: "POST",
            url: "http://h.example/",
            parameters: [("b", "2"), ("a", "z"), ("a", "y"), ("c", ""), ("a", "Z")]
        )
        // "a=Z" sorts before "a=y": the comparison is bytewise on the encoded form.
        #expect(base == "POST&http%3A%2F%2Fh.example%2F&a%3DZ%26a%3Dy%26a%3Dz%26b%3D2%26c%3D")
    }

    @Test func signingKey_keepsTheAmpersandWithoutATokenSecret() {
        #expect(OAuth1Signer.signingKey(consumerSecret: "c s", tokenSecret: nil) == "c%20s&")
        #expect(OAuth1Signer.signingKey(consumerSecret: "c", tokenSecret: "") == "c&")
    }

    @Test func authorizationHeader_hasTheDocumentedShape() throws {
        let header = OAuth1Signer(credentials: credentials)
            .authorizationHeader(method: "POST", url: "https://api.x.com/2/tweets", nonce: "n", timestamp: 1)
        #expect(header.hasPrefix("OAuth oauth_consumer_key=\"consumer\", oauth_nonce=\"n\", oauth_signature=\""))
        #expect(
            header.hasSuffix(
                "\", oauth_signature_method=\"HMAC-SHA1\", oauth_timestamp=\"1\", oauth_token=\"token\", oauth_version=\"1.0\""
            )
        )
        let signature = try #require(try OAuth1AuthorizationHeader.parse(header).first { $0.0 == "oauth_signature" }?.1)
        #expect(header.contains("oauth_signature=\"\(PercentEncoding.encode(signature))\""))
        #expect(Base64.decode(signature)?.count == 20)
    }

    @Test func authorizationHeader_withoutToken_omitsOAuthToken() throws {
        let signer = OAuth1Signer(credentials: OAuth1Credentials(consumerKey: "k", consumerSecret: "s"))
        let header = signer.authorizationHeader(
            method: "POST",
            url: "https://api.x.com/oauth/request_token",
            extraOAuthParameters: [("oauth_callback", "oob")]
        )
        let names = try OAuth1AuthorizationHeader.parse(header).map(\.0)
        #expect(!names.contains("oauth_token"))
        #expect(names.contains("oauth_callback"))
    }

    @Test func authorizationHeader_byDefault_usesAFreshNonceAndTheCurrentTime() throws {
        let signer = OAuth1Signer(credentials: credentials)
        let first = try OAuth1AuthorizationHeader.parse(signer.authorizationHeader(method: "GET", url: "https://h.example/"))
        let second = try OAuth1AuthorizationHeader.parse(signer.authorizationHeader(method: "GET", url: "https://h.example/"))
        let nonce = try #require(first.first { $0.0 == "oauth_nonce" }?.1)
        #expect(nonce.count == 32)
        #expect(nonce.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) })
        #expect(nonce != second.first { $0.0 == "oauth_nonce" }?.1)
        let timestamp = try #require(first.first { $0.0 == "oauth_timestamp" }.flatMap { Int($0.1) })
        #expect(abs(timestamp - Int(time(nil))) < 5)
    }

    @Test func authorizationHeader_signsQueryAndFormBody_butVerifiesWithoutTheJSONBody() throws {
        let signer = OAuth1Signer(credentials: credentials)
        let url = "https://h.example/r?q=a+b&x=%2B"
        let form = [("status", "Hello + world!")]
        let parsed = try OAuth1AuthorizationHeader.parse(
            signer.authorizationHeader(method: "POST", url: url, formParameters: form)
        )
        func verify(url: String, form: [(String, String)]) -> Bool {
            OAuth1Signer.verify(
                method: "POST",
                url: url,
                oauthParameters: parsed,
                formParameters: form,
                consumerSecret: "consumer secret",
                tokenSecret: "token secret"
            )
        }
        #expect(verify(url: url, form: form))
        #expect(verify(url: "https://h.example/r?q=a%20b&x=%2B", form: form))
        #expect(!verify(url: url, form: []))
        #expect(!verify(url: "https://h.example/r?q=a+b&x=%2C", form: form))
        #expect(!verify(url: url, form: [("status", "Hello + world?")]))
    }

    @Test func verify_rejectsAWrongSecretOrAForgedSignature() throws {
        let signer = OAuth1Signer(credentials: credentials)
        let parsed = try OAuth1AuthorizationHeader.parse(signer.authorizationHeader(method: "GET", url: "https://h.example/"))
        #expect(
            !OAuth1Signer.verify(
                method: "GET", url: "https://h.example/", oauthParameters: parsed,
                consumerSecret: "consumer secret", tokenSecret: "other"
            )
        )
        let forged = parsed.map { $0.0 == "oauth_signature" ? ($0.0, "AAAAAAAAAAAAAAAAAAAAAAAAAAA=") : $0 }
        #expect(
            !OAuth1Signer.verify(
                method: "GET", url: "https://h.example/", oauthParameters: forged,
                consumerSecret: "consumer secret", tokenSecret: "token secret"
            )
        )
        let unsigned = parsed.filter { $0.0 != "oauth_signature" }
        #expect(
            !OAuth1Signer.verify(
                method: "GET", url: "https://h.example/", oauthParameters: unsigned,
                consumerSecret: "consumer secret", tokenSecret: "token secret"
            )
        )
    }

    @Test func authorizationHeader_sendsRealmFirst_withoutSigningIt() throws {
        let signer = OAuth1Signer(credentials: credentials)
        let header = signer.authorizationHeader(
            method: "GET", url: "https://h.example/", extraOAuthParameters: [("realm", "Photos")], nonce: "n", timestamp: 1
        )
        #expect(header.hasPrefix("OAuth realm=\"Photos\", oauth_consumer_key="))
        let withoutRealm = signer.authorizationHeader(method: "GET", url: "https://h.example/", nonce: "n", timestamp: 1)
        let signature = { (h: String) in try OAuth1AuthorizationHeader.parse(h).first { $0.0 == "oauth_signature" }?.1 }
        #expect(try signature(header) == signature(withoutRealm))
    }

    @Test func descriptions_neverShowSecrets() {
        let credentials = OAuth1Credentials(consumerKey: "k", consumerSecret: "CS-9f3a", token: "t", tokenSecret: "TS-7e1b")
        let signer = OAuth1Signer(credentials: credentials)
        var dumped = ""
        dump(credentials, to: &dumped)
        dump(signer, to: &dumped)
        for text in [String(describing: signer), String(reflecting: signer), String(describing: credentials), dumped] {
            #expect(!text.contains("CS-9f3a") && !text.contains("TS-7e1b"), "\(text)")
        }
    }
}
