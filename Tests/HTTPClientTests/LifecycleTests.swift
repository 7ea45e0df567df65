import Foundation
import HTTPClient
import Testing

/// Cancellation and shutdown end requests promptly with their own error codes.
@Suite struct LifecycleTests {
    @Test func send_whenTheTaskIsCancelled_throwsCancelledPromptly() async throws {
        try await TestServer.with { server in
            let client = CurlHTTPClient()
            defer { client.shutdown() }
            let request = HTTPRequest(url: server.url("/slow/10000"))
            let task = Task { try await client.send(request) }
            try await server.waitForRequest("GET /slow")

            let cancelledAt = ContinuousClock.now
            task.cancel()
            let result = await task.result

            #expect(ContinuousClock.now - cancelledAt < .seconds(3))  // the server would take 10 s
            let error = try #require(result.failureAsHTTPClientError)
            #expect(error.code == .cancelled)
            #expect(error.requestMayHaveBeenSent)
        }
    }

    @Test func send_whenTheTaskIsAlreadyCancelled_sendsNothing() async throws {
        try await TestServer.with { server in
            let client = CurlHTTPClient()
            defer { client.shutdown() }
            let request = HTTPRequest(url: server.url("/echo"))

            let result = await Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await client.send(request)
            }.result

            let error = try #require(result.failureAsHTTPClientError)
            #expect(error.code == .cancelled)
            #expect(!error.requestMayHaveBeenSent)
            // The client still works afterwards.
            let response = try await client.send(request)
            #expect(response.status == 200)
        }
    }

    @Test func shutdown_failsInFlightRequestsAndEveryLaterOne() async throws {
        try await TestServer.with { server in
            let client = CurlHTTPClient()
            let request = HTTPRequest(url: server.url("/slow/10000"))
            let task = Task { try await client.send(request) }
            try await server.waitForRequest("GET /slow")

            let shutDownAt = ContinuousClock.now
            client.shutdown()
            let inFlight = try #require(await task.result.failureAsHTTPClientError)
            let later = try await #require(throws: HTTPClientError.self) {
                try await client.send(HTTPRequest(url: server.url("/echo")))
            }

            #expect(ContinuousClock.now - shutDownAt < .seconds(3))  // the server would take 10 s
            #expect(inFlight.code == .shutDown)
            #expect(later.code == .shutDown)
            #expect(!later.requestMayHaveBeenSent)
            client.shutdown()  // a second call is harmless
        }
    }

    @Test func clientsCanBeCreatedAndDroppedRepeatedly() async throws {
        try await TestServer.with { server in
            for _ in 0..<20 {
                let client = CurlHTTPClient()
                let response = try await client.send(HTTPRequest(url: server.url("/status/204")))
                #expect(response.status == 204)
            }
        }
    }
}

extension Result {
    /// The failure, when it is an ``HTTPClientError``.
    var failureAsHTTPClientError: HTTPClientError? {
        guard case .failure(let error) = self else { return nil }
        return error as? HTTPClientError
    }
}
