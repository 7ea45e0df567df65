import Logging

extension SandboxEnvironment {
    /// Records an accepted publish or upload for `GET /_sandbox/received` and logs it at debug level.
    ///
    /// The record never holds a token: callers build its body from ``RecordedBody``-filtered parameters.
    func recordAcceptance(_ record: ReceivedRequest) async {
        await recorder.record(record)
        logger.debug(
            "Sandbox accepted a request",
            metadata: [
                "sandbox.network": "\(record.network)",
                "sandbox.kind": "\(record.kind ?? "post")",
                "http.path": "\(record.path)",
                "sandbox.remote_id": "\(record.remoteID)",
            ]
        )
    }
}
