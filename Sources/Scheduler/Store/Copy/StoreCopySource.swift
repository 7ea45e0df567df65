import Foundation
import GRDB
import SchedulerStores

/// The SQLite database `store copy` reads: inspected as the daemon inspects it at start, then opened read-only,
/// and read a page at a time in key order, so a database of a million deliveries is never in memory at once.
///
/// Pages are separate read transactions; they see one state because the state directory's lock, held for the
/// whole copy, keeps the daemon (the only writer) away.
package struct StoreCopySource: Sendable {
    package let path: String
    private let queue: DatabaseQueue

    /// Refuses what the daemon refuses (not SQLite, damaged, another program's, newer), and also an empty file and
    /// a database an older schedulerd left unmigrated: the copy changes nothing in the source, so it cannot migrate it.
    package static func open(path: String) throws(StoreCommandError) -> StoreCopySource {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw StoreCommandError(.unusableSource, "\(path) does not exist or is not a file; name the schedulerd database as "
                                 + "sqlite:STATE_DIR/schedulerd.sqlite (or sqlite:STATE_DIR). Nothing was copied")
        }
        do {
            try SQLiteStore.inspect(path)
        } catch {
            throw StoreCommandError(.unusableSource, "\(error.message) Nothing was copied")
        }
        let queue: DatabaseQueue
        let applied: Set<String>
        do {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.label = "store copy source"
            queue = try DatabaseQueue(path: path, configuration: configuration)
            applied = try queue.read { db in try SQLiteStore.migrator.appliedIdentifiers(db) }
        } catch {
            throw StoreCommandError(.unusableSource, "\(path) cannot be read: \(String(describing: error).asClause). Nothing was copied")
        }
        let known = SQLiteStore.migrator.migrations
        if applied.isEmpty {
            throw StoreCommandError(.unusableSource, "\(path) is not a schedulerd database (it is empty, or has none of schedulerd's "
                                 + "migrations). Check the path. Nothing was copied")
        }
        if let missing = known.first(where: { !applied.contains($0) }) {
            throw StoreCommandError(.unusableSource, "\(path) was last used by an older schedulerd (migration '\(missing)' is not applied "
                                 + "yet), and the copy does not change its source. Start this version's schedulerd on that state directory "
                                 + "once (it migrates at start), stop it, and copy again. Nothing was copied")
        }
        return StoreCopySource(path: path, queue: queue)
    }

    /// Up to `limit` rows after the key `after` (from the start when nil), in key order, each in the table's column
    /// order; with the key of the last one for the next page.
    package func page(_ table: CopiedTable, after: [DatabaseValue]?, limit: Int) async throws -> (rows: [[CopiedValue]], lastKey: [DatabaseValue]?) {
        let selected = table.columns.map { column in column.sourceExpression.map { "\($0) AS \(column.name)" } ?? column.name }
            + table.key
        let keyList = table.key.joined(separator: ", ")
        var sql = "SELECT \(selected.joined(separator: ", ")) FROM \(table.name)"
        var arguments: [DatabaseValue] = []
        if let after {
            sql += " WHERE (\(keyList)) > (\(Array(repeating: "?", count: after.count).joined(separator: ", ")))"
            arguments = after
        }
        sql += " ORDER BY \(keyList) LIMIT \(limit)"
        let columnCount = table.columns.count
        return try await queue.read { [sql, arguments] db in
            var rows: [[CopiedValue]] = []
            var lastKey: [DatabaseValue]?
            let cursor = try Row.fetchCursor(db, sql: sql, arguments: StatementArguments(arguments))
            while let row = try cursor.next() {
                var values: [CopiedValue] = []
                values.reserveCapacity(columnCount)
                for (index, column) in table.columns.enumerated() {
                    let value: DatabaseValue = row[index]
                    values.append(try Self.convert(value, to: column.type) {
                        let key = (columnCount..<row.count).map { "\(row[$0] as DatabaseValue)" }.joined(separator: ", ")
                        return "\(table.name) \(table.key.joined(separator: ", ")) \(key), column \(column.name)"
                    })
                }
                rows.append(values)
                lastKey = (columnCount..<row.count).map { row[$0] }
            }
            return (rows, lastKey)
        }
    }

    /// The largest id SQLite ever gave out in `table` (AUTOINCREMENT's `sqlite_sequence`), deleted rows included, so
    /// PostgreSQL does not hand out an id that was already seen (in an event, a log, a person's notes).
    package func largestIssuedID(_ table: CopiedTable) async throws -> Int64 {
        try await queue.read { db in
            try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = ?", arguments: [table.name]) ?? 0
        }
    }

    /// SQLite's value as PostgreSQL's column takes it; a value that does not fit is refused, naming the row.
    package static func convert(_ value: DatabaseValue, to type: CopiedTable.ColumnType,
                        where place: () -> String) throws(StoreCommandError) -> CopiedValue {
        func unexpected(_ what: String) -> StoreCommandError {
            StoreCommandError(.unusableSource, "the source's \(place()) holds \(what), which PostgreSQL's \(type.rawValue.uppercased()) "
                           + "column cannot take; was the database changed by hand? Nothing was copied")
        }
        switch (value.storage, type) {
        case (.null, _):
            return .null
        case (.int64(let number), .bigint):
            return .bigint(number)
        case (.double(let number), .bigint):
            guard let exact = Int64(exactly: number) else { throw unexpected("the number \(number)") }
            return .bigint(exact)
        case (.int64(let number), .integer):
            guard let exact = Int32(exactly: number) else { throw unexpected("the number \(number)") }
            return .integer(exact)
        case (.double(let number), .integer):
            guard let exact = Int32(exactly: number) else { throw unexpected("the number \(number)") }
            return .integer(exact)
        case (.int64(let number), .boolean):
            guard number == 0 || number == 1 else { throw unexpected("the number \(number) (0 or 1 expected)") }
            return .boolean(number == 1)
        case (.string(let text), .text):
            return .text(text)
        case (.blob(let data), .text):
            guard let text = String(data: data, encoding: .utf8) else { throw unexpected("bytes that are not UTF-8 text") }
            return .text(text)
        case (.blob(let data), .bytea):
            return .bytes([UInt8](data))
        case (.string(let text), .bytea):
            return .bytes(Array(text.utf8))
        case (.int64(let number), _):
            throw unexpected("the number \(number)")
        case (.double(let number), _):
            throw unexpected("the number \(number)")
        case (.string, _):
            throw unexpected("text")
        case (.blob, _):
            throw unexpected("bytes")
        }
    }
}
