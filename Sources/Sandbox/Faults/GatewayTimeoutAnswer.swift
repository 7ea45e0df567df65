import Hummingbird

/// What a load balancer in front of a network sends when the network is too slow to answer: a 504 with
/// an HTML page, not the network's JSON error shape.
///
/// The `gateway_timeout` fault sends it after the network has processed the request, so a client learns
/// that a 5xx to a publishing request can arrive after the post was made, and that a body it cannot read
/// as the network's error says nothing about what was done.
enum GatewayTimeoutAnswer {
    /// The page, as a typical gateway words it.
    static let page = """
        <html>
        <head><title>504 Gateway Time-out</title></head>
        <body>
        <center><h1>504 Gateway Time-out</h1></center>
        </body>
        </html>

        """

    static func response() -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html"
        return Response(status: .gatewayTimeout, headers: headers, body: .init(byteBuffer: ByteBuffer(string: page)))
    }
}
