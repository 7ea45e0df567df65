import HTTPClient
import Testing

/// Requests and responses can be printed and dumped without showing secrets.
@Suite struct HTTPRequestTests {
    let request = HTTPRequest(
        method: "POST",
        url: "https://user:pa55word@api.example.com:8443/2/tweets?access_token=SECRET#frag",
        headers: [HTTPHeader("Authorization", "Bearer SECRET-TOKEN")],
        body: Array("status=SECRET-BODY".utf8)
    )

    @Test func description_showsMethodHostAndPathButNoSecrets() {
        let text = String(describing: request)

        #expect(text == "POST https://api.example.com:8443/2/tweets (1 headers, 18-byte body)")
    }

    @Test func dump_masksHeaderValuesAndTheBody() {
        var text = ""
        dump(request, to: &text)

        #expect(text.contains("Authorization: ***"))
        #expect(!text.contains("SECRET"))
        #expect(!text.contains("pa55word"))
    }

    @Test func header_isFoundCaseInsensitively() {
        #expect(request.header("authorization") == "Bearer SECRET-TOKEN")
        #expect(request.header("X-Missing") == nil)
    }

    @Test func response_headerLookupIsCaseInsensitiveAndReturnsTheFirstMatch() {
        let response = HTTPResponse(
            status: 200,
            headers: [HTTPHeader("Set-Cookie", "a=1"), HTTPHeader("set-cookie", "b=2")],
            body: Array("ok \u{FF}".utf8) + [0xFF],
            newConnections: 0
        )

        #expect(response.header("SET-COOKIE") == "a=1")
        #expect(response.bodyText == "ok \u{FF}\u{FFFD}")
        #expect(String(describing: response) == "HTTP 200 (2 headers, 6-byte body)")
    }

    @Test func errorCodes_describeThemselvesAndCompareByValue() {
        let error = HTTPClientError(code: .timedOut, message: "slow", curlCode: 28, requestMayHaveBeenSent: true)

        #expect(error.code == .timedOut)
        #expect(error.code != .couldNotConnect)
        #expect(error.description == "HTTP request failed (timed out): slow [CURLcode 28]")
    }
}
