/// The sandbox's memory of what every network accepted and refused, in arrival order.
///
/// One actor shared by all network emulations, so `GET /_sandbox/received` shows a single timeline
/// and a test can assert on exactly what reached "the network".
public actor Recorder {
    private var accepted: [ReceivedRequest] = []
    private var refused: [RejectedRequest] = []

    public init() {}

    /// Remembers an accepted publish.
    public func record(_ request: ReceivedRequest) {
        accepted.append(request)
    }

    /// Remembers a refused request.
    public func record(_ request: RejectedRequest) {
        refused.append(request)
    }

    /// Every accepted publish, oldest first.
    public func received() -> [ReceivedRequest] {
        accepted
    }

    /// Every refused request, oldest first.
    public func rejected() -> [RejectedRequest] {
        refused
    }
}
