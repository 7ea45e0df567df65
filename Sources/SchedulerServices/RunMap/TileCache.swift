import CryptoPrimitives
import Foundation
import RunCard

/// Map tiles kept on disk, so a route run again and again is drawn from the cache, not fetched again: the tile usage
/// policies of the servers that give tiles away ask for it (https://operations.osmfoundation.org/policies/tiles/).
///
/// Each server's tiles go in a folder of their own, named by a hash of its `tiles` template (two servers' tiles never
/// mix), as `z/x/y.png`: files 0600 in folders 0700, written whole (to a temporary name, then renamed). Reading a tile
/// marks it used (its modification time); past ``maximumBytes`` over every server's tiles, the least recently used
/// go first. A tile is kept until it is evicted: delete the folder to draw fresh ones.
package struct TileCache: Sendable {
    /// Where every server's folder is (`[runs.map] cache_dir`, else `state_dir/tiles`).
    package let root: String
    /// This server's folder under it.
    package let directory: String
    package let maximumBytes: Int

    package init(root: String, template: String, maximumBytes: Int) {
        self.root = root
        let hash = Digest.sha256Hex(Array(template.utf8), bytes: 8)
        directory = root + "/" + hash
        self.maximumBytes = maximumBytes
    }

    package func path(_ key: TileKey) -> String { "\(directory)/\(key.z)/\(key.x)/\(key.y).png" }

    /// The tile's PNG when it is kept (and whole enough to start like one), marked as used now.
    package func tile(_ key: TileKey, now: Date = Date()) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: path(key)) else { return nil }
        let bytes = [UInt8](data)
        guard bytes.starts(with: Self.pngSignature) else {
            try? FileManager.default.removeItem(atPath: path(key))
            return nil
        }
        try? FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: path(key))
        return bytes
    }

    /// Keeps the tile; a cache that cannot be written only means fetching again next time.
    /// - Returns: whether it was written.
    @discardableResult
    package func keep(_ key: TileKey, _ bytes: [UInt8]) -> Bool {
        let folder = "\(directory)/\(key.z)/\(key.x)"
        for path in [root, directory, "\(directory)/\(key.z)", folder] where !FileManager.default.fileExists(atPath: path) {
            guard (try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false,
                                                             attributes: [.posixPermissions: 0o700])) != nil
                    || FileManager.default.fileExists(atPath: path) else { return false }
        }
        let temporary = "\(folder)/.\(key.y).\(UUID().uuidString).part"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count, rename(temporary, path(key)) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Removes the least recently used tiles, over every server's folder, until what is kept fits ``maximumBytes``.
    /// - Returns: how many were removed.
    @discardableResult
    package func trim() -> Int {
        var files = Self.tiles(under: root)
        var total = files.reduce(0) { $0 + $1.size }
        guard total > maximumBytes else { return 0 }
        files.sort { $0.used < $1.used }
        var removed = 0
        for file in files where total > maximumBytes {
            guard unlink(file.path) == 0 else { continue }
            total -= file.size
            removed += 1
        }
        return removed
    }

    /// Every kept tile under `root` with its size and when it was last used.
    private static func tiles(under root: String) -> [(path: String, size: Int, used: Date)] {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var found: [(path: String, size: Int, used: Date)] = []
        while let relative = walker.nextObject() as? String {
            guard relative.hasSuffix(".png") else { continue }
            let path = root + "/" + relative
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            found.append((path, (attributes[.size] as? NSNumber)?.intValue ?? 0, attributes[.modificationDate] as? Date ?? .distantPast))
        }
        return found
    }

    package static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
}
