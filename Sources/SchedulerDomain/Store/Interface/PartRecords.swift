import Foundation
import NetworkRules
import SchedulerCore

/// How both stores read the parts of a post and of its deliveries, decided once.
package enum PartRecords {
    package static func media(_ item: MediaItem) -> MediaRecord {
        MediaRecord(id: item.sha256, kind: item.kind.rawValue, contentType: item.contentType, size: item.size,
                  width: item.width, height: item.height, alt: item.alt)
    }

    package static func thread(_ parts: [ThreadPart]) -> [ThreadPartRecord] {
        parts.map { ThreadPartRecord(text: $0.text, media: $0.media.map(media)) }
    }

    /// A delivery's part count, shown only when there is more than one.
    package static func count(_ count: Int) -> Int? { count > 1 ? count : nil }

    /// The parts of a delivery in several parts that are out, with what each is; nil for a plain post.
    package static func published(_ parts: [PublishedPart]?, count: Int, hasFirstComment: Bool) -> [DeliveryPartRecord]? {
        guard count > 1 else { return nil }
        return (parts ?? []).map {
            DeliveryPartRecord(part: $0.number, kind: PartKind.of(part: $0.number, partCount: count, hasFirstComment: hasFirstComment).rawValue,
                             remoteId: $0.remoteID, remoteUrl: $0.remoteURL, publishedAt: $0.publishedAt)
        }
    }
}
