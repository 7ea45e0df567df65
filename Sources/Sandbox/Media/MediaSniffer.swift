/// Recognises images and videos from their magic bytes and reads image sizes from their headers.
///
/// The one place every network emulation checks uploads and fetched media: X (JPEG, PNG, WebP,
/// GIF, MP4), Facebook photos, LinkedIn images and Instagram (JPEG only, aspect ratio from SOF).
enum MediaSniffer {
    /// The format and, for images, the size; `nil` when the bytes are no format the sandbox knows.
    static func sniff(_ bytes: [UInt8]) -> SniffedMedia? {
        guard let format = format(of: bytes) else { return nil }
        let size: (Int, Int)? =
            switch format {
            case .jpeg: ImageDimensions.jpeg(bytes)
            case .png: ImageDimensions.png(bytes)
            case .gif: ImageDimensions.gif(bytes)
            case .webp: ImageDimensions.webp(bytes)
            case .mp4, .quicktime: nil
            }
        return SniffedMedia(format: format, width: size?.0, height: size?.1)
    }

    /// The format from the first bytes alone.
    static func format(of bytes: [UInt8]) -> MediaFormat? {
        if starts(bytes, [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(bytes, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(bytes, Array("GIF87a".utf8)) || starts(bytes, Array("GIF89a".utf8)) { return .gif }
        if starts(bytes, Array("RIFF".utf8)), starts(bytes, Array("WEBP".utf8), at: 8) { return .webp }
        if starts(bytes, Array("ftyp".utf8), at: 4) {
            return starts(bytes, Array("qt  ".utf8), at: 8) ? .quicktime : .mp4
        }
        return nil
    }

    static func starts(_ bytes: [UInt8], _ prefix: [UInt8], at offset: Int = 0) -> Bool {
        guard bytes.count >= offset + prefix.count else { return false }
        return bytes[offset..<(offset + prefix.count)].elementsEqual(prefix)
    }
}
