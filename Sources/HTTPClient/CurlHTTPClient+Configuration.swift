extension CurlHTTPClient {
    /// Limits and identity shared by every request of one client.
    public struct Configuration: Sendable {
        /// The largest response body accepted; a larger one fails with `.responseTooLarge`, so a
        /// hostile or broken server cannot exhaust memory.
        public var maxResponseBytes: Int
        /// How many connections may be open at once, over all hosts; further requests wait their turn.
        public var maxTotalConnections: Int
        /// Sent as `User-Agent` unless a request sets its own.
        public var userAgent: String
        /// How many redirects a request with `followRedirects` may follow.
        public var maxRedirects: Int

        public init(
            maxResponseBytes: Int = 16 * 1024 * 1024,
            maxTotalConnections: Int = 32,
            userAgent: String = "schedulerd",
            maxRedirects: Int = 5
        ) {
            self.maxResponseBytes = maxResponseBytes
            self.maxTotalConnections = maxTotalConnections
            self.userAgent = userAgent
            self.maxRedirects = maxRedirects
        }
    }
}
