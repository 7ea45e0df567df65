import Foundation
import SchedulerCore

/// How a stored post's rows become one record, decided once for both stores: they read rows into ``StoredPost`` and
/// ``StoredDelivery``, and this puts them together (services make the API's views from the records).
package enum PostRecords {
    /// The records of `posts`, in their order, each with its deliveries, media, thread and series.
    package static func assemble(_ posts: [StoredPost], _ details: StoredPostDetails) -> [PostRecord] {
        var deliveries: [Int64: [DeliveryRecord]] = [:]
        for stored in details.deliveries {
            deliveries[stored.postID, default: []].append(delivery(stored, parts: details.publishedParts[stored.id]))
        }
        let media = details.mediaByPart.compactMapValues { $0[1] }
        return posts.map { post in
            let ownDeliveries = deliveries[post.id] ?? []
            return PostRecord(id: post.id, text: post.text, dueAt: Drafts.dueAt(post.dueAt), dueZone: post.dueZone, dueLocal: post.dueLocal,
                            latenessLimitSeconds: post.latenessLimitSeconds, source: post.source,
                            createdAt: Date(unixMilliseconds: post.createdAt), updatedAt: Date(unixMilliseconds: post.updatedAt),
                            deliveries: ownDeliveries, media: (media[post.id] ?? []).map(PartRecords.media),
                            queued: post.queued ? true : nil,
                            series: post.seriesID.map { seriesID in
                                let index = post.seriesIndex ?? 0
                                var record = details.templates[seriesID]?.record(id: seriesID, index: index, deliveries: ownDeliveries)
                                    ?? PostSeriesRecord(id: seriesID, index: index, rule: "")
                                record.editedAlone = post.editedAlone ? true : nil
                                return record
                            },
                            thread: details.threads[post.id].map(PartRecords.thread),
                            options: post.options.map { PostOptions(json: $0) },
                            writtenBy: post.writtenBy, rejectionOpen: post.rejectionOpen ? true : nil)
        }
    }

    /// A delivery as the stores report it: when it is next tried, whether it is looked up first and until when a budget
    /// holds it are said only while it waits (`scheduled` or `retrying`).
    package static func delivery(_ stored: StoredDelivery, parts: [PublishedPart]?) -> DeliveryRecord {
        let waiting = stored.state == .scheduled || stored.state == .retrying
        return DeliveryRecord(
            id: stored.id, accountId: stored.accountID, account: "\(stored.network.rawValue):@\(stored.handle)", network: stored.network,
            state: stored.state, text: stored.textOverride, remoteId: stored.remoteID, remoteUrl: stored.remoteURL,
            publishedAt: stored.publishedAt.map(Date.init(unixMilliseconds:)),
            nextAttemptAt: waiting ? Date(unixMilliseconds: stored.nextAttemptAt) : nil,
            attempts: stored.attemptCount, error: stored.lastError,
            lookUpFirst: waiting && stored.needsCheck ? true : nil, firstComment: stored.firstComment,
            partCount: PartRecords.count(stored.partCount),
            parts: PartRecords.published(parts, count: stored.partCount, hasFirstComment: stored.firstComment != nil),
            throttledUntil: waiting ? stored.throttledUntil.map(Date.init(unixMilliseconds:)) : nil)
    }
}
