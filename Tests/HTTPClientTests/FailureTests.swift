import Foundation
import HTTPClient
import TestHTTPReceiver
import Testing

/// Each way a request can fail surfaces as its own error code, promptly and without secrets.
@Suite struct FailureTests {
    @Test func send_whenTheServerIsTooSlow_throwsTimedOut() async throws {
        try await TestServer.with { server in
            let client = CurlHTTPClient()
            defer { client.shutdown() }
            let started = ContinuousClock.now

            let error = try await #require(throws: HTTPClientError.self) {
                try await client.send(HTTPRequest(url: server.url("/slow/10000"), timeout: .milliseconds(400)))
            }

            #expect(error.code == .timedOut)
            #expect(error.curlCode == 28)
            #expect(error.requestMayHaveBeenSent)
            #expect(ContinuousClock.now - started < .seconds(5))
        }
    }

    /// The port is held bound and not listening for the whole test (``ReservedPort``): a server's port let go could be
    /// given to another test's server before the request, which then answered it (a fresh clone's run got a 404).
    @Test func send_whenNothingListens_throwsCouldNotConnectAndSentNothing() async throws {
        let nothingListens = try ReservedPort()
        let deadURL = "http://127.0.0.1:\(nothingListens.port)/echo"
        let client = CurlHTTPClient()
        defer { client.shutdown() }

        let error = try await #require(throws: HTTPClientError.self) {
            try await client.send(HTTPRequest(url: deadURL))
        }

        #expect(error.code == .couldNotConnect)
        #expect(error.curlCode == 7)
        #expect(!error.requestMayHaveBeenSent)
        #expect(error.message.contains("127.0.0.1"))
        withExtendedLifetime(nothingListens) {}  // held until the request has failed
    }

    @Test func send_whenTheServerClosesWithoutAnswering_throwsConnectionLost() async throws {
        try await TestServer.with { server in
            let client = CurlHTTPClient()
            defer { client.shutdown() }

            let error = try await #require(throws: HTTPClientError.self) {
                try await client.send(HTTPRequest(method: "POST", url: server.url("/close"), body: [1, 2, 3]))
            }

            #expect(error.code == .connectionLost)
            #expect(error.curlCode == 52)
            #expect(error.requestMayHaveBeenSent)
        }
    }

    @Test(arguments: ["", "?chunked=1"])
    func send_whenTheBodyExceedsTheLimit_throwsResponseTooLarge(query: String) async throws {
        try await TestServer.with { server in
            let client = CurlHTTPClient(configuration: .init(maxResponseBytes: 1024 * 1024))
            defer { client.shutdown() }

            let error = try await #require(throws: HTTPClientError.self) {
                try await client.send(HTTPRequest(url: server.url("/huge/\(4 * 1024 * 1024)\(query)")))
            }

            #expect(error.code == .responseTooLarge)
            #expect(error.message.contains("1048576"))
        }
    }

    @Test func send_withTheDefaultLimit_refusesABodyOver16MiB() async throws {
        try await TestServer.with { server in
            let client = CurlHTTPClient()
            defer { client.shutdown() }

            let error = try await #require(throws: HTTPClientError.self) {
                try await client.send(HTTPRequest(url: server.url("/huge/\(17 * 1024 * 1024)?chunked=1")))
            }

            #expect(error.code == .responseTooLarge)
        }
    }

    @Test func send_aNewRequestWorksOnTheSameClientAfterAFailure() async throws {
        try await TestServer.with { server in
            let client = CurlHTTPClient(configuration: .init(maxResponseBytes: 1024))
            defer { client.shutdown() }

            await #expect(throws: HTTPClientError.self) {
                try await client.send(HTTPRequest(url: server.url("/huge/100000")))
            }
            let response = try await client.send(HTTPRequest(url: server.url("/status/200")))

            #expect(response.status == 200)
        }
    }

    @Test func errorDescriptions_neverContainTheAuthorizationValueOrTheQuery() async throws {
        let signature = "OAuth oauth_signature=\"c2VjcmV0LXNpZ25hdHVyZQ%3D%3D\", oauth_token=\"tok-SECRET-123456\""
        let headers = [HTTPHeader("Authorization", signature), HTTPHeader("X-Api-Key", "key-SECRET-abcdef")]
        var errors: [HTTPClientError] = []
        let nothingListens = try ReservedPort()
        try await TestServer.with { server in
            let client = CurlHTTPClient(configuration: .init(maxResponseBytes: 10))
            defer { client.shutdown() }
            for path in ["/close", "/slow/5000", "/huge/100"] {
                let request = HTTPRequest(
                    method: "POST", url: server.url(path + "?access_token=QUERY-SECRET"), headers: headers,
                    body: Array("password=BODY-SECRET".utf8), timeout: .milliseconds(300)
                )
                errors.append(try await #require(throws: HTTPClientError.self) { try await client.send(request) })
            }
            let refused = HTTPRequest(url: "http://127.0.0.1:\(nothingListens.port)/?access_token=QUERY-SECRET", headers: headers)
            errors.append(try await #require(throws: HTTPClientError.self) { try await client.send(refused) })
        }

        withExtendedLifetime(nothingListens) {}
        #expect(errors.map(\.code) == [.connectionLost, .timedOut, .responseTooLarge, .couldNotConnect])
        for error in errors {
            for text in [String(describing: error), String(reflecting: error), error.message] {
                for secret in ["SECRET", "c2VjcmV0", "oauth_signature"] {
                    #expect(!text.contains(secret), "\(error.code) leaks \(secret)")
                }
            }
        }
    }

    @Test func send_withALineBreakInAHeaderValue_isRejectedBeforeSending() async throws {
        try await TestServer.with { server in
            let client = CurlHTTPClient()
            defer { client.shutdown() }
            let smuggling = HTTPHeader("X-Note", "a\r\nAuthorization: Bearer SECRET")

            let error = try await #require(throws: HTTPClientError.self) {
                try await client.send(HTTPRequest(url: server.url("/echo"), headers: [smuggling]))
            }

            #expect(error.code == .invalidRequest)
            #expect(!error.requestMayHaveBeenSent)
            #expect(!error.description.contains("SECRET"))
        }
    }

    @Test(arguments: ["file:///etc/passwd", "ftp://127.0.0.1/", "http://exa mple.com/", "/relative"])
    func send_withAURLThatIsNotHTTP_isRejected(url: String) async throws {
        let client = CurlHTTPClient()
        defer { client.shutdown() }

        let error = try await #require(throws: HTTPClientError.self) {
            try await client.send(HTTPRequest(url: url))
        }

        #expect(error.code == .invalidRequest)
    }

    @Test func send_withAnInvalidMethod_isRejected() async throws {
        let client = CurlHTTPClient()
        defer { client.shutdown() }

        let error = try await #require(throws: HTTPClientError.self) {
            try await client.send(HTTPRequest(method: "GET /x HTTP/1.1\r\n", url: "http://127.0.0.1/"))
        }

        #expect(error.code == .invalidRequest)
    }
}
