import CCurl

/// One request in flight: its easy handle, what libcurl has delivered so far, and the task waiting.
///
/// Lives on the loop thread only. libcurl's callbacks get it as an unretained pointer, which is safe
/// because the worker holds it for exactly as long as its handle is in the multi handle.
final class CurlTransfer {
    /// The most header bytes one response may use, so the body cap cannot be dodged through headers.
    static let maxHeaderBytes = 256 * 1024

    let id: CurlTransferID
    let request: HTTPRequest
    let easy: UnsafeMutableRawPointer
    let maxResponseBytes: Int
    let startedAt = ContinuousClock.now

    private let continuation: CheckedContinuation<HTTPResponse, any Error>
    /// Owned here because libcurl keeps the pointers it was given, not copies.
    var headerList: UnsafeMutablePointer<curl_slist>?
    let errorBuffer: UnsafeMutablePointer<CChar>

    var responseHeaders: [HTTPHeader] = []
    var body: [UInt8] = []
    var headerBytes = 0
    var exceededSizeLimit = false
    /// How many times libcurl was about to send the request (its pre-request callback); with
    /// ``HTTPRequest/sendAtMostOnce`` a second time is refused.
    var sendsAttempted = 0
    var refusedASecondSend = false

    init(_ submission: CurlSubmission, easy: UnsafeMutableRawPointer, maxResponseBytes: Int) {
        self.id = submission.id
        self.request = submission.request
        self.continuation = submission.continuation
        self.easy = easy
        self.maxResponseBytes = maxResponseBytes
        let size = Int(CURL_ERROR_SIZE)
        errorBuffer = .allocate(capacity: size)
        errorBuffer.initialize(repeating: 0, count: size)
    }

    deinit {
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    /// The user data pointer handed to libcurl's callbacks.
    var opaqueSelf: UnsafeMutableRawPointer {
        Unmanaged.passUnretained(self).toOpaque()
    }

    /// Whether libcurl got as far as sending the request; read before the handle is reset.
    var requestStarted: Bool {
        var microseconds: curl_off_t = 0
        return sd_curl_getinfo_offset(easy, CURLINFO_PRETRANSFER_TIME_T, &microseconds) == CURLE_OK
            && microseconds > 0
    }

    /// The response or the error for a transfer libcurl finished with `result`.
    func outcome(_ result: CURLcode) -> Result<HTTPResponse, HTTPClientError> {
        guard result == CURLE_OK else {
            return .failure(HTTPClientError(failure(result), request: request))
        }
        var status = 0
        var connects = 0
        _ = sd_curl_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        _ = sd_curl_getinfo_long(easy, CURLINFO_NUM_CONNECTS, &connects)
        return .success(HTTPResponse(status: status, headers: responseHeaders, body: body, newConnections: connects))
    }

    func resume(with result: Result<HTTPResponse, HTTPClientError>) {
        continuation.resume(with: result)
    }

    private func failure(_ result: CURLcode) -> CurlFailure {
        var detail = String(cString: errorBuffer)
        if detail.isEmpty {
            detail = String(cString: curl_easy_strerror(result))
        }
        return CurlFailure(
            result: result,
            detail: request.scrubbed(detail),
            requestStarted: requestStarted || sendsAttempted > 0,
            refusedASecondSend: refusedASecondSend,
            exceededSizeLimit: exceededSizeLimit,
            maxResponseBytes: maxResponseBytes
        )
    }
}
