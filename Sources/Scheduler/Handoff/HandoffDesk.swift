import Connectors
import Foundation
import SchedulerCore

/// Prepares an Instagram handoff: a folder in the state directory holding the caption, the media and a
/// manifest, so the person can finish the post in the Instagram app and confirm it.
public struct HandoffDesk: Sendable {
    public let directory: String
    /// After this, the person is reminded once; after `expireAfter`, the delivery is `expired`.
    public let remindAfter: TimeInterval
    public let expireAfter: TimeInterval

    public init(stateDirectory: String, remindAfter: TimeInterval, expireAfter: TimeInterval) {
        directory = (stateDirectory as NSString).appendingPathComponent("handoff")
        self.remindAfter = remindAfter
        self.expireAfter = expireAfter
    }

    /// Writes the bundle for `claim` and returns its folder.
    public func prepare(_ claim: ClaimedDelivery, now: Date) throws -> String {
        let folder = (directory as NSString).appendingPathComponent("\(claim.deliveryID)")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o750])
        try Data(claim.text.utf8).write(to: URL(fileURLWithPath: (folder as NSString).appendingPathComponent("caption.txt")))
        var files: [String] = []
        for (index, item) in claim.media.enumerated() {
            let name = "\(index + 1)-\(item.fileName)"
            let target = (folder as NSString).appendingPathComponent(name)
            if !FileManager.default.fileExists(atPath: target) { try FileManager.default.copyItem(atPath: item.path, toPath: target) }
            files.append(name)
        }
        let manifest = HandoffManifest(postId: claim.postID, deliveryId: claim.deliveryID, account: "\(claim.network.rawValue):@\(claim.handle)",
                                       caption: claim.text, media: files, alt: claim.media.map(\.alt), dueAt: claim.dueAt, handedOffAt: now,
                                       remindAt: now.addingTimeInterval(remindAfter), expiresAt: now.addingTimeInterval(expireAfter),
                                       confirm: "schedctl handoff done \(claim.deliveryID) --url PERMALINK")
        try JSONCoding.encoder(pretty: true).encode(manifest).write(to: URL(fileURLWithPath: (folder as NSString).appendingPathComponent("manifest.json")))
        return folder
    }
}

/// `manifest.json` in a handoff bundle.
struct HandoffManifest: Codable {
    var postId: Int64
    var deliveryId: Int64
    var account: String
    var caption: String
    var media: [String]
    var alt: [String?]
    var dueAt: Date
    var handedOffAt: Date
    var remindAt: Date
    var expiresAt: Date
    var confirm: String

    enum CodingKeys: String, CodingKey {
        case account, caption, media, alt, confirm
        case postId = "post_id", deliveryId = "delivery_id", dueAt = "due_at", handedOffAt = "handed_off_at"
        case remindAt = "remind_at", expiresAt = "expires_at"
    }
}
