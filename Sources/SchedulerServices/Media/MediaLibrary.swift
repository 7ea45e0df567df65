import Connectors
import CryptoPrimitives
import Foundation
import MediaCodecs
import NetworkRules
import SchedulerDomain

/// The state directory's `media/` folder: every attached file copied there at schedule time, named by
/// its SHA-256, so a post never depends on the person's copy and one file attached twice is stored once.
///
/// A file's modification time is when it was last uploaded or attached (``touch(_:)``): the sweep
/// (``sweep(references:grace:)``) removes files no post names once that is longer ago than its grace period.
package struct MediaLibrary: Sendable {
    package let directory: String
    /// Daemons sharing a store keep every file in it too, and fetch what they lack from it.
    package let shared: (any SharedMediaStore)?
    /// The clock files are stamped with, and the sweep's grace period measured by.
    package let now: @Sendable () -> Date
    /// The largest file accepted through the control API.
    package static let maxBytes = 100 * 1024 * 1024

    package init(stateDirectory: String, shared: (any SharedMediaStore)? = nil, now: @escaping @Sendable () -> Date = Date.init) {
        directory = (stateDirectory as NSString).appendingPathComponent("media")
        self.shared = shared
        self.now = now
    }

    /// Stores `bytes` (checked to be a known media type, and whole: decoded where it is an image) and describes them.
    package func store(_ bytes: [UInt8], alt: String? = nil) throws -> MediaItem {
        guard !bytes.isEmpty else { throw RequestError.badRequest("the media file is empty") }
        guard let description = MediaInspector.describe(bytes) else {
            throw RequestError.badRequest("the file is not a JPEG, PNG, GIF, WebP, MP4 or QuickTime file (read from its first bytes)")
        }
        if let damage = MediaIntegrity.damage(in: bytes, contentType: description.contentType) {
            throw RequestError.badRequest("\(damage): the file is damaged or cut short, and nothing was stored; copy or export it again")
        }
        let sha = Digest.sha256Hex(bytes)
        let name = "\(sha).\(description.fileExtension)"
        let path = (directory as NSString).appendingPathComponent(name)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o750])
        if !FileManager.default.fileExists(atPath: path) {
            let temporary = path + ".partial"
            guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes), attributes: [.posixPermissions: 0o640]) else {
                throw RequestError(.internalError, "cannot write \(temporary)")
            }
            try FileManager.default.moveItem(atPath: temporary, toPath: path)
        }
        try touch(path)
        return MediaItem(path: path, kind: description.kind, contentType: description.contentType, size: bytes.count, sha256: sha,
                         width: description.width, height: description.height, alt: alt)
    }

    /// A stored file by its id (the SHA-256), described again from its bytes.
    package func item(id: String, alt: String?) throws -> MediaItem {
        guard id.count == 64, id.allSatisfy(\.isHexDigit) else { throw RequestError.badRequest("'\(id)' is not a media id (a SHA-256 from POST /v1/media)") }
        // The name is the id plus the extension `store` gave it, so a few existence checks find it without listing the folder.
        let candidates = MediaInspector.fileExtensions.map { (directory as NSString).appendingPathComponent("\(id).\($0)") }
        // Touched first: a sweep that has not removed it by now keeps it (see `sweep`), and one that has makes this fail.
        guard let path = candidates.first(where: { (try? touch($0)) != nil }) else {
            throw RequestError(.notFound, "no stored media \(id); upload it again with the post")
        }
        // Only the header is read: the type and pixel size are in the first bytes, the size in the file system.
        guard let handle = FileHandle(forReadingAtPath: path), let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int else {
            throw RequestError(.notFound, "no stored media \(id); upload it again with the post")
        }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 65_536), let description = MediaInspector.describe(Array(head)) else {
            throw RequestError(.notFound, "stored media \(id) is unreadable; upload it again with the post")
        }
        return MediaItem(path: path, kind: description.kind, contentType: description.contentType, size: size, sha256: id,
                         width: description.width, height: description.height, alt: alt)
    }

    /// Stores an uploaded file here and, when daemons share a store, in the store for the others.
    package func storeAndShare(_ bytes: [UInt8]) async throws -> MediaItem {
        let item = try store(bytes)
        try await shared?.putMedia(sha256: item.sha256, bytes: bytes, now: now())
        return item
    }

    /// A stored file by its id, fetched from the shared store first when this daemon lacks it.
    package func sharedItem(id: String, alt: String?) async throws -> MediaItem {
        if let shared, (try? item(id: id, alt: alt)) == nil, let bytes = try await shared.mediaBytes(sha256: id) {
            _ = try store(bytes)
        }
        return try item(id: id, alt: alt)
    }

    /// `media` as files of this daemon's folder: a post scheduled at another daemon names that daemon's paths, so
    /// each file is found here by its SHA-256, or fetched from the shared store (checked against its SHA-256).
    package func localized(_ media: [MediaItem]) async throws -> [MediaItem] {
        guard shared != nil else { return media }
        var local: [MediaItem] = []
        for item in media {
            let here = (directory as NSString).appendingPathComponent((item.path as NSString).lastPathComponent)
            if !FileManager.default.fileExists(atPath: here) {
                guard let bytes = try await shared?.mediaBytes(sha256: item.sha256) else {
                    throw RequestError(.notFound, "media \(item.sha256) is neither here nor in the shared store")
                }
                let stored = try store(bytes)
                guard stored.sha256 == item.sha256 else { throw RequestError(.internalError, "media \(item.sha256) came back from the store changed") }
            }
            var moved = item
            moved.path = here
            local.append(moved)
        }
        return local
    }
}

extension MediaLibrary {
    /// A stored file and its bytes by its id (fetched from the shared store when this daemon lacks it): what `export
    /// --media-dir` writes out, so that another daemon can import the post.
    package func download(id: String) async throws -> (item: MediaItem, bytes: [UInt8]) {
        let item = try await sharedItem(id: id, alt: nil)
        return (item, try bytes(of: item))
    }

    /// A stored file's bytes, for converting it.
    package func bytes(of item: MediaItem) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: item.path) else {
            throw RequestError(.notFound, "no stored media \(item.sha256); upload it again with the post")
        }
        return Array(data)
    }
}
