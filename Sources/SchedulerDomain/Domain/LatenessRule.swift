/// When a waiting delivery is missed, written once (issue 49): no delivery goes out later than its due time, or a
/// person's retry if later, plus its post's lateness limit; except one whose last outcome is unknown (it is looked up
/// first) and a thread whose first part is out (finished late rather than left half-told).
///
/// The stores decide it in SQL, inside the statements that claim, sweep and wake, so it is also written here as SQL
/// for each dialect, derived from the same terms; `LatenessRuleTests` evaluates both dialects' SQL on a real SQLite and
/// a real PostgreSQL against `isPast` over every case. The SQL names a delivery `d` and its post `p`.
package enum LatenessRule {
    /// The last moment the delivery may go out, in Unix milliseconds.
    package static func deadline(dueAt: Int64, retryRequestedAt: Int64?, latenessLimitSeconds: Int64) -> Int64 {
        max(dueAt, retryRequestedAt ?? 0) + latenessLimitSeconds * 1000
    }

    /// Whether the lateness limit applies to the delivery at all.
    package static func applies(needsCheck: Bool, partCount: Int, anyPartOut: Bool) -> Bool {
        !needsCheck && (partCount == 1 || !anyPartOut)
    }

    /// Whether, at `now`, the delivery may no longer go out: it is missed.
    package static func isPast(now: Int64, dueAt: Int64, retryRequestedAt: Int64?, latenessLimitSeconds: Int64,
                       needsCheck: Bool, partCount: Int, anyPartOut: Bool) -> Bool {
        deadline(dueAt: dueAt, retryRequestedAt: retryRequestedAt, latenessLimitSeconds: latenessLimitSeconds) < now
            && applies(needsCheck: needsCheck, partCount: partCount, anyPartOut: anyPartOut)
    }

    /// The two stores' SQL: they differ only in the name of the larger-of-two function.
    package enum Dialect {
        case sqlite, postgres

        package var greatest: String { self == .sqlite ? "MAX" : "greatest" }
    }

    /// `deadline` as an SQL expression.
    package static func deadlineSQL(_ dialect: Dialect) -> String {
        "\(dialect.greatest)(p.due_at, COALESCE(d.retry_requested_at, 0)) + p.lateness_limit_s * 1000"
    }

    /// `applies` as an SQL condition (a part is out once its row exists in `delivery_part`).
    package static func appliesSQL(_ dialect: Dialect) -> String {
        "NOT d.needs_check AND (d.part_count = 1 OR NOT EXISTS (SELECT 1 FROM delivery_part dp WHERE dp.delivery_id = d.id))"
    }

    /// `isPast` as an SQL condition; `now` is a parameter, a column or an integer of our own, written in as it is.
    package static func isPastSQL(_ dialect: Dialect, now: String) -> String {
        "\(deadlineSQL(dialect)) < \(now) AND \(appliesSQL(dialect))"
    }

    /// When a held delivery is next worth a look: just past its deadline, or its next attempt if later.
    package static func wakeSQL(_ dialect: Dialect) -> String {
        "\(dialect.greatest)(\(deadlineSQL(dialect)) + 1, d.next_attempt_at)"
    }
}
