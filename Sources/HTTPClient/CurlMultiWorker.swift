import CCurl
import Foundation
import Logging

/// The loop thread's side: owns every transfer and the easy-handle pool, and drives the multi handle.
///
/// Nothing here is shared: other threads reach it only through the inbox, so it needs no locks.
final class CurlMultiWorker {
    /// How long to sleep in `curl_multi_poll` when idle; a submission wakes it sooner, and libcurl
    /// shortens it on its own when a transfer's timer is due.
    private static let idlePollMilliseconds: Int32 = 30_000
    private static let busyPollMilliseconds: Int32 = 1_000

    private let multi: CurlMultiHandle
    private let inbox: Locked<CurlInbox>
    private let configuration: CurlHTTPClient.Configuration
    private let logger: Logger
    private var transfers: [CurlTransferID: CurlTransfer] = [:]
    private var transferIDsByHandle: [UnsafeMutableRawPointer: CurlTransferID] = [:]
    private var pool: CurlEasyPool

    init(multi: CurlMultiHandle, inbox: Locked<CurlInbox>, configuration: CurlHTTPClient.Configuration, logger: Logger) {
        self.multi = multi
        self.inbox = inbox
        self.configuration = configuration
        self.logger = logger
        self.pool = CurlEasyPool(capacity: max(1, configuration.maxTotalConnections))
    }

    /// Runs until the loop is shut down, then fails what is left and frees every libcurl handle.
    func run() {
        logger.debug("HTTP client loop started", metadata: ["curl.version": "\(CurlGlobal.version)"])
        while true {
            let (submissions, cancellations, isShutDown) = takeInbox()
            if isShutDown {
                stop(failing: submissions)
                return
            }
            submissions.forEach(start)
            cancellations.forEach(cancel)
            perform()
            waitForActivity()
        }
    }

    private func takeInbox() -> ([CurlSubmission], [CurlTransferID], Bool) {
        inbox.withLock { inbox in
            defer {
                inbox.submissions.removeAll()
                inbox.cancellations.removeAll()
            }
            return (inbox.submissions, inbox.cancellations, inbox.isShutDown)
        }
    }

    private func start(_ submission: CurlSubmission) {
        guard let easy = pool.take() else {
            let error = HTTPClientError(code: .other, message: "curl_easy_init failed (out of memory?)")
            submission.continuation.resume(throwing: error)
            return
        }
        let transfer = CurlTransfer(submission, easy: easy, maxResponseBytes: configuration.maxResponseBytes)
        do {
            try transfer.configure(userAgent: configuration.userAgent, maxRedirects: configuration.maxRedirects)
        } catch {
            pool.recycle(easy)
            transfer.resume(with: .failure(error))
            return
        }
        let code = curl_multi_add_handle(multi.raw, easy)
        guard code == CURLM_OK else {
            pool.recycle(easy)
            let message = "curl_multi_add_handle failed: " + String(cString: curl_multi_strerror(code))
            transfer.resume(with: .failure(HTTPClientError(code: .other, message: message)))
            return
        }
        transfers[transfer.id] = transfer
        transferIDsByHandle[easy] = transfer.id
    }

    private func cancel(_ id: CurlTransferID) {
        // Unknown ids are transfers that finished before the cancellation arrived.
        guard let transfer = transfers.removeValue(forKey: id) else { return }
        let started = transfer.requestStarted
        detach(transfer)
        transfer.resume(with: .failure(.cancelled(transfer.request, started: started)))
    }

    /// Lets libcurl do all the work it can without blocking, then collects finished transfers.
    private func perform() {
        var running: Int32 = 0
        let code = curl_multi_perform(multi.raw, &running)
        if code != CURLM_OK {
            logger.debug("curl_multi_perform failed", metadata: ["curl.multi_code": "\(code.rawValue)"])
        }
        var queued: Int32 = 0
        while let message = curl_multi_info_read(multi.raw, &queued) {
            // Copied out first: the message is invalid once its handle is removed.
            let (kind, easy, result) = (message.pointee.msg, message.pointee.easy_handle, message.pointee.data.result)
            if kind == CURLMSG_DONE, let easy {
                finish(easy, result: result)
            }
        }
    }

    private func finish(_ easy: UnsafeMutableRawPointer, result: CURLcode) {
        guard let id = transferIDsByHandle[easy], let transfer = transfers.removeValue(forKey: id) else { return }
        let outcome = transfer.outcome(result)
        detach(transfer)
        log(transfer, outcome)
        transfer.resume(with: outcome)
    }

    /// Takes the handle out of the multi handle (its connection goes back to the cache) and pools it.
    private func detach(_ transfer: CurlTransfer) {
        _ = curl_multi_remove_handle(multi.raw, transfer.easy)
        transferIDsByHandle[transfer.easy] = nil
        pool.recycle(transfer.easy)
    }

    private func waitForActivity() {
        let timeout = transfers.isEmpty ? Self.idlePollMilliseconds : Self.busyPollMilliseconds
        let code = curl_multi_poll(multi.raw, nil, 0, timeout, nil)
        if code != CURLM_OK {
            logger.debug("curl_multi_poll failed", metadata: ["curl.multi_code": "\(code.rawValue)"])
            // Never spin: a poll that fails at once would otherwise take a whole core.
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    private func stop(failing submissions: [CurlSubmission]) {
        for submission in submissions {
            submission.continuation.resume(throwing: HTTPClientError.shutDown(submission.request, started: false))
        }
        for transfer in transfers.values {
            let started = transfer.requestStarted
            detach(transfer)
            transfer.resume(with: .failure(.shutDown(transfer.request, started: started)))
        }
        transfers.removeAll()
        pool.removeAll()
        curl_multi_cleanup(multi.raw)
        logger.debug("HTTP client loop stopped")
    }

    private func log(_ transfer: CurlTransfer, _ outcome: Result<HTTPResponse, HTTPClientError>) {
        guard logger.logLevel <= .debug else { return }
        let elapsed = ContinuousClock.now - transfer.startedAt
        var metadata: Logger.Metadata = [
            "http.method": "\(transfer.request.method)",
            "http.url": "\(RedactedURL(transfer.request.url).display)",
            "http.duration_ms": "\(elapsed.curlMilliseconds)",
        ]
        switch outcome {
        case .success(let response):
            metadata["http.status"] = "\(response.status)"
            metadata["http.new_connections"] = "\(response.newConnections)"
            logger.debug("HTTP request finished", metadata: metadata)
        case .failure(let error):
            metadata["http.error"] = "\(error.code)"
            metadata["curl.code"] = "\(error.curlCode ?? 0)"
            logger.debug("HTTP request failed", metadata: metadata)
        }
    }
}
