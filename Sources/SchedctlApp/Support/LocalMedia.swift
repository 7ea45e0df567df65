import CryptoPrimitives
import Foundation
import NetworkRules

/// A file on this machine described as the daemon describes a stored one (type and pixel size from its bytes, never its
/// name), so `check` can apply each network's media rules without a daemon.
enum LocalMedia {
    static func item(_ path: String, alt: String? = nil) throws -> MediaItem {
        let data = try LocalFile.bytes(path, what: "the media file")
        let bytes = [UInt8](data)
        guard let description = MediaInspector.describe(bytes) else {
            throw CLIError.badInput("\(path) is not a JPEG, PNG, GIF, WebP, MP4 or QuickTime file")
        }
        let sha = Digest.sha256Hex(bytes)
        return MediaItem(path: path, kind: description.kind, contentType: description.contentType, size: bytes.count, sha256: sha,
                         width: description.width, height: description.height, alt: alt, name: path)
    }
}
