import CCurl

/// What libcurl's write and header callbacks do with the bytes they get.
extension CurlTransfer {
    /// Appends body bytes; false stops the transfer once the body would pass the size cap.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if let stream = request.streamBody {
            stream(Array(bytes))
            return true
        }
        guard body.count + bytes.count <= maxResponseBytes else {
            exceededSizeLimit = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// Takes one raw header line; false stops the transfer when headers grow past their cap.
    ///
    /// libcurl reports the status line and headers of every response it reads, interim ones
    /// (`100 Continue`, `103 Early Hints`) and redirects included, so a status line starts the list over.
    func receiveHeaderLine(_ raw: UnsafeRawBufferPointer) -> Bool {
        headerBytes += raw.count
        guard headerBytes <= Self.maxHeaderBytes else {
            exceededSizeLimit = true
            return false
        }
        var end = raw.count
        while end > 0, raw[end - 1] == UInt8(ascii: "\n") || raw[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        let line = UnsafeRawBufferPointer(rebasing: raw[0..<end])
        guard let first = line.first else { return true }
        if line.starts(with: "HTTP/".utf8) {
            responseHeaders.removeAll()
        } else if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
            appendFoldedLine(line)
        } else if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            let name = String(decoding: line[..<colon], as: UTF8.self)
            let value = Self.trimmed(line[(colon + 1)...])
            responseHeaders.append(HTTPHeader(name, value))
            reserveBody(forHeader: name, value: value)
        }
        return true
    }

    /// An obsolete folded continuation line belongs to the previous field's value.
    private func appendFoldedLine(_ line: UnsafeRawBufferPointer) {
        guard !responseHeaders.isEmpty else { return }
        responseHeaders[responseHeaders.count - 1].value += " " + Self.trimmed(line[...])
    }

    /// Sizes the body buffer once from `Content-Length` instead of growing it chunk by chunk.
    private func reserveBody(forHeader name: String, value: String) {
        guard [HTTPHeader].sameName(name, "content-length"), let length = Int(value), length > 0,
            length <= maxResponseBytes
        else { return }
        body.reserveCapacity(length)
    }

    private static func trimmed(_ bytes: Slice<UnsafeRawBufferPointer>) -> String {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }),
            let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(decoding: bytes[start...last], as: UTF8.self)
    }
}
