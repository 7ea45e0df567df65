import Connectors
import Foundation
import NetworkRules
import SchedulerCore
import SchedulerDomain

/// Prepares an Instagram handoff: a folder in the state directory holding the caption, the media and a
/// manifest, so the person can finish the post in the Instagram app and confirm it.
package struct HandoffDesk: Sendable {
    package let directory: String
    /// After this, the person is reminded once; after `expireAfter`, the delivery is `expired`.
    package let remindAfter: TimeInterval
    package let expireAfter: TimeInterval

    package init(stateDirectory: String, remindAfter: TimeInterval, expireAfter: TimeInterval) {
        directory = (stateDirectory as NSString).appendingPathComponent("handoff")
        self.remindAfter = remindAfter
        self.expireAfter = expireAfter
    }

    /// Writes the bundle for `claim` and returns its folder.
    package func prepare(_ claim: ClaimedDelivery, now: Date) throws -> String {
        try write(HandoffManifest(postId: claim.postID, deliveryId: claim.deliveryID, account: claim.account, caption: claim.text,
                                  media: [], alt: claim.media.map(\.alt), dueAt: claim.dueAt, handedOffAt: now,
                                  remindAt: now.addingTimeInterval(remindAfter), expiresAt: now.addingTimeInterval(expireAfter),
                                  confirm: Self.confirmation(claim.deliveryID)),
                  media: claim.media)
    }

    /// The folder of `record`'s bundle on this daemon, written from the store's record when it is not here: with
    /// daemons sharing a store, the daemon that handed the post off may be on another machine. `media` gives the
    /// post's files as this daemon's (``MediaLibrary/localized(_:)``), asked for only when the bundle is written.
    package func bundle(for record: HandoffRecord, media: () async throws -> [MediaItem]) async throws -> String {
        let folder = folder(record.deliveryID)
        guard !FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("manifest.json")) else { return folder }
        let media = try await media()
        return try write(HandoffManifest(postId: record.postID, deliveryId: record.deliveryID, account: record.account, caption: record.caption,
                                         media: [], alt: media.map(\.alt), dueAt: record.dueAt, handedOffAt: record.handedOffAt,
                                         remindAt: record.remindAt ?? record.expiresAt, expiresAt: record.expiresAt,
                                         confirm: Self.confirmation(record.deliveryID)),
                         media: media)
    }

    private func folder(_ deliveryID: Int64) -> String {
        (directory as NSString).appendingPathComponent("\(deliveryID)")
    }

    private static func confirmation(_ deliveryID: Int64) -> String {
        "schedctl handoff done \(deliveryID) --url PERMALINK"
    }

    /// The caption, a copy of each medium, and the manifest last: a folder with a manifest is complete.
    private func write(_ manifest: HandoffManifest, media: [MediaItem]) throws -> String {
        let folder = folder(manifest.deliveryId)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o750])
        try Data(manifest.caption.utf8).write(to: URL(fileURLWithPath: (folder as NSString).appendingPathComponent("caption.txt")))
        var manifest = manifest
        for (index, item) in media.enumerated() {
            let name = "\(index + 1)-\(item.fileName)"
            let target = (folder as NSString).appendingPathComponent(name)
            if !FileManager.default.fileExists(atPath: target) { try FileManager.default.copyItem(atPath: item.path, toPath: target) }
            manifest.media.append(name)
        }
        try JSONCoding.encoder(pretty: true).encode(manifest).write(to: URL(fileURLWithPath: (folder as NSString).appendingPathComponent("manifest.json")),
                                                                   options: .atomic)
        return folder
    }
}

/// `manifest.json` in a handoff bundle.
package struct HandoffManifest: Codable {
    package var postId: Int64
    package var deliveryId: Int64
    package var account: String
    package var caption: String
    package var media: [String]
    package var alt: [String?]
    package var dueAt: Date
    package var handedOffAt: Date
    package var remindAt: Date
    package var expiresAt: Date
    package var confirm: String

    package enum CodingKeys: String, CodingKey {
        case account, caption, media, alt, confirm
        case postId = "post_id", deliveryId = "delivery_id", dueAt = "due_at", handedOffAt = "handed_off_at"
        case remindAt = "remind_at", expiresAt = "expires_at"
    }
}
