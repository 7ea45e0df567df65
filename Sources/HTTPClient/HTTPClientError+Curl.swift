import CCurl

/// What a finished transfer knew about its failure, gathered on the loop thread before the handle is reset.
struct CurlFailure {
    var result: CURLcode
    /// libcurl's own explanation (its error buffer, or `curl_easy_strerror`), already scrubbed of secrets.
    var detail: String
    /// Whether libcurl got as far as sending the request (CURLINFO_PRETRANSFER_TIME_T was set).
    var requestStarted: Bool
    /// Whether our pre-request callback stopped libcurl from sending a ``HTTPRequest/sendAtMostOnce`` request again.
    var refusedASecondSend: Bool = false
    /// Whether our write callback stopped the transfer because of the size cap.
    var exceededSizeLimit: Bool
    var maxResponseBytes: Int
}

extension HTTPClientError {
    /// Maps a `CURLcode` to a code a caller can act on, keeping the raw value.
    init(_ failure: CurlFailure, request: HTTPRequest) {
        let target = Self.target(of: request)
        let raw = Int32(bitPattern: failure.result.rawValue)
        // Without its final full stop: it goes inside a sentence of ours (issue 25, bug 16: "..").
        var detail = Substring(failure.detail)
        while detail.last == "." || detail.last == " " { detail.removeLast() }
        switch failure.result {
        case CURLE_ABORTED_BY_CALLBACK where failure.refusedASecondSend:
            self.init(code: .connectionLost,
                      message: "the connection to \(target) died after the request was sent, before any answer; it was not sent again. "
                          + "The request may have been received.",
                      curlCode: raw, requestMayHaveBeenSent: true)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT:
            self.init(code: .couldNotConnect,
                      message: "could not connect to \(target): \(detail). Check that the server is running and the address is right.",
                      curlCode: raw)
        case CURLE_OPERATION_TIMEDOUT:
            let sent = failure.requestStarted ? "the request was sent" : "nothing was sent"
            self.init(code: .timedOut,
                      message: "\(target) did not answer in time (\(detail)); \(sent). Limits: connect \(request.connectTimeout), total \(request.timeout).",
                      curlCode: raw, requestMayHaveBeenSent: failure.requestStarted)
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE, CURLE_HTTP2,
            CURLE_HTTP2_STREAM:
            self.init(code: .connectionLost,
                      message: "the connection to \(target) failed before a complete response arrived: \(detail). The request may have been received.",
                      curlCode: raw, requestMayHaveBeenSent: true)
        case CURLE_WRITE_ERROR where failure.exceededSizeLimit, CURLE_FILESIZE_EXCEEDED:
            self.init(code: .responseTooLarge,
                      message: "the response from \(target) is larger than the \(failure.maxResponseBytes)-byte limit (Configuration.maxResponseBytes); it was discarded.",
                      curlCode: raw, requestMayHaveBeenSent: true)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS:
            self.init(code: .tlsFailure,
                      message: "TLS with \(target) failed: \(detail). Check the server's certificate and the system's CA certificates.",
                      curlCode: raw)
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL:
            self.init(code: .invalidRequest,
                      message: "libcurl refused the URL for \(target): \(detail). Use an absolute http:// or https:// URL.",
                      curlCode: raw)
        default:
            self.init(code: .other,
                      message: "the transfer with \(target) failed: \(detail).",
                      curlCode: raw, requestMayHaveBeenSent: failure.requestStarted)
        }
    }

    /// Where the request was going, in words safe to show: host and port, or the socket path.
    static func target(of request: HTTPRequest) -> String {
        if let path = request.unixSocketPath {
            return "the Unix socket \(path)"
        }
        return RedactedURL(request.url).authority
    }

    static func invalidRequest(_ message: String) -> HTTPClientError {
        HTTPClientError(code: .invalidRequest, message: message)
    }

    static func cancelled(_ request: HTTPRequest, started: Bool) -> HTTPClientError {
        HTTPClientError(
            code: .cancelled,
            message: "the request to \(target(of: request)) was cancelled by its task"
                + (started ? " while in flight." : " before it was sent."),
            requestMayHaveBeenSent: started
        )
    }

    static func shutDown(_ request: HTTPRequest, started: Bool) -> HTTPClientError {
        HTTPClientError(
            code: .shutDown,
            message: "the HTTP client was shut down"
                + (started ? " while the request to \(target(of: request)) was in flight." : "; create a new client to send requests."),
            requestMayHaveBeenSent: started
        )
    }
}
