import Foundation
import SchedulerCore
import SchedulerDomain

/// Instagram handoffs as the person sees them: what waits, with a bundle folder on this machine, and confirming one.
///
/// The daemon that handed a post off wrote its bundle in its own state directory. With daemons sharing a store
/// that may be another machine, so the list gives each handoff a bundle here, written again from the store (the
/// caption, and the media fetched by their SHA-256) when this daemon has none: `schedctl handoff` works against
/// any daemon.
package struct HandoffService: Sendable {
    package let store: any PostStore
    package let desk: HandoffDesk
    package let media: MediaLibrary?

    package init(store: any PostStore, desk: HandoffDesk, media: MediaLibrary?) {
        self.store = store; self.desk = desk; self.media = media
    }

    package func list() async throws -> [HandoffView] {
        var views: [HandoffView] = []
        for record in try await store.handoffs() {
            let bundle: String
            do {
                bundle = try await desk.bundle(for: record) { try await media?.localized(record.media) ?? record.media }
            } catch {
                throw RequestError(.internalError, "the bundle of handoff \(record.deliveryID) cannot be written in \(desk.directory): \(error)")
            }
            views.append(HandoffView(deliveryId: record.deliveryID, postId: record.postID, account: record.account, caption: record.caption,
                                     bundle: bundle, handedOffAt: record.handedOffAt, remindAt: record.remindAt, expiresAt: record.expiresAt))
        }
        return views
    }

    package func confirm(deliveryID: Int64, url: String?) async throws -> PostView {
        if let url {
            guard let parsed = URL(string: url), parsed.scheme == "https" || parsed.scheme == "http", parsed.host != nil else {
                throw RequestError.badRequest("'\(url)' is not a permalink such as https://www.instagram.com/p/SHORTCODE/")
            }
        }
        return PostView(try await store.confirmHandoff(deliveryID: deliveryID, url: url))
    }
}
