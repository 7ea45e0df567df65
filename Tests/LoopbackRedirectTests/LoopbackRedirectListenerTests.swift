import HTTPClient
import LoopbackRedirect
import Testing

/// Real sockets and the real libcurl client: the listener is only useful if a browser-like client reaches it.
@Suite("LoopbackRedirectListener")
struct LoopbackRedirectListenerTests {
    @Test func redirectURI_isTheLoopbackAddressWithTheKernelsPort() throws {
        let listener = try LoopbackRedirectListener()
        defer { listener.close() }
        #expect(listener.port > 0)
        #expect(listener.redirectURI == "http://127.0.0.1:\(listener.port)/callback")
    }

    @Test func waitForRedirect_returnsTheFullURLOfTheFirstGETOnItsPath() async throws {
        let listener = try LoopbackRedirectListener(path: "/oauth/done")
        defer { listener.close() }
        let client = CurlHTTPClient()
        defer { client.shutdown() }

        async let redirect = listener.waitForRedirect(timeout: .seconds(20))
        let favicon = try await client.send(HTTPRequest(url: "http://127.0.0.1:\(listener.port)/favicon.ico"))
        let response = try await client.send(HTTPRequest(url: listener.redirectURI + "?code=abc%2F1&state=xyz"))

        #expect(try await redirect == listener.redirectURI + "?code=abc%2F1&state=xyz")
        #expect(favicon.status == 404)
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        #expect(response.header("Referrer-Policy") == "no-referrer")
        #expect(response.bodyText.contains("You can close this window"))
    }

    @Test func aRedirectThatArrivedBeforeTheWait_isStillCaught() async throws {
        let listener = try LoopbackRedirectListener()
        defer { listener.close() }
        let client = CurlHTTPClient()
        defer { client.shutdown() }

        async let response = client.send(HTTPRequest(url: listener.redirectURI + "?code=early"))
        let redirect = try await listener.waitForRedirect(timeout: .seconds(20))
        #expect(redirect == listener.redirectURI + "?code=early")
        #expect(try await response.status == 200)
    }

    @Test func aPOSTToThePath_isRefused_andTheWaitGoesOn() async throws {
        let listener = try LoopbackRedirectListener()
        defer { listener.close() }
        let client = CurlHTTPClient()
        defer { client.shutdown() }

        async let redirect = listener.waitForRedirect(timeout: .seconds(20))
        let post = try await client.send(HTTPRequest(method: "POST", url: listener.redirectURI, body: Array("code=x".utf8)))
        _ = try await client.send(HTTPRequest(url: listener.redirectURI + "?code=real"))
        #expect(post.status == 405)
        #expect(try await redirect.hasSuffix("?code=real"))
    }

    @Test func anOversizedRequest_isCutOffAt16KiB_andTheWaitGoesOn() async throws {
        let listener = try LoopbackRedirectListener()
        defer { listener.close() }
        let client = CurlHTTPClient()
        defer { client.shutdown() }

        async let redirect = listener.waitForRedirect(timeout: .seconds(20))
        let huge = HTTPRequest(url: listener.redirectURI + "?code=huge", headers: [HTTPHeader("X-Padding", String(repeating: "a", count: 20_000))])
        // The listener answers 431 and closes as soon as 16 KiB arrived; curl may still be sending and see a reset.
        let status = try? await client.send(huge).status
        #expect(status == nil || status == 431)
        _ = try await client.send(HTTPRequest(url: listener.redirectURI + "?code=real"))
        #expect(try await redirect.hasSuffix("?code=real"))
    }

    @Test func waitForRedirect_withNoBrowser_timesOut() async throws {
        let listener = try LoopbackRedirectListener()
        defer { listener.close() }
        let error = try #require(await #expect(throws: LoopbackRedirectError.self) { try await listener.waitForRedirect(timeout: .milliseconds(50)) })
        #expect(error.code == .timedOut)
        #expect(error.message.contains("No browser came back"))
    }

    @Test func afterClose_connectingIsRefused_andWaitingFails() async throws {
        let listener = try LoopbackRedirectListener()
        listener.close()
        listener.close()
        let client = CurlHTTPClient()
        defer { client.shutdown() }

        await expectNoLongerServed(listener, by: client)
        let error = try #require(await #expect(throws: LoopbackRedirectError.self) { try await listener.waitForRedirect(timeout: .seconds(5)) })
        #expect(error.code == .cancelled)
    }

    @Test func closeDuringAWait_endsTheWait_andRefusesConnections() async throws {
        let listener = try LoopbackRedirectListener()
        let client = CurlHTTPClient()
        defer { client.shutdown() }

        let waiting = Task { try await listener.waitForRedirect(timeout: .seconds(30)) }
        // An answered favicon request proves the wait is running before it is closed.
        let favicon = try await client.send(HTTPRequest(url: "http://127.0.0.1:\(listener.port)/favicon.ico"))
        #expect(favicon.status == 404)
        listener.close()
        let error = try #require(await #expect(throws: LoopbackRedirectError.self) { try await waiting.value })
        #expect(error.code == .cancelled)
        await expectNoLongerServed(listener, by: client)
    }

    /// A closed listener's port is free, and a server of a test running beside this one may be
    /// given it by the kernel at once. So: either the connection is refused, or what answers is
    /// not this listener (whose every answer carries `Referrer-Policy: no-referrer`).
    private func expectNoLongerServed(_ listener: LoopbackRedirectListener, by client: CurlHTTPClient, sourceLocation: SourceLocation = #_sourceLocation) async {
        do {
            let answer = try await client.send(HTTPRequest(url: listener.redirectURI))
            #expect(answer.header("Referrer-Policy") != "no-referrer", "a closed listener answered \(answer.status)", sourceLocation: sourceLocation)
        } catch let error as HTTPClientError {
            #expect(error.code == .couldNotConnect, "\(error)", sourceLocation: sourceLocation)
        } catch {
            Issue.record(error, "not an HTTPClientError", sourceLocation: sourceLocation)
        }
    }

    @Test func cancellingTheWaitingTask_endsTheWait() async throws {
        let listener = try LoopbackRedirectListener()
        defer { listener.close() }
        let task = Task { try await listener.waitForRedirect(timeout: .seconds(30)) }
        task.cancel()
        let error = try #require(await #expect(throws: LoopbackRedirectError.self) { try await task.value })
        #expect(error.code == .cancelled)
    }

    @Test func aPathWithoutALeadingSlash_isRefused() {
        #expect(throws: LoopbackRedirectError.self) { try LoopbackRedirectListener(path: "callback") }
    }
}
