import Foundation
import SchedulerCore

/// How a stored post is shown, decided once for both stores: they read rows into ``StoredPost`` and
/// ``StoredDelivery``, and this builds the API's views from them.
package enum PostViews {
    /// The views of `posts`, in their order, each with its deliveries, media, thread and series.
    package static func assemble(_ posts: [StoredPost], _ details: StoredPostDetails) -> [PostView] {
        var deliveries: [Int64: [DeliveryView]] = [:]
        for stored in details.deliveries {
            deliveries[stored.postID, default: []].append(delivery(stored, parts: details.publishedParts[stored.id]))
        }
        let media = details.mediaByPart.compactMapValues { $0[1] }
        return posts.map { post in
            let ownDeliveries = deliveries[post.id] ?? []
            return PostView(id: post.id, text: post.text, dueAt: Drafts.dueAt(post.dueAt), dueZone: post.dueZone, dueLocal: post.dueLocal,
                            latenessLimitSeconds: post.latenessLimitSeconds, source: post.source,
                            createdAt: Date(unixMilliseconds: post.createdAt), updatedAt: Date(unixMilliseconds: post.updatedAt),
                            deliveries: ownDeliveries, media: (media[post.id] ?? []).map(PartViews.media),
                            queued: post.queued ? true : nil,
                            series: post.seriesID.map { seriesID in
                                let index = post.seriesIndex ?? 0
                                var view = details.templates[seriesID]?.view(id: seriesID, index: index, deliveries: ownDeliveries)
                                    ?? PostSeriesView(id: seriesID, index: index, rule: "")
                                view.editedAlone = post.editedAlone ? true : nil
                                return view
                            },
                            thread: details.threads[post.id].map(PartViews.thread),
                            options: post.options.map { PostOptions(json: $0) },
                            writtenBy: post.writtenBy, rejectionOpen: post.rejectionOpen ? true : nil)
        }
    }

    /// A delivery as the API shows it: when it is next tried, whether it is looked up first and until when a budget
    /// holds it are said only while it waits (`scheduled` or `retrying`).
    package static func delivery(_ stored: StoredDelivery, parts: [PublishedPart]?) -> DeliveryView {
        let waiting = stored.state == .scheduled || stored.state == .retrying
        return DeliveryView(
            id: stored.id, accountId: stored.accountID, account: "\(stored.network.rawValue):@\(stored.handle)", network: stored.network,
            state: stored.state, text: stored.textOverride, remoteId: stored.remoteID, remoteUrl: stored.remoteURL,
            publishedAt: stored.publishedAt.map(Date.init(unixMilliseconds:)),
            nextAttemptAt: waiting ? Date(unixMilliseconds: stored.nextAttemptAt) : nil,
            attempts: stored.attemptCount, error: stored.lastError,
            lookUpFirst: waiting && stored.needsCheck ? true : nil, firstComment: stored.firstComment,
            partCount: PartViews.count(stored.partCount),
            parts: PartViews.published(parts, count: stored.partCount, hasFirstComment: stored.firstComment != nil),
            throttledUntil: waiting ? stored.throttledUntil.map(Date.init(unixMilliseconds:)) : nil)
    }
}
