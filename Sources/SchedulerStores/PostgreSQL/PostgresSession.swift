import Foundation
import Logging
import PostgresNIO
import SchedulerDomain

/// One leased connection, usually inside a transaction: runs statements and reads rows by column name, the way
/// the SQLite store reads GRDB rows, so the two stores' methods read alike.
package struct PostgresSession {
    package let connection: PostgresConnection
    package let logger: Logger

    package func rows(_ query: PostgresQuery) async throws -> [PostgresStoreRow] {
        try checkOpen()
        return try await connection.query(query, logger: logger).collect().map { PostgresStoreRow($0.makeRandomAccess()) }
    }

    package func row(_ query: PostgresQuery) async throws -> PostgresStoreRow? {
        try await rows(query).first
    }

    /// The first column of the first row, or nil when there is no row (or it is NULL).
    package func value<T: PostgresDecodable>(_ query: PostgresQuery, as: T.Type = T.self) async throws -> T? where T._DecodableType == T {
        guard let row = try await row(query) else { return nil }
        return try row.first(T?.self)
    }

    package func execute(_ query: PostgresQuery) async throws {
        try checkOpen()
        _ = try await connection.query(query, logger: logger).collect()
    }

    /// PostgresNIO (1.33) never answers a query written to a connection that has closed (the pool closes even a
    /// leased connection when it shuts down, between two statements of a transaction): the statement would wait for
    /// good, and with it the transaction and a stopping daemon. On a closed connection a statement fails at once.
    fileprivate func checkOpen() throws(StoreError) {
        if connection.isClosed { throw StoreError(.cannotOpen, "the connection to PostgreSQL closed") }
    }

    /// Wakes every daemon's engine when this transaction commits (NOTIFY is delivered at commit, or not at all).
    package func notifyDueTimesChanged() async throws {
        try await execute("SELECT pg_notify('\(unescaped: PostgresStore.dueChannel)', '')")
    }

    /// Wakes every daemon's event bus when this transaction commits.
    package func notifyEventsStored() async throws {
        try await execute("SELECT pg_notify('\(unescaped: PostgresStore.eventsChannel)', '')")
    }
    package init(connection: PostgresConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }
}

/// A result row read by column name.
package struct PostgresStoreRow {
    package let row: PostgresRandomAccessRow

    package init(_ row: PostgresRandomAccessRow) { self.row = row }

    package subscript<T: PostgresDecodable>(_ column: String) -> T {
        get throws {
            do {
                return try row[column].decode(T.self, context: .default)
            } catch {
                throw StoreError(.corrupt, "the PostgreSQL store's column \(column) holds an unexpected value (\(T.self) expected); "
                                 + "was the schema changed by hand?")
            }
        }
    }

    package func first<T: PostgresDecodable>(_: T.Type) throws -> T {
        do {
            return try row[0].decode(T.self, context: .default)
        } catch {
            throw StoreError(.corrupt, "the PostgreSQL store answered an unexpected value (\(T.self) expected)")
        }
    }
}

/// A statement the engine runs at every claim or publish, prepared once on each pooled connection: PostgreSQL parses
/// it once, and may keep one plan for it, where an unnamed statement is parsed and planned at every run (a millisecond
/// for the claim). The text comes from `query` written as anywhere else, with values of the right types:
/// ``text(of:)`` takes it from one made with placeholder values, and each run binds its own. Its text must not depend
/// on the values (no `unescaped` value), which ``PostgresSession/rows(_:)`` checks.
package protocol PreparedQuery: PostgresPreparedStatement where Row == PostgresStoreRow {
    var query: PostgresQuery { get }
}

extension PreparedQuery {
    package func makeBindings() -> PostgresBindings { query.binds }

    package func decodeRow(_ row: PostgresRow) -> PostgresStoreRow { PostgresStoreRow(row.makeRandomAccess()) }

    package static func text(of placeholder: Self) -> String { placeholder.query.sql }
}

extension PostgresSession {
    package func rows<Statement: PreparedQuery>(_ statement: Statement) async throws -> [PostgresStoreRow] {
        try checkOpen()
        assert(statement.query.sql == Statement.sql, "the text of \(Statement.self) changed with its values")
        var rows: [PostgresStoreRow] = []
        for try await row in try await connection.execute(statement, logger: logger) { rows.append(row) }
        return rows
    }
}
