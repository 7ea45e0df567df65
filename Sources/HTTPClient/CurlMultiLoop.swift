import CCurl
import Dispatch
import Foundation
import Logging

typealias CurlTransferID = UInt64

/// A request on its way to the loop thread, with the task waiting for it.
struct CurlSubmission: Sendable {
    let id: CurlTransferID
    let request: HTTPRequest
    let continuation: CheckedContinuation<HTTPResponse, any Error>
}

/// What callers' threads leave for the loop thread, behind one lock.
struct CurlInbox {
    var submissions: [CurlSubmission] = []
    var cancellations: [CurlTransferID] = []
    var isShutDown = false
    var lastID: CurlTransferID = 0
}

/// The multi handle, passed from the creating thread to the loop thread.
///
/// Unchecked because a raw pointer cannot prove its own thread-safety: apart from creation, only the
/// loop thread uses it, except `curl_multi_wakeup`, which libcurl documents as callable from any
/// thread and which is only called under the inbox lock while the loop has not been told to stop;
/// the loop cleans the handle up only after it has seen that stop.
struct CurlMultiHandle: @unchecked Sendable {
    let raw: UnsafeMutableRawPointer

    func wakeUp() {
        _ = curl_multi_wakeup(raw)
    }
}

/// The thread-safe front of the one thread that drives libcurl.
///
/// Callers' tasks queue submissions and cancellations here and wake the thread; the thread
/// (``CurlMultiWorker``) runs every transfer on one multi handle and resumes each task when its
/// transfer ends. One thread serves all requests, however many, and all of them share one
/// connection cache.
final class CurlMultiLoop: Sendable {
    private let inbox = Locked(CurlInbox())
    private let multi: CurlMultiHandle?
    /// Set when libcurl could not be set up; every request then fails with it.
    private let unavailableReason: String?
    /// Left by the loop thread when it has stopped and freed libcurl's handles.
    private let stopped = DispatchGroup()

    init(configuration: CurlHTTPClient.Configuration, logger: Logger) {
        let multi: CurlMultiHandle
        switch Self.makeMultiHandle(configuration: configuration) {
        case .success(let handle):
            multi = handle
        case .failure(let error):
            unavailableReason = error.message
            inbox.withLock { $0.isShutDown = true }
            self.multi = nil
            return
        }
        self.multi = multi
        self.unavailableReason = nil
        stopped.enter()
        let thread = Thread { [inbox, stopped] in
            CurlMultiWorker(multi: multi, inbox: inbox, configuration: configuration, logger: logger).run()
            stopped.leave()
        }
        thread.name = "schedulerd-curl"
        thread.start()
    }

    /// Sends `request` through the loop and waits for its response, cancellably.
    func execute(_ request: HTTPRequest) async throws -> HTTPResponse {
        let id = inbox.withLock { inbox in
            inbox.lastID &+= 1
            return inbox.lastID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                submit(CurlSubmission(id: id, request: request, continuation: continuation))
            }
        } onCancel: {
            cancel(id)
        }
    }

    /// Stops the thread, failing queued and in-flight requests with `.shutDown`; waits until it has stopped.
    ///
    /// Never called on the loop thread: it runs no caller code (continuations resume on their tasks'
    /// executors) and holds no reference to the client whose `deinit` calls this.
    func shutdown() {
        inbox.withLock { inbox in
            guard !inbox.isShutDown else { return }
            inbox.isShutDown = true
            multi?.wakeUp()
        }
        if multi != nil {
            stopped.wait()
        }
    }

    private enum Admission {
        case queued, cancelled, refused
    }

    private func submit(_ submission: CurlSubmission) {
        let admission = inbox.withLock { inbox -> Admission in
            if inbox.isShutDown { return .refused }
            // Checked under the lock: a cancellation handler that ran before this point saw nothing to cancel.
            if Task.isCancelled { return .cancelled }
            inbox.submissions.append(submission)
            multi?.wakeUp()
            return .queued
        }
        switch admission {
        case .queued:
            break
        case .cancelled:
            submission.continuation.resume(throwing: HTTPClientError.cancelled(submission.request, started: false))
        case .refused:
            submission.continuation.resume(throwing: refusal(for: submission.request))
        }
    }

    /// A queued request is failed here at once; one already on the loop thread is removed there.
    private func cancel(_ id: CurlTransferID) {
        let queued = inbox.withLock { inbox -> CurlSubmission? in
            if let index = inbox.submissions.firstIndex(where: { $0.id == id }) {
                return inbox.submissions.remove(at: index)
            }
            if !inbox.isShutDown {
                inbox.cancellations.append(id)
                multi?.wakeUp()
            }
            return nil
        }
        if let queued {
            queued.continuation.resume(throwing: HTTPClientError.cancelled(queued.request, started: false))
        }
    }

    private func refusal(for request: HTTPRequest) -> HTTPClientError {
        guard let unavailableReason else { return .shutDown(request, started: false) }
        return HTTPClientError(code: .other, message: "libcurl is unavailable: \(unavailableReason)")
    }

    private static func makeMultiHandle(
        configuration: CurlHTTPClient.Configuration
    ) -> Result<CurlMultiHandle, HTTPClientError> {
        if let failure = CurlGlobal.initializationFailure {
            return .failure(HTTPClientError(code: .other, message: failure))
        }
        guard let raw = curl_multi_init() else {
            return .failure(HTTPClientError(code: .other, message: "curl_multi_init failed (out of memory?)"))
        }
        let connections = max(1, configuration.maxTotalConnections)
        // Beyond this many open connections, transfers wait in libcurl's queue for a free one.
        _ = sd_curl_multi_setopt_long(raw, CURLMOPT_MAX_TOTAL_CONNECTIONS, connections)
        // Keep as many idle connections as may be open, so a burst's connections are all reusable.
        _ = sd_curl_multi_setopt_long(raw, CURLMOPT_MAXCONNECTS, connections)
        return .success(CurlMultiHandle(raw: raw))
    }
}
