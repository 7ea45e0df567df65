/// Reads an image's width and height from its header, as the networks' ingest does before decoding.
///
/// Each reader takes the whole file and returns `(width, height)`, or `nil` when the header is cut
/// short or malformed. No pixel is decoded.
enum ImageDimensions {
    /// JPEG: the first start-of-frame marker (SOF0–SOF15 except DHT `C4`, JPG `C8` and DAC `CC`).
    ///
    /// Segments are walked from SOI: each is `FF marker length(2, big-endian) payload`; fill bytes
    /// (`FF FF`) and the standalone markers (TEM, RST0–7) have no length. A SOF payload is
    /// `precision(1) height(2) width(2) …`. Reaching SOS or EOI first means there is no frame header.
    static func jpeg(_ bytes: [UInt8]) -> (Int, Int)? {
        guard MediaSniffer.starts(bytes, [0xFF, 0xD8]) else { return nil }
        var index = 2
        while index + 1 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            switch marker {
            case 0xFF:
                index += 1
            case 0x01, 0xD0...0xD7:
                index += 2
            case 0xD9, 0xDA:
                return nil
            default:
                guard let length = bigEndian(bytes, index + 2, 2), length >= 2 else { return nil }
                if isStartOfFrame(marker) {
                    guard let height = bigEndian(bytes, index + 5, 2), let width = bigEndian(bytes, index + 7, 2) else { return nil }
                    return (width, height)
                }
                index += 2 + length
            }
        }
        return nil
    }

    /// Whether `marker` starts a frame: C0–CF without C4, C8 and CC.
    static func isStartOfFrame(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
    }

    /// PNG: the IHDR chunk, which must come first: width and height as 4-byte big-endian at 16 and 20.
    static func png(_ bytes: [UInt8]) -> (Int, Int)? {
        guard MediaSniffer.starts(bytes, Array("IHDR".utf8), at: 12),
            let width = bigEndian(bytes, 16, 4), let height = bigEndian(bytes, 20, 4)
        else { return nil }
        return (width, height)
    }

    /// GIF: the logical screen size, 2-byte little-endian at 6 and 8.
    static func gif(_ bytes: [UInt8]) -> (Int, Int)? {
        guard let width = littleEndian(bytes, 6, 2), let height = littleEndian(bytes, 8, 2) else { return nil }
        return (width, height)
    }

    /// WebP: the first chunk, `VP8 ` (lossy), `VP8L` (lossless) or `VP8X` (extended).
    static func webp(_ bytes: [UInt8]) -> (Int, Int)? {
        guard bytes.count >= 30 else { return nil }
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8 ":
            guard let width = littleEndian(bytes, 26, 2), let height = littleEndian(bytes, 28, 2) else { return nil }
            return (width & 0x3FFF, height & 0x3FFF)
        case "VP8L":
            guard bytes[20] == 0x2F, let bits = littleEndian(bytes, 21, 4) else { return nil }
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            guard let width = littleEndian(bytes, 24, 3), let height = littleEndian(bytes, 27, 3) else { return nil }
            return (width + 1, height + 1)
        default:
            return nil
        }
    }

    static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int? {
        guard offset >= 0, offset + count <= bytes.count else { return nil }
        return bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
    }

    static func littleEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int? {
        guard offset >= 0, offset + count <= bytes.count else { return nil }
        return bytes[offset..<(offset + count)].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
