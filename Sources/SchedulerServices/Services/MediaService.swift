import Foundation
import SchedulerCore
import SchedulerDomain

/// Files people upload for their posts, kept by their SHA-256 (``MediaLibrary``): checked whole on the way in,
/// shared with other daemons when the store is shared.
package struct MediaService: Sendable {
    /// nil: this daemon keeps no media (a test's).
    package let library: MediaLibrary?

    /// The largest file accepted.
    package static let maxBytes = MediaLibrary.maxBytes

    package init(library: MediaLibrary?) { self.library = library }

    package func upload(_ bytes: [UInt8]) async throws -> MediaView {
        let item = try await requireLibrary().storeAndShare(bytes)
        return MediaView(id: item.sha256, kind: item.kind.rawValue, contentType: item.contentType, size: item.size,
                         width: item.width, height: item.height, alt: nil)
    }

    /// A stored file's type and bytes.
    package func download(id: String) async throws -> (contentType: String, bytes: [UInt8]) {
        let (item, bytes) = try await requireLibrary().download(id: id)
        return (item.contentType, bytes)
    }

    private func requireLibrary() throws -> MediaLibrary {
        guard let library else { throw RequestError(.unavailable, "this daemon keeps no media") }
        return library
    }
}
