import HTTPClient
import Synchronization

/// Fetches media over HTTP with the project's libcurl client, as the networks' crawlers do.
///
/// Redirects are followed (CDNs redirect) and nothing but the URL is sent: no cookie, no token.
/// The libcurl client (and its thread) is created on the first fetch, so a sandbox that never
/// fetches costs nothing. Kept apart from the Hummingbird files because both modules name types
/// `HTTPRequest` and `HTTPResponse`.
final class CurlMediaFetcher: MediaFetcher {
    private let client = Mutex<(any HTTPTransport)?>(nil)
    private let makeClient: @Sendable () -> any HTTPTransport
    /// How long one download may take; a real network gives up sooner than a client would wait.
    private let timeout: Duration

    init(timeout: Duration = .seconds(20), makeClient: @escaping @Sendable () -> any HTTPTransport = CurlMediaFetcher.makeCurlClient) {
        self.timeout = timeout
        self.makeClient = makeClient
    }

    /// A libcurl client that takes responses of up to 16 MB, introducing itself as a link crawler.
    @Sendable static func makeCurlClient() -> any HTTPTransport {
        CurlHTTPClient(configuration: .init(maxResponseBytes: 16 * 1024 * 1024, userAgent: "facebookexternalhit/1.1 (schedulerd sandbox)"))
    }

    private var transport: any HTTPTransport {
        client.withLock { client in
            if let client { return client }
            let made = makeClient()
            client = made
            return made
        }
    }

    func fetch(_ url: String, limit: Int) async -> MediaFetchOutcome {
        let lowered = url.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
            return .failed("only http and https URLs can be fetched")
        }
        let response: HTTPResponse
        do {
            response = try await transport.send(HTTPRequest(url: url, connectTimeout: .seconds(5), timeout: timeout, followRedirects: true))
        } catch let error as HTTPClientError where error.code == .responseTooLarge {
            return .tooLarge
        } catch let error as HTTPClientError {
            return .failed("the download failed: \(error.code)")
        } catch {
            return .failed("the download failed")
        }
        guard response.isSuccess else { return .failed("the server answered HTTP \(response.status)") }
        guard response.body.count <= limit else { return .tooLarge }
        return .fetched(contentType: response.header("Content-Type"), bytes: response.body)
    }
}
