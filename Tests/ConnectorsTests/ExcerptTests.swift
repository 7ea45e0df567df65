import Testing
@testable import Connectors

/// Network answers kept on attempts are shortened and never hold a credential.
@Suite struct ExcerptTests {
    @Test func redacted_blanksSecretValuesInJSON() {
        let body = #"{"access_token": "AT-123", "refresh_token":"RT-456", "oauth_token_secret":"OTS-789", "client_secret" : "CS-000", "token_type":"bearer", "user":"runner"}"#

        let redacted = Excerpt.redacted(body)

        for secret in ["AT-123", "RT-456", "OTS-789", "CS-000"] {
            #expect(!redacted.contains(secret), "\(redacted)")
        }
        #expect(redacted.contains(#""access_token": "***""#))
        #expect(redacted.contains(#""oauth_token_secret":"***""#))
        #expect(redacted.contains(#""token_type":"bearer""#))
        #expect(redacted.contains(#""user":"runner""#))
    }

    @Test func redacted_blanksSecretValuesInForms() {
        let body = "oauth_token=OT-1&oauth_token_secret=OTS-2&user_id=42&screen_name=runner"

        let redacted = Excerpt.redacted(body)

        #expect(redacted == "oauth_token=***&oauth_token_secret=***&user_id=42&screen_name=runner")
    }

    @Test func redacted_matchesKeysInAnyCase() {
        let redacted = Excerpt.redacted(#"ACCESS_TOKEN=abc {"Refresh_Token":"def"}"#)
        #expect(!redacted.contains("abc"))
        #expect(!redacted.contains("def"))
    }

    @Test func redacted_blanksQuotedValuesInAnOAuthHeader() {
        let header = #"OAuth oauth_consumer_key="ck", oauth_token="1700-tok", oauth_signature="c2lnbmF0dXJl%3D""#

        let redacted = Excerpt.redacted(header)

        #expect(!redacted.contains("1700-tok"), "\(redacted)")
        #expect(!redacted.contains("c2lnbmF0dXJl"), "\(redacted)")
        #expect(redacted.contains(#"oauth_consumer_key="ck""#))
    }

    @Test func redacted_blanksSecretHeaderLines() {
        let echoed = "GET /2/users/me\r\nHost: api.x.com\r\nAuthorization: Bearer AAAA-secret-bearer\r\nAccept: */*"

        let redacted = Excerpt.redacted(echoed)

        #expect(redacted == "GET /2/users/me\r\nHost: api.x.com\r\nAuthorization: ***\r\nAccept: */*")
    }

    @Test func redacted_leavesOrdinaryTextAlone() {
        let body = #"{"title":"Forbidden","detail":"You are not allowed to create a Tweet with duplicate content."}"#
        #expect(Excerpt.redacted(body) == body)
    }

    @Test func redacted_truncatesToTheLimitWithAnEllipsis() {
        let redacted = Excerpt.redacted(String(repeating: "x", count: 600))
        #expect(redacted.count == 501)
        #expect(redacted.hasSuffix("…"))
        #expect(Excerpt.redacted("abcdef", limit: 3) == "abc…")
        #expect(Excerpt.redacted("abc", limit: 3) == "abc")
    }

    @Test func redacted_redactsBeforeTruncating() {
        let body = String(repeating: "x", count: 20) + "&access_token=SECRETSECRET"
        let redacted = Excerpt.redacted(body, limit: 40)
        #expect(!redacted.contains("SECRET"))
    }
}
