import SchedulerCore

/// A PNG's chunks walked from the signature to `IEND`, each one's CRC checked: a file cut short, or with bytes
/// changed on the way, fails here even where libpng would fill the missing rows and carry on.
enum PNGChunks {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The size `IHDR` gives, when the file starts like a PNG.
    static func size(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, bytes.starts(with: signature), Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        return (ByteReading.bigEndian(bytes, 16, 4)!, ByteReading.bigEndian(bytes, 20, 4)!)
    }

    /// Nil when every chunk is whole, `IHDR` comes first, image data follows and `IEND` ends the file.
    static func damage(in bytes: [UInt8]) -> String? {
        guard bytes.starts(with: signature) else { return "the file does not start with PNG's signature" }
        var offset = signature.count, sawData = false, first = true
        while offset < bytes.count {
            guard let length = ByteReading.bigEndian(bytes, offset, 4), offset + 12 <= bytes.count else {
                return "the PNG is cut short at byte \(bytes.count), inside a chunk's header"
            }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let end = offset + 12 + length
            guard end <= bytes.count else {
                return "the PNG is cut short: its \(type) chunk needs \(end) bytes and the file has \(bytes.count)"
            }
            if first, type != "IHDR" { return "the PNG's first chunk is \(type), not IHDR" }
            first = false
            let stored = ByteReading.bigEndian(bytes, end - 4, 4)!
            guard CRC32.checksum(bytes[offset + 4..<end - 4]) == UInt32(stored) else {
                return "the PNG's \(type) chunk at byte \(offset) is damaged (its CRC does not match)"
            }
            if type == "IDAT" { sawData = true }
            if type == "IEND" {
                return sawData ? nil : "the PNG has no image data (no IDAT chunk)"
            }
            offset = end
        }
        return "the PNG is cut short: it ends at byte \(bytes.count) without its IEND chunk"
    }
}
