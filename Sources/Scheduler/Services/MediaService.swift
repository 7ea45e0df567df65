import Foundation
import SchedulerCore

/// Files people upload for their posts, kept by their SHA-256 (``MediaLibrary``): checked whole on the way in,
/// shared with other daemons when the store is shared.
public struct MediaService: Sendable {
    /// nil: this daemon keeps no media (a test's).
    let library: MediaLibrary?

    /// The largest file accepted.
    public static let maxBytes = MediaLibrary.maxBytes

    public init(library: MediaLibrary?) { self.library = library }

    public func upload(_ bytes: [UInt8]) async throws -> MediaView {
        let item = try await requireLibrary().storeAndShare(bytes)
        return MediaView(id: item.sha256, kind: item.kind.rawValue, contentType: item.contentType, size: item.size,
                         width: item.width, height: item.height, alt: nil)
    }

    /// A stored file's type and bytes.
    public func download(id: String) async throws -> (contentType: String, bytes: [UInt8]) {
        let (item, bytes) = try await requireLibrary().download(id: id)
        return (item.contentType, bytes)
    }

    private func requireLibrary() throws -> MediaLibrary {
        guard let library else { throw RequestError(.unavailable, "this daemon keeps no media") }
        return library
    }
}
