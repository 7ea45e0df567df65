import Foundation
import PostgresNIO
import SchedulerCore
import SchedulerDomain

extension PostgresStore {
    /// A published delivery's write, as the batch's statement reads it: one record of `jsonb_to_recordset`.
    package struct PublishedRow: Encodable, Sendable {
        package var id: Int64
        package var startedAt: Int64
        package var finishedAt: Int64
        package var httpStatus: Int?
        package var outcome: String
        package var errorClass: String?
        package var excerpt: String?
        package var part: Int?
        package var remoteId: String
        package var remoteUrl: String?
        package var postId: Int64
        package var event: String
        /// The write's place in its batch, which orders its attempt and its event among the batch's.
        package var position = 0
    }

    /// The attempt, the delivery's new state and its `published` event, in one statement with the publishes that
    /// finished meanwhile (see ``CoalescedWrites``): a statement for a batch costs the database about what one costs for
    /// a single write. (Savepoints, which the SQLite store's group commit uses when a write fails, would be statements too.) As everywhere, a
    /// claim that is no longer this daemon's is left alone, with no event, but its attempt is logged: a request went out.
    package func recordPublished(_ claim: ClaimedDelivery, attempt: AttemptRecord, remoteID: String, remoteURL: String?, found: Bool) async throws {
        let event = DeliveryEvents.published(claim, remoteURL: remoteURL, found: found, at: attempt.finishedAt)
        let row = PublishedRow(id: claim.deliveryID, startedAt: databaseMilliseconds(attempt.startedAt),
                               finishedAt: databaseMilliseconds(attempt.finishedAt), httpStatus: attempt.httpStatus,
                               outcome: attempt.outcome, errorClass: attempt.errorClass, excerpt: attempt.excerpt, part: attempt.part,
                               remoteId: remoteID, remoteUrl: remoteURL, postId: claim.postID,
                               event: event.storedPayload)
        try await publishedOutcomes.write(row) { rows in await self.storePublishedBatch(rows) }
    }

    /// A batch is one statement, all or nothing; when it fails it is written again one by one, so a write that cannot be
    /// stored fails alone and the rest of its batch is stored.
    private func storePublishedBatch(_ rows: [PublishedRow]) async -> [Result<Void, any Error>] {
        do {
            try await storePublished(rows)
            return rows.map { _ in .success(()) }
        } catch where rows.count > 1 {
            var results: [Result<Void, any Error>] = []
            for row in rows {
                do {
                    try await storePublished([row])
                    results.append(.success(()))
                } catch {
                    results.append(.failure(error))
                }
            }
            return results
        } catch {
            return [.failure(error)]
        }
    }

    /// A post that went out proves the token may publish: the account's run of permission refusals ends in the same
    /// statement. Events are stored in the order of the batch, and every daemon's event bus woken once for it. The
    /// deliveries are locked in id order, as the lease renewal locks them, so the two never wait for each other in turn.
    private func storePublished(_ rows: [PublishedRow]) async throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let positioned = rows.enumerated().map { place, row in
            var row = row
            row.position = place
            return row
        }
        let input = String(decoding: try encoder.encode(positioned), as: UTF8.self)
        _ = try await statement { session in try await session.rows(PublishedStatement(rows: input, daemon: identity.id)) }
    }
}

/// Published deliveries' attempts, states and events, for a batch given as a JSON array (see
/// ``PostgresStore/PublishedRow``).
package struct PublishedStatement: PreparedQuery {
    package static let sql: String = text(of: PublishedStatement(rows: "[]", daemon: ""))
    package let query: PostgresQuery

    package init(rows: String, daemon: String) {
        query = """
            WITH input AS (
                SELECT * FROM jsonb_to_recordset(\(rows)::jsonb)
                    AS i(id bigint, started_at bigint, finished_at bigint, http_status int, outcome text, error_class text,
                         excerpt text, part int, remote_id text, remote_url text, post_id bigint, event text, position int)
            ),
            attempts AS (
                INSERT INTO attempt (delivery_id, started_at, finished_at, http_status, outcome, error_class, excerpt, part)
                SELECT id, started_at, finished_at, http_status, outcome, error_class, excerpt, part FROM input ORDER BY position
            ),
            held AS (
                SELECT d.id FROM delivery d JOIN input i ON i.id = d.id
                WHERE d.state = 'publishing' AND d.claimed_by = \(daemon)
                ORDER BY d.id FOR UPDATE OF d
            ),
            published AS (
                UPDATE delivery SET state = 'published', remote_id = i.remote_id, remote_url = i.remote_url, published_at = i.finished_at,
                    last_error = NULL, claimed_at = NULL, claimed_by = NULL, lease_until = NULL, needs_check = false,
                    updated_at = i.finished_at
                FROM input i JOIN held USING (id) WHERE delivery.id = i.id AND delivery.state = 'publishing'
                RETURNING delivery.id, delivery.account_id
            ),
            cleared AS (
                UPDATE account SET permission_refusals = 0, permission_refusal = NULL, permission_refused_since = NULL
                WHERE id IN (SELECT account_id FROM published) AND permission_refusals > 0
            ),
            events AS (
                INSERT INTO event (at, kind, post_id, delivery_id, payload)
                SELECT i.finished_at, 'published', i.post_id, i.id, i.event FROM input i JOIN published USING (id) ORDER BY i.position
                RETURNING id
            )
            SELECT pg_notify('\(unescaped: PostgresStore.eventsChannel)', '') FROM (SELECT 1 FROM events LIMIT 1) AS stored
            """
    }
}
