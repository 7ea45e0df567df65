import SchedulerCore

/// A WebP's RIFF container checked to hold all it says it does: its chunks, each whole, one of them the image.
enum WebPStructure {
    static func damage(in bytes: [UInt8]) -> String? {
        guard let declared = ByteReading.littleEndian(bytes, 4, 4) else { return "the WebP is cut short inside its header" }
        let end = 8 + declared
        guard end <= bytes.count else {
            return "the WebP is cut short: its RIFF header says \(end) bytes and the file has \(bytes.count)"
        }
        var offset = 12, sawImage = false
        while offset < end {
            guard let length = ByteReading.littleEndian(bytes, offset + 4, 4), offset + 8 <= end else {
                return "the WebP is cut short inside a chunk's header at byte \(offset)"
            }
            let type = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let next = offset + 8 + length + (length & 1)
            guard offset + 8 + length <= end else { return "the WebP is cut short: its \(type) chunk needs more bytes than the file has" }
            if ["VP8 ", "VP8L", "ANMF"].contains(type) { sawImage = true }
            offset = next
        }
        return sawImage ? nil : "the WebP holds no image (no VP8, VP8L or ANMF chunk)"
    }
}
