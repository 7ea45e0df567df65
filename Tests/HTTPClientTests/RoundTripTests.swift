import Foundation
import HTTPClient
import Testing

/// Requests reach a real server intact and its responses come back intact.
@Suite struct RoundTripTests {
    @Test func send_getRoundTripsMethodPathAndHeaders() async throws {
        try await TestServer.with { server in
            let client = CurlHTTPClient(configuration: .init(userAgent: "schedulerd-tests"))
            defer { client.shutdown() }

            let response = try await client.send(
                HTTPRequest(url: server.url("/echo?q=1"), headers: [HTTPHeader("X-Trace", "abc 123")])
            )

            #expect(response.status == 200)
            #expect(response.header("content-type") == "application/json")
            let echoed = try EchoedRequest(response)
            #expect(echoed.method == "GET")
            #expect(echoed.path == "/echo?q=1")
            #expect(echoed.header("X-Trace") == "abc 123")
            #expect(echoed.header("User-Agent") == "schedulerd-tests")
            #expect(echoed.bodyLength == 0)
        }
    }

    @Test func send_postRoundTripsTheBodyWithoutExpectOrAnInventedContentType() async throws {
        try await TestServer.with { server in
            let client = CurlHTTPClient()
            defer { client.shutdown() }
            let body = Array("{\"text\":\"héllo\"}".utf8)

            let response = try await client.send(
                HTTPRequest(method: "POST", url: server.url("/echo"), body: body)
            )

            let echoed = try EchoedRequest(response)
            #expect(echoed.method == "POST")
            #expect(echoed.body == "{\"text\":\"héllo\"}")
            #expect(echoed.header("Content-Length") == "\(body.count)")
            #expect(echoed.header("Content-Type") == nil)
            #expect(echoed.header("Expect") == nil)
        }
    }

    @Test func send_postOfALargeBodyIsNotHeldBackByExpectContinue() async throws {
        try await TestServer.with { server in
            let client = CurlHTTPClient()
            defer { client.shutdown() }
            let body = (0..<(3 * 1024 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 31) }

            let response = try await client.send(
                HTTPRequest(
                    method: "POST", url: server.url("/echo"),
                    headers: [HTTPHeader("Content-Type", "application/octet-stream")], body: body,
                    timeout: .seconds(20)
                )
            )

            let echoed = try EchoedRequest(response)
            #expect(echoed.bodyLength == body.count)
            #expect(echoed.header("Expect") == nil)
            #expect(echoed.header("Content-Type") == "application/octet-stream")
        }
    }

    @Test(arguments: ["PUT", "PATCH", "DELETE"])
    func send_usesTheRequestedMethodWithOrWithoutABody(method: String) async throws {
        try await TestServer.with { server in
            let client = CurlHTTPClient()
            defer { client.shutdown() }

            let withBody = try EchoedRequest(
                await client.send(HTTPRequest(method: method, url: server.url("/echo"), body: Array("x=1".utf8)))
            )
            let withoutBody = try EchoedRequest(await client.send(HTTPRequest(method: method, url: server.url("/echo"))))

            #expect(withBody.method == method)
            #expect(withBody.body == "x=1")
            #expect(withoutBody.method == method)
            #expect(withoutBody.bodyLength == 0)
        }
    }

    @Test func send_headReturnsHeadersWithoutWaitingForABody() async throws {
        try await TestServer.with { server in
            let client = CurlHTTPClient()
            defer { client.shutdown() }

            let response = try await client.send(HTTPRequest(method: "HEAD", url: server.url("/echo")))

            #expect(response.status == 200)
            #expect(response.body.isEmpty)
            #expect(response.header("Content-Length") != nil)
        }
    }

    @Test(arguments: [201, 204, 301, 400, 401, 404, 429, 500, 503])
    func send_passesTheStatusCodeThrough(status: Int) async throws {
        try await TestServer.with { server in
            let client = CurlHTTPClient()
            defer { client.shutdown() }

            let response = try await client.send(HTTPRequest(url: server.url("/status/\(status)")))

            #expect(response.status == status)
            #expect(response.bodyText == (status == 204 ? "" : "status \(status)"))
        }
    }

    @Test func send_keepsRepeatedResponseHeadersInOrder() async throws {
        try await TestServer.with { server in
            let client = CurlHTTPClient()
            defer { client.shutdown() }

            let response = try await client.send(HTTPRequest(url: server.url("/echo")))

            #expect(response.headers.filter { $0.name == "X-Echo" }.map(\.value) == ["first", "second"])
            #expect(response.header("x-echo") == "first")
        }
    }

    @Test func send_returnsOnlyTheFinalResponseAfterAnInterimOne() async throws {
        try await TestServer.with { server in
            let client = CurlHTTPClient()
            defer { client.shutdown() }

            let response = try await client.send(HTTPRequest(url: server.url("/interim")))

            #expect(response.status == 200)
            #expect(response.header("Link") == nil)
            #expect(response.header("X-Final") == "yes")
            #expect(response.bodyText == "final")
        }
    }

    @Test func send_doesNotFollowARedirectUnlessAsked() async throws {
        try await TestServer.with { server in
            let client = CurlHTTPClient()
            defer { client.shutdown() }

            let unfollowed = try await client.send(HTTPRequest(url: server.url("/redirect")))
            let followed = try await client.send(HTTPRequest(url: server.url("/redirect"), followRedirects: true))

            #expect(unfollowed.status == 302)
            #expect(unfollowed.header("Location") == "/echo")
            #expect(followed.status == 200)
            #expect(followed.header("Location") == nil)
            #expect(try EchoedRequest(followed).path == "/echo")
        }
    }

    @Test func send_acceptsABodyUpToTheLimit() async throws {
        try await TestServer.with { server in
            let client = CurlHTTPClient()
            defer { client.shutdown() }

            let response = try await client.send(HTTPRequest(url: server.url("/huge/\(4 * 1024 * 1024)")))

            #expect(response.status == 200)
            #expect(response.body.count == 4 * 1024 * 1024)
        }
    }
}
