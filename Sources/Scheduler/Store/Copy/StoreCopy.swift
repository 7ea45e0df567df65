import CryptoPrimitives
import Foundation
import GRDB
import Logging
import PostgresNIO
import SchedulerCore
import SchedulerDomain
import SchedulerServices
import SchedulerStores

/// `schedulerd store copy`: moves an installation from its SQLite file into an empty PostgreSQL database, so
/// several daemons can share it.
///
/// Everything is copied as it is: ids (the sequences then continue past them), instants (integer milliseconds in
/// both stores), and the sealed credentials byte for byte, which open only with the source's credential key. The
/// source is read, never changed, with its daemon stopped (the state directory's lock is held throughout). The
/// target is written in one transaction, schema included: a copy that fails or is refused leaves it as it was.
package struct StoreCopy: Sendable {
    /// The SQLite database file.
    package var sourcePath: String
    package var target: PostgresLocation
    package var password: String?
    /// Rows read from SQLite and inserted into PostgreSQL at a time.
    package var batchRows: Int = 500
    package var logger: Logger
    /// Told how many rows of a table are copied so far, every 100,000, for a person watching a long copy.
    package var progress: (@Sendable (_ table: String, _ rows: Int) -> Void)?

    package init(sourcePath: String, target: PostgresLocation, password: String?, logger: Logger) {
        self.sourcePath = sourcePath
        self.target = target
        self.password = password
        self.logger = logger
    }

    /// The database file `--from` names: `sqlite:PATH` (or `sqlite://PATH`), PATH the file or the state directory
    /// that holds `schedulerd.sqlite`.
    package static func sourcePath(_ argument: String) throws(StoreCommandError) -> String {
        guard argument.lowercased().hasPrefix("sqlite:") else {
            throw StoreCommandError(.configuration, "--from '\(argument.prefix(80))' does not name an SQLite database; "
                                 + "write it as sqlite:/var/lib/schedulerd/schedulerd.sqlite")
        }
        var path = String(argument.dropFirst("sqlite:".count))
        if path.hasPrefix("//") { path = String(path.dropFirst(2)) }
        guard !path.isEmpty else {
            throw StoreCommandError(.configuration, "--from names no path; write it as sqlite:/var/lib/schedulerd/schedulerd.sqlite")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            path = (path as NSString).appendingPathComponent("schedulerd.sqlite")
        }
        return path
    }

    /// The target's password as the daemon finds it: `--password-file`, else the systemd credential
    /// `postgres-password`, else none (a socket with peer or trust authentication).
    package static func password(file: String?, environment: [String: String]) throws(StoreCommandError) -> String? {
        let credential = environment["CREDENTIALS_DIRECTORY"].map { ($0 as NSString).appendingPathComponent("postgres-password") }
        guard file != nil || credential.map(FileManager.default.fileExists(atPath:)) == true else { return nil }
        do {
            return try SecretFile.read(file, credentialName: "postgres-password", environment: environment, what: "--password-file")
        } catch let error as ConfigurationError {
            throw StoreCommandError(.configuration, error.message)
        } catch {
            throw StoreCommandError(.configuration, "\(error)")
        }
    }

    /// Copies everything, or nothing; throws ``StoreCommandError`` only.
    package func run() async throws(StoreCommandError) -> StoreCopyReport {
        let stateDirectory = sourceStateDirectory
        // Before the file is read: a daemon still running would change it underneath the copy, and keep publishing.
        let lock = try lockSource()
        defer { withExtendedLifetime(lock) {} }
        let source = try StoreCopySource.open(path: sourcePath)

        var quiet = logger
        quiet.logLevel = .critical
        let (store, connection) = try await openTarget(logger: quiet)
        let session = PostgresSession(connection: connection, logger: quiet)
        let server: String
        do {
            server = try await session.value("SHOW server_version", as: String.self) ?? "unknown"
        } catch {
            try? await connection.close()
            throw unusable(error)
        }
        do {
            try await session.execute("BEGIN")
            var report: StoreCopyReport
            do {
                report = try await copy(from: source, into: store, session)
                try await session.execute("COMMIT")
            } catch {
                try? await session.execute("ROLLBACK")
                throw error
            }
            try? await connection.close()
            report.serverVersion = server
            report.sourcePath = sourcePath
            report.stateDirectory = stateDirectory
            report.target = target
            report.keyFileExists = FileManager.default.fileExists(atPath: (stateDirectory as NSString).appendingPathComponent("credentials.key"))
            return report
        } catch {
            try? await connection.close()
            let reason = switch error {
            case let error as StoreCommandError: throw error
            case let error as StoreError: error.message
            case let error as PSQLError: PostgresStore.storeError(error, location: target).message
            default: "\(error)"
            }
            throw StoreCommandError(.failed, "the copy stopped: \(reason.asClause). Nothing was kept in the target (one transaction); "
                                 + "the source is unchanged")
        }
    }

    /// The source state directory's lock: no daemon may run on it while it is copied.
    private func lockSource() throws(StoreCommandError) -> StateDirectoryLock {
        let stateDirectory = sourceStateDirectory
        do {
            return try StateDirectoryLock.acquire(stateDirectory: stateDirectory)
        } catch where error.kind == .held {
            let holder = (try? String(contentsOfFile: (stateDirectory as NSString).appendingPathComponent(StateDirectoryLock.fileName),
                                      encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            let who = holder.flatMap(Int32.init).map { " (pid \($0))" } ?? ""
            throw StoreCommandError(.inUse, "a schedulerd\(who) is still running on \(stateDirectory): stop it (systemctl stop schedulerd) "
                                 + "and copy again; the copy must see the database as its daemon left it. Nothing was copied")
        } catch {
            throw StoreCommandError(.unusableSource, "\(error); the copy takes the state directory's lock to be sure no daemon "
                                 + "runs on it. Nothing was copied")
        }
    }

    /// The target store (only its migrations are used) and one connection of the copy's own, within the connect
    /// timeout and with the cause: a server that never answers would otherwise keep the copy waiting.
    private func openTarget(logger: Logger) async throws(StoreCommandError) -> (PostgresStore, PostgresConnection) {
        // The store is not run: only its migrations are used, on one connection of the copy's own.
        let store: PostgresStore
        do {
            store = try PostgresStore(location: target, password: password,
                                      identity: PostgresStore.Identity(host: ProcessInfo.processInfo.hostName, stateDirectory: sourceStateDirectory,
                                                                       version: Daemon.version, socketPath: ""),
                                      wake: WakeSignal(), logger: logger)
        } catch {
            throw StoreCommandError(.configuration, "--to: \(error.message)")
        }
        // Within the connect timeout, with the cause: a server that never answers would otherwise keep the copy waiting.
        do throws(StoreError) { try await store.checkConnection(timeout: StoreSettings().connectTimeoutSeconds) } catch {
            throw StoreCommandError(.configuration, "the target cannot be used: \(error.message.asClause). Nothing was copied")
        }
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(configuration: store.listenerConfiguration, id: 1, logger: logger)
        } catch {
            throw unusable(error)
        }
        return (store, connection)
    }

    /// Why the target cannot be used, in words, whatever failed.
    private func unusable(_ error: any Error) -> StoreCommandError {
        let reason = (error as? PSQLError).map { PostgresStore.storeError($0, location: target).message } ?? "\(error)"
        return StoreCommandError(.configuration, "the target cannot be used: \(reason.asClause). Check --to and the password "
                              + "(--password-file, or the systemd credential postgres-password). Nothing was copied")
    }

    /// Inside the target's one transaction: refuses a database that is not empty, creates the schema, copies every
    /// table, and moves each sequence past the largest id.
    private func copy(from source: StoreCopySource, into store: PostgresStore, _ session: PostgresSession) async throws -> StoreCopyReport {
        // Daemons starting on the target meanwhile wait for the copy, then find it done (and migrated).
        try await session.execute("SELECT pg_advisory_xact_lock(\(PostgresSchema.migrationLock))")
        try await Self.refuseForeignTables(session, location: target)
        let schema: PostgresSchemaState
        do {
            schema = try await store.prepare(migrate: true, session)
        } catch let error as StoreError where error.code == .corrupt {
            throw StoreCommandError(.nonEmptyTarget, "\(error.message) Nothing was copied")
        }
        try await Self.refuseRows(session, location: target)

        var report = StoreCopyReport()
        report.appliedMigrations = schema.appliedNow
        for table in CopiedTable.all {
            let count = try await copy(table, from: source, session)
            report.counts.append((table: table.name, label: table.label, rows: count))
            if table.hasSerialID {
                let issued = try await source.largestIssuedID(table)
                try await session.execute(PostgresQuery(unsafeSQL: """
                    SELECT setval(pg_get_serial_sequence('\(table.name)', 'id'),
                                  greatest(coalesce((SELECT max(id) FROM \(table.name)), 0), $1::bigint) + 1, false)
                    """, binds: { var binds = PostgresBindings(); binds.append(issued); return binds }()))
            }
        }
        (report.mediaCopied, report.mediaMissing) = try await copyMedia(from: sourceStateDirectory, session)
        report.sealedCredentials = Int(try await session.value(
            "SELECT count(*) FROM account WHERE sealed_credentials IS NOT NULL", as: Int64.self) ?? 0)
        report.publishing = Int(try await session.value("SELECT count(*) FROM delivery WHERE state = 'publishing'", as: Int64.self) ?? 0)
        report.handedOff = Int(try await session.value(
            "SELECT count(*) FROM delivery WHERE state = 'handed_off' AND handoff_path IS NOT NULL", as: Int64.self) ?? 0)
        return report
    }

    /// The posts' files into `media_blob`, so any daemon can publish them: read from the source's `media/` folder by
    /// name and checked against their SHA-256. A file that is missing or changed is counted and left out; the posts
    /// that name it fail at publish time with a message saying so, as they would have on the old machine.
    private func copyMedia(from stateDirectory: String, _ session: PostgresSession) async throws -> (copied: Int, missing: Int) {
        let folder = (stateDirectory as NSString).appendingPathComponent("media")
        var copied = 0
        var missing = 0
        for row in try await session.rows("SELECT DISTINCT ON (sha256) sha256, path FROM post_media ORDER BY sha256") {
            let sha: String = try row["sha256"]
            let path = (folder as NSString).appendingPathComponent(((try row["path"] as String) as NSString).lastPathComponent)
            guard let data = FileManager.default.contents(atPath: path),
                  Digest.sha256Hex(Array(data)) == sha else {
                missing += 1
                continue
            }
            try await session.execute("""
                INSERT INTO media_blob (sha256, content, created_at) VALUES (\(sha), \(ByteBuffer(bytes: Array(data))), \(Date().unixMilliseconds))
                ON CONFLICT (sha256) DO NOTHING
                """)
            copied += 1
        }
        return (copied, missing)
    }

    /// The source database's folder: its lock, its credential key and its `media/`.
    private var sourceStateDirectory: String {
        let directory = (sourcePath as NSString).deletingLastPathComponent
        return directory.isEmpty ? "." : directory
    }

    /// Copies one table a page at a time: each page read from SQLite is one multi-row INSERT.
    private func copy(_ table: CopiedTable, from source: StoreCopySource, _ session: PostgresSession) async throws -> Int {
        // PostgreSQL takes at most 65,535 parameters in a statement.
        let rowsPerBatch = max(1, min(batchRows, 30_000 / table.columns.count))
        var after: [DatabaseValue]?
        var copied = 0
        while true {
            let page = try await source.page(table, after: after, limit: rowsPerBatch)
            guard !page.rows.isEmpty else { break }
            try await Self.insert(page.rows, into: table, session)
            copied += page.rows.count
            if copied / 100_000 > (copied - page.rows.count) / 100_000 { progress?(table.name, copied) }
            guard page.rows.count == rowsPerBatch else { break }
            after = page.lastKey
        }
        return copied
    }

    package static func insert(_ rows: [[CopiedValue]], into table: CopiedTable, _ session: PostgresSession) async throws {
        var binds = PostgresBindings(capacity: rows.count * table.columns.count)
        var sql = "INSERT INTO \(table.name) (\(table.columns.map(\.name).joined(separator: ", "))) VALUES "
        var parameter = 0
        for (rowIndex, row) in rows.enumerated() {
            sql += rowIndex == 0 ? "(" : ", ("
            for (index, value) in row.enumerated() {
                parameter += 1
                // Typed in the statement too, so a NULL (sent without a type) is one of the column's.
                sql += (index == 0 ? "" : ", ") + "$\(parameter)::\(table.columns[index].type.rawValue)"
                switch value {
                case .null: binds.appendNull()
                case .bigint(let number): binds.append(number)
                case .integer(let number): binds.append(number)
                case .boolean(let flag): binds.append(flag)
                case .text(let text): binds.append(text)
                case .bytes(let bytes): binds.append(ByteBuffer(bytes: bytes))
                }
            }
            sql += ")"
        }
        try await session.execute(PostgresQuery(unsafeSQL: sql, binds: binds))
    }

    /// PostgreSQL's tables that have nothing to copy from SQLite: the daemons sharing the store, and the migrations.
    package static let postgresOnlyTables: Set<String> = ["daemon", "schedulerd_migration", "budget_bucket", "media_blob"]

    /// Every table schedulerd's migrations create, and the ledger of those migrations.
    package static var schedulerdTables: Set<String> {
        var tables: Set<String> = ["schedulerd_migration"]
        for migration in PostgresSchema.migrations {
            for statement in PostgresSchema.statements(migration.sql) {
                let words = statement.split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
                for index in words.indices.dropLast(2) where words[index] == "create" && words[index + 1] == "table" {
                    var name = words[index + 2]
                    if name == "if", index + 5 < words.count { name = words[index + 5] }
                    tables.insert(String(name.prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
                }
            }
        }
        return tables
    }

    /// Another program's tables (or views) in the target's schema: the copy does not mix its data with theirs.
    private static func refuseForeignTables(_ session: PostgresSession, location: PostgresLocation) async throws {
        let names = try await session.rows("""
            SELECT table_name::text AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1
            """).map { try $0["name"] as String }
        let foreign = names.filter { !schedulerdTables.contains($0) }
        guard !foreign.isEmpty else { return }
        let shown = foreign.prefix(8).joined(separator: ", ") + (foreign.count > 8 ? " and \(foreign.count - 8) more" : "")
        throw StoreCommandError(.nonEmptyTarget, "the database \(location.database) at \(location) is not empty: it holds "
                             + "\(foreign.count == 1 ? "a table" : "\(foreign.count) tables") schedulerd does not use (\(shown)). "
                             + "Copy into an empty database made for schedulerd (CREATE DATABASE … OWNER …). Nothing was copied")
    }

    /// Rows in schedulerd's tables: another copy, or daemons, used this database already.
    private static func refuseRows(_ session: PostgresSession, location: PostgresLocation) async throws {
        var found: [String] = []
        for table in schedulerdTables.subtracting(["schedulerd_migration"]).sorted() {
            guard try await session.value("SELECT to_regclass(\(table)) IS NOT NULL", as: Bool.self) == true else { continue }
            let count = try await session.value(PostgresQuery(unsafeSQL: "SELECT count(*) FROM \(table)"), as: Int64.self) ?? 0
            if count > 0 { found.append("\(count) in \(table)") }
        }
        guard !found.isEmpty else { return }
        throw StoreCommandError(.nonEmptyTarget, "the database \(location.database) at \(location) already holds schedulerd's data "
                             + "(rows: \(found.joined(separator: ", "))): a copy or a daemon used it before. The copy only fills an "
                             + "empty database, never merges; point --to at a new one. Nothing was copied")
    }
}

/// What `store copy` did, and what the person does next.
package struct StoreCopyReport: Sendable {
    /// Rows copied per table, in the order copied.
    package var counts: [(table: String, label: String, rows: Int)] = []
    package var sealedCredentials = 0
    /// Deliveries a killed daemon left `publishing`: the first daemon on PostgreSQL looks them up first.
    package var publishing = 0
    /// Deliveries handed off with a bundle in the source's state directory.
    package var handedOff = 0
    package var appliedMigrations: [String] = []
    /// Files copied into the database, and files the posts name that were not in the source's `media/` folder.
    package var mediaCopied = 0
    package var mediaMissing = 0
    package var serverVersion = ""
    package var sourcePath = ""
    package var stateDirectory = ""
    package var target: PostgresLocation?
    /// Whether the source's state directory holds `credentials.key` (else the old daemon had it as a systemd credential).
    package var keyFileExists = true

    package func rows(_ table: String) -> Int { counts.first { $0.table == table }?.rows ?? 0 }

    /// The output of `schedulerd store copy`.
    package var lines: [String] {
        var lines = ["Copied \(sourcePath) into \(target.map { "\($0)" } ?? "PostgreSQL") (PostgreSQL \(serverVersion)), in one transaction:"]
        let width = counts.map(\.label.count).max() ?? 0
        let digits = counts.map { "\($0.rows)".count }.max() ?? 0
        for count in counts {
            var line = "  " + count.label.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + String(repeating: " ", count: digits - "\(count.rows)".count) + "\(count.rows)"
            if count.table == "account", sealedCredentials > 0 {
                line += "  (\(sealedCredentials) with sealed credentials, copied byte for byte)"
            }
            if count.table == "delivery", publishing > 0 {
                line += "  (\(publishing) left publishing by a stopped daemon: looked up on the network before anything is sent again)"
            }
            lines.append(line)
        }
        if !appliedMigrations.isEmpty {
            lines.append("The schema was created in the same transaction (\(appliedMigrations.joined(separator: ", "))).")
        }
        lines.append("Ids are kept; new ones continue after the largest. The source was not changed.")
        lines.append("")
        lines.append("Next steps:")
        var step = 0
        func next(_ text: String) {
            step += 1
            lines.append("  \(step). \(text)")
        }
        let key = (stateDirectory as NSString).appendingPathComponent("credentials.key")
        if keyFileExists {
            next("Copy the credential key \(key) (mode 0600) into the state directory of every daemon that will use this database, "
                 + "or give it to them as the systemd credential schedulerd.key. The credentials were copied sealed under that key "
                 + "and open only with it; a daemon with another key refuses to start.")
        } else {
            next("Give every daemon that will use this database the old daemon's credential key: there is no \(key), so it had "
                 + "the key as the systemd credential schedulerd.key; give them that one. The credentials were copied sealed under "
                 + "that key and open only with it; a daemon with another key refuses to start.")
        }
        if mediaCopied > 0 { lines.insert("\(Counted.of(mediaCopied, "media file")) \(Counted.verb(mediaCopied, "was", "were")) copied into the database: any daemon can publish them.", at: lines.count - 2) }
        if mediaMissing > 0 || handedOff > 0 {
            let media = (stateDirectory as NSString).appendingPathComponent("media")
            var what: [String] = []
            if mediaMissing > 0 { what.append("\(Counted.of(mediaMissing, "media file")) the posts name \(Counted.verb(mediaMissing, "was", "were")) not in \(media) (or had changed); those posts fail when due") }
            if handedOff > 0 { what.append("\(handedOff) handed-off deliveries have bundles under \(stateDirectory)") }
            next("Check: \(what.joined(separator: ", and ")).")
        }
        next("In each daemon's schedulerd.toml set [store] url = \"\(target.map { "\($0)" } ?? "postgresql://…")\" and its "
             + "password_file (or the credential postgres-password); check with `schedulerd --check-config`.")
        next("Start the daemons. Do not start a daemon on \(sourcePath) again: it would publish the same posts a second time. "
             + "Keep the file as a backup.")
        return lines
    }
}
