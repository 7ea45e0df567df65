import Foundation
import HTTPClient
import Testing

/// Connections are pooled, many requests share one client, and the Unix socket transport works.
@Suite struct ConnectionTests {
    @Test func send_reusesTheConnectionForASecondRequest() async throws {
        try await TestServer.with { server in
            let client = CurlHTTPClient()
            defer { client.shutdown() }

            let first = try await client.send(HTTPRequest(url: server.url("/echo")))
            let second = try await client.send(HTTPRequest(method: "POST", url: server.url("/echo"), body: [1]))

            #expect(first.newConnections == 1)
            #expect(second.newConnections == 0)
            #expect(try EchoedRequest(first).connection == EchoedRequest(second).connection)
        }
    }

    @Test func send_whenAReusedConnectionDiesUnanswered_libcurlResendsUnlessAFreshConnectionIsAsked() async throws {
        try await TestServer.with { server in
            let client = CurlHTTPClient()
            defer { client.shutdown() }
            let post = HTTPRequest(method: "POST", url: server.url("/close?reused"), body: [1])
            var freshPost = HTTPRequest(method: "POST", url: server.url("/close?fresh"), body: [1])
            freshPost.freshConnection = true

            _ = try await client.send(HTTPRequest(url: server.url("/echo")))
            let reusedError = try await #require(throws: HTTPClientError.self) { try await client.send(post) }
            _ = try await client.send(HTTPRequest(url: server.url("/echo")))
            let freshError = try await #require(throws: HTTPClientError.self) { try await client.send(freshPost) }

            #expect(reusedError.code == .connectionLost)
            #expect(freshError.code == .connectionLost)
            #expect(try await server.requestCount("POST /close?reused") == 2)
            #expect(try await server.requestCount("POST /close?fresh") == 1)
        }
    }

    @Test func sendAtMostOnce_reusesAPooledConnection_butNeverSendsTheRequestAgainWhenItDiesUnanswered() async throws {
        try await TestServer.with { server in
            let client = CurlHTTPClient()
            defer { client.shutdown() }
            var once = HTTPRequest(method: "POST", url: server.url("/echo"), body: [1])
            once.sendAtMostOnce = true
            var dying = HTTPRequest(method: "POST", url: server.url("/close?once"), body: [1])
            dying.sendAtMostOnce = true

            _ = try await client.send(HTTPRequest(url: server.url("/echo")))
            let reused = try await client.send(once)
            let error = try await #require(throws: HTTPClientError.self) { try await client.send(dying) }

            #expect(reused.newConnections == 0, "a healthy pooled connection is used")
            #expect(error.code == .connectionLost)
            #expect(error.requestMayHaveBeenSent)
            #expect(error.message.contains("it was not sent again"))
            #expect(try await server.requestCount("POST /close?once") == 1, "libcurl's own resend was stopped")
        }
    }

    @Test func send_overAUnixSocket_reachesTheServerWithTheURLHostAsHostHeader() async throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("schedulerd-http-\(UUID().uuidString.prefix(8)).sock").path
        try await TestServer.with(unixSocketPath: path) { server in
            let client = CurlHTTPClient()
            defer { client.shutdown() }
            let request = HTTPRequest(
                method: "POST", url: "http://schedulerd/echo", body: Array("{}".utf8), unixSocketPath: path
            )

            let first = try await client.send(request)
            let second = try await client.send(request)

            #expect(first.status == 200)
            let echoed = try EchoedRequest(first)
            #expect(echoed.path == "/echo")
            #expect(echoed.header("Host") == "schedulerd")
            #expect(echoed.body == "{}")
            #expect(second.newConnections == 0)
        }
    }

    @Test func send_overAMissingUnixSocket_throwsCouldNotConnect() async throws {
        let client = CurlHTTPClient()
        defer { client.shutdown() }

        let error = try await #require(throws: HTTPClientError.self) {
            try await client.send(HTTPRequest(url: "http://localhost/", unixSocketPath: "/nonexistent/schedulerd.sock"))
        }

        #expect(error.code == .couldNotConnect)
        #expect(error.message.contains("/nonexistent/schedulerd.sock"))
    }

    @Test func send_fiftyConcurrentRequestsAllComplete() async throws {
        try await TestServer.with { server in
            let client = CurlHTTPClient(configuration: .init(maxTotalConnections: 16))
            defer { client.shutdown() }
            let base = server.url("/echo")

            let paths = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<50 {
                    group.addTask {
                        let response = try await client.send(HTTPRequest(url: "\(base)?n=\(index)"))
                        return try EchoedRequest(response).path
                    }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }

            #expect(paths == Set((0..<50).map { "/echo?n=\($0)" }))
        }
    }

    @Test func send_theClientCanBeSharedByManySequentialRequests() async throws {
        try await TestServer.with { server in
            let client = CurlHTTPClient()
            defer { client.shutdown() }

            var newConnections = 0
            for index in 0..<200 {
                let response = try await client.send(HTTPRequest(url: server.url("/status/200?i=\(index)")))
                newConnections += response.newConnections
            }

            #expect(newConnections == 1)
        }
    }
}
