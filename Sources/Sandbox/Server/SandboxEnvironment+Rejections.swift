#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import Logging

extension SandboxEnvironment {
    /// Records a refused request for `GET /_sandbox/rejected` and logs it at debug level.
    ///
    /// Only the reason is kept: never the body of an OAuth request, which carries codes, verifiers and secrets.
    func recordRejection(network: String, request: Request, status: Int, reasonCode: String, reason: String, at receivedAt: Date) async {
        await recorder.record(RejectedRequest(
            network: network,
            receivedAt: SandboxTimestamp.rfc3339(receivedAt),
            method: request.method.rawValue,
            path: request.uri.path,
            status: status,
            reasonCode: reasonCode,
            reason: reason
        ))
        logger.debug(
            "Sandbox refused a request",
            metadata: [
                "sandbox.network": "\(network)",
                "http.path": "\(request.uri.path)",
                "http.status": "\(status)",
                "sandbox.reason": "\(reasonCode)",
            ]
        )
    }
}
