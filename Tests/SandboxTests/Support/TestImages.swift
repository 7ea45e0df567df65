/// Minimal files with real headers: enough for the sandbox's sniffing, not for a decoder.
enum TestImages {
    /// A baseline JPEG of `width`×`height`: SOI, APP0 (JFIF), DQT, SOF0, SOS, `padding` bytes of scan data, EOI.
    static func jpeg(width: Int, height: Int, padding: Int = 16, sof: UInt8 = 0xC0) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]
        bytes += [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 0x01, count: 64)
        bytes += [0xFF, sof, 0x00, 0x11, 0x08] + be16(height) + be16(width) + [0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]
        bytes += [0xFF, 0xDA, 0x00, 0x0C, 0x03, 0x01, 0x00, 0x02, 0x11, 0x03, 0x11, 0x00, 0x3F, 0x00]
        bytes += (0..<padding).map { UInt8(truncatingIfNeeded: $0 * 7 + 3) & 0x7F }
        return bytes + [0xFF, 0xD9]
    }

    /// A PNG signature and IHDR chunk for `width`×`height`.
    static func png(width: Int, height: Int) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D] + Array("IHDR".utf8)
            + be32(width) + be32(height) + [0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89]
    }

    /// A GIF89a header with its logical screen size.
    static func gif(width: Int, height: Int, padding: Int = 16) -> [UInt8] {
        Array("GIF89a".utf8) + [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), 0x00, 0x00, 0x00]
            + [UInt8](repeating: 0x00, count: padding) + [0x3B]
    }

    /// The start of an MP4 (`ftyp isom`) followed by `padding` bytes.
    static func mp4(padding: Int = 64) -> [UInt8] {
        [0x00, 0x00, 0x00, 0x18] + Array("ftypisom".utf8) + [0x00, 0x00, 0x02, 0x00] + Array("isomiso2".utf8) + [UInt8](repeating: 0x00, count: padding)
    }

    private static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    private static func be32(_ value: Int) -> [UInt8] { [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
}

/// A `multipart/form-data` body built the way curl builds one.
struct MultipartBody {
    var boundary = "------------------------sandboxTestBoundary42"
    private var bytes: [UInt8] = []

    init(boundary: String = "------------------------sandboxTestBoundary42") {
        self.boundary = boundary
    }

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    mutating func field(_ name: String, _ value: String) {
        bytes += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
    }

    mutating func file(_ name: String, filename: String, contentType: String, _ content: [UInt8]) {
        bytes += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"\r\nContent-Type: \(contentType)\r\n\r\n".utf8)
        bytes += content + Array("\r\n".utf8)
    }

    /// The body with its closing delimiter.
    var finished: [UInt8] { bytes + Array("--\(boundary)--\r\n".utf8) }
}
