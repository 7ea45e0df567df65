import CCurl

/// Turns an ``HTTPRequest`` into options on a freshly reset easy handle.
extension CurlTransfer {
    func configure(userAgent: String, maxRedirects: Int) throws(HTTPClientError) {
        try set(CURLOPT_URL, request.url)
        try configureSafetyDefaults()
        try set(CURLOPT_FOLLOWLOCATION, request.followRedirects ? 1 : 0)
        try set(CURLOPT_MAXREDIRS, maxRedirects)
        if request.freshConnection || (request.sendAtMostOnce && !refuseSecondSends()) {
            try set(CURLOPT_FRESH_CONNECT, 1)
        } else if request.sendAtMostOnce {
            // Only a connection used moments ago: one idle for long is the likeliest to be closed by the server just as
            // the request goes out, which would cost a look-up on the network (it is never sent twice).
            try set(CURLOPT_MAXAGE_CONN, 4)
        }
        try set(CURLOPT_CONNECTTIMEOUT_MS, request.connectTimeout.curlMilliseconds)
        try set(CURLOPT_TIMEOUT_MS, request.timeout.curlMilliseconds)
        if let path = request.unixSocketPath {
            try set(CURLOPT_UNIX_SOCKET_PATH, path)
        }
        try set(CURLOPT_USERAGENT, userAgent)
        try set(CURLOPT_MAXFILESIZE_LARGE, offset: curl_off_t(maxResponseBytes))
        try configureCallbacks()
        try configureMethodAndBody()
        try configureHeaders()
    }

    /// Options that keep the process and the network predictable whatever the environment says.
    private func configureSafetyDefaults() throws(HTTPClientError) {
        // Signals are process-wide; libcurl must not use SIGALRM for DNS timeouts on a worker thread.
        try set(CURLOPT_NOSIGNAL, 1)
        // An empty proxy string overrides http_proxy/https_proxy/all_proxy from the environment.
        try set(CURLOPT_PROXY, "")
        try check(sd_curl_restrict_protocols_to_http(easy), option: "CURLOPT_PROTOCOLS_STR")
        try set(CURLOPT_TCP_KEEPALIVE, 1)
    }

    /// Stops libcurl before it sends the request a second time (see ``HTTPRequest/sendAtMostOnce``); false when this
    /// libcurl cannot be asked to.
    private func refuseSecondSends() -> Bool {
        sd_curl_setopt_prereq_callback(easy, { user, _, _, _, _ in
            guard let user else { return 1 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
            transfer.sendsAttempted += 1
            guard transfer.sendsAttempted > 1 else { return 0 }  // CURL_PREREQFUNC_OK
            transfer.refusedASecondSend = true
            return 1  // CURL_PREREQFUNC_ABORT
        }, opaqueSelf) == CURLE_OK
    }

    private func configureCallbacks() throws(HTTPClientError) {
        try set(CURLOPT_ERRORBUFFER, pointer: UnsafeMutableRawPointer(errorBuffer))
        try set(CURLOPT_WRITEDATA, pointer: opaqueSelf)
        try set(CURLOPT_HEADERDATA, pointer: opaqueSelf)
        try check(
            sd_curl_setopt_write_callback(easy) { data, size, count, user in
                guard let user else { return 0 }
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
                let accepted = transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: size * count))
                return accepted ? size * count : 0
            },
            option: "CURLOPT_WRITEFUNCTION"
        )
        try check(
            sd_curl_setopt_header_callback(easy) { data, size, count, user in
                guard let user else { return 0 }
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
                let accepted = transfer.receiveHeaderLine(UnsafeRawBufferPointer(start: data, count: size * count))
                return accepted ? size * count : 0
            },
            option: "CURLOPT_HEADERFUNCTION"
        )
    }

    /// GET and HEAD use libcurl's own modes; anything with a body is a POST whose method line is
    /// replaced by CURLOPT_CUSTOMREQUEST, which is how libcurl sends PUT, PATCH and DELETE bodies.
    private func configureMethodAndBody() throws(HTTPClientError) {
        let method = request.method
        if method == "GET", request.body == nil {
            try set(CURLOPT_HTTPGET, 1)
            return
        }
        if method == "HEAD" {
            try set(CURLOPT_NOBODY, 1)
            return
        }
        if let body = request.body ?? (method == "POST" ? [] : nil) {
            try setBody(body)
        }
        if method != "POST" {
            try set(CURLOPT_CUSTOMREQUEST, method)
        }
    }

    /// The body is copied into libcurl, so the array need not outlive this call.
    private func setBody(_ body: [UInt8]) throws(HTTPClientError) {
        try set(CURLOPT_POSTFIELDSIZE_LARGE, offset: curl_off_t(body.count))
        // An empty array may have no storage; libcurl still wants a valid pointer.
        let storage = body.isEmpty ? [0] : body
        let code = storage.withUnsafeBytes { raw in
            sd_curl_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: raw.baseAddress))
        }
        try check(code, option: "CURLOPT_COPYPOSTFIELDS")
    }

    /// The caller's headers, plus two removals for requests with a body: `Expect:` stops libcurl
    /// waiting for `100 Continue` (a round trip, and a stall with servers that never send it), and
    /// `Content-Type:` stops it inventing `application/x-www-form-urlencoded`.
    private func configureHeaders() throws(HTTPClientError) {
        var lines = request.headers.map { header in
            // "Name:" would tell libcurl to remove the header; "Name;" sends it with an empty value.
            header.value.isEmpty ? "\(header.name);" : "\(header.name): \(header.value)"
        }
        if request.body != nil || request.method == "POST" {
            if request.header("Expect") == nil { lines.append("Expect:") }
            if request.header("Content-Type") == nil { lines.append("Content-Type:") }
        }
        guard !lines.isEmpty else { return }
        for line in lines {
            guard let list = curl_slist_append(headerList, line) else {
                throw HTTPClientError(code: .other, message: "libcurl could not allocate the header list (out of memory?).")
            }
            headerList = list
        }
        try check(sd_curl_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList), option: "CURLOPT_HTTPHEADER")
    }

    private func set(_ option: CURLoption, _ value: Int) throws(HTTPClientError) {
        try check(sd_curl_setopt_long(easy, option, value), option: "option \(option.rawValue)")
    }

    /// libcurl copies string options (all but the POSTFIELDS family), so a temporary C string is enough.
    private func set(_ option: CURLoption, _ value: String) throws(HTTPClientError) {
        try check(sd_curl_setopt_string(easy, option, value), option: "option \(option.rawValue)")
    }

    private func set(_ option: CURLoption, offset value: curl_off_t) throws(HTTPClientError) {
        try check(sd_curl_setopt_offset(easy, option, value), option: "option \(option.rawValue)")
    }

    private func set(_ option: CURLoption, pointer value: UnsafeMutableRawPointer) throws(HTTPClientError) {
        try check(sd_curl_setopt_pointer(easy, option, value), option: "option \(option.rawValue)")
    }

    /// A failed setopt means libcurl lacks a feature or memory; the option number, not its value, is reported.
    private func check(_ code: CURLcode, option: String) throws(HTTPClientError) {
        guard code != CURLE_OK else { return }
        throw HTTPClientError(
            code: code == CURLE_BAD_FUNCTION_ARGUMENT ? .invalidRequest : .other,
            message: "libcurl \(CurlGlobal.version) rejected \(option): \(String(cString: curl_easy_strerror(code))).",
            curlCode: Int32(bitPattern: code.rawValue)
        )
    }
}
