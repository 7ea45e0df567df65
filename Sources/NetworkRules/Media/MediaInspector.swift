import SchedulerCore

/// Recognises a media file from its first bytes (never from its name) and reads its pixel size,
/// so limits can be checked when a post is scheduled rather than when it is published.
public enum MediaInspector {
    public struct Description: Sendable, Equatable {
        public var kind: MediaKind
        public var contentType: String
        public var fileExtension: String
        public var width: Int?
        public var height: Int?
    }

    /// Every extension `describe` gives a file, i.e. every name a stored file can have.
    public static let fileExtensions = ["jpg", "png", "gif", "webp", "mp4", "mov"]

    /// Nil when the bytes are not a JPEG, PNG, GIF, WebP, MP4 or QuickTime file.
    public static func describe(_ bytes: [UInt8]) -> Description? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            let size = jpegSize(bytes)
            return Description(kind: .image, contentType: "image/jpeg", fileExtension: "jpg", width: size?.0, height: size?.1)
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), bytes.count >= 24 {
            return Description(kind: .image, contentType: "image/png", fileExtension: "png",
                               width: ByteReading.bigEndian(bytes, 16, 4), height: ByteReading.bigEndian(bytes, 20, 4))
        }
        if bytes.starts(with: Array("GIF8".utf8)), bytes.count >= 10 {
            return Description(kind: .gif, contentType: "image/gif", fileExtension: "gif",
                               width: ByteReading.littleEndian(bytes, 6, 2), height: ByteReading.littleEndian(bytes, 8, 2))
        }
        if bytes.count >= 30, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            let size = webpSize(bytes)
            return Description(kind: .image, contentType: "image/webp", fileExtension: "webp", width: size?.0, height: size?.1)
        }
        if bytes.count >= 12, Array(bytes[4..<8]) == Array("ftyp".utf8) {
            let brand = String(decoding: bytes[8..<12], as: UTF8.self)
            let quickTime = brand == "qt  "
            return Description(kind: .video, contentType: quickTime ? "video/quicktime" : "video/mp4",
                               fileExtension: quickTime ? "mov" : "mp4", width: nil, height: nil)
        }
        return nil
    }

    /// Walks the JPEG markers to the first start-of-frame, which holds the height and width.
    static func jpegSize(_ bytes: [UInt8]) -> (Int, Int)? {
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { index += 2; continue }
            guard let length = ByteReading.bigEndian(bytes, index + 2, 2), length >= 2 else { return nil }
            let startOfFrame: ClosedRange<UInt8> = 0xC0...0xCF
            if startOfFrame.contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                guard let height = ByteReading.bigEndian(bytes, index + 5, 2), let width = ByteReading.bigEndian(bytes, index + 7, 2) else { return nil }
                return (width, height)
            }
            index += 2 + length
        }
        return nil
    }

    static func webpSize(_ bytes: [UInt8]) -> (Int, Int)? {
        let chunk = String(decoding: bytes[12..<16], as: UTF8.self)
        switch chunk {
        case "VP8X":
            guard let w = ByteReading.littleEndian(bytes, 24, 3), let h = ByteReading.littleEndian(bytes, 27, 3) else { return nil }
            return (w + 1, h + 1)
        case "VP8L":
            guard bytes.count >= 25 else { return nil }
            let b = bytes[21...24].map(Int.init)
            return (1 + (b[0] | (b[1] & 0x3F) << 8), 1 + ((b[1] >> 6) | b[2] << 2 | (b[3] & 0x0F) << 10))
        case "VP8 ":
            guard let w = ByteReading.littleEndian(bytes, 26, 2), let h = ByteReading.littleEndian(bytes, 28, 2) else { return nil }
            return (w & 0x3FFF, h & 0x3FFF)
        default:
            return nil
        }
    }
}
