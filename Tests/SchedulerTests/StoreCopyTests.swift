import Connectors
import Foundation
import GRDB
import Logging
import NetworkRules
import PostgresTestCluster
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerServices
@testable import SchedulerStores
import Testing
@testable import Scheduler

/// `schedulerd store copy`: an installation moved from its SQLite file into an empty PostgreSQL database, all or
/// nothing, and refused when the target is not empty, the source is not schedulerd's, or its daemon still runs.
@Suite struct StoreCopyTests {
    /// What the SQLite daemon left: accounts with sealed credentials, posts with media, deliveries published,
    /// retrying, failed, scheduled, cancelled and one still `publishing` (its daemon was killed), their attempts,
    /// events, a setting, a paused account and a paused network.
    struct Source: ~Copyable {
        let directory: TemporaryDirectory
        let vault: CredentialVault
        let publishingPostID: Int64
        let publishingDeliveryID: Int64
        var path: String { directory.file("schedulerd.sqlite") }
    }

    func makeSource() async throws -> Source {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore.open(path: directory.file("schedulerd.sqlite"))
        let vault = try CredentialVault(key: testKey())
        let runner = try await store.addAccount("runner", vault: vault)
        let page = try await store.upsertAccount(network: .facebook, remoteID: "remote-page", handle: "page", displayName: "A Page",
                                                 authKind: .oauth2, grant: CredentialGrant(accessExpiresAt: Date(timeIntervalSince1970: 2_000_000_000),
                                                                                           refreshable: true, scopes: ["pages_manage_posts"])) { id in
            try vault.seal(.oauth2(accessToken: "page-token", refreshToken: "page-refresh", expiresAt: nil), accountID: id)
        }
        let member = try await store.addAccount("member", network: .linkedin, vault: vault)

        let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded())
        let start = now.addingTimeInterval(-3_600)
        let media = [
            MediaItem(path: directory.file("media/aa.jpg"), kind: .image, contentType: "image/jpeg", size: 1_234, sha256: "aa",
                      width: 800, height: 600, alt: "a runner"),
            MediaItem(path: directory.file("media/bb.mp4"), kind: .video, contentType: "video/mp4", size: 99_999, sha256: "bb",
                      width: nil, height: nil, alt: nil),
        ]
        _ = try await store.insertPost(
            NewPost(text: "with media", time: ScheduleTime(instant: start, zoneIdentifier: "Europe/Berlin", wallClock: "2030-01-01T10:00:00"),
                    latenessLimitSeconds: 7_200, targets: [.init(accountID: runner.id), .init(accountID: page.id, textOverride: "for the page")],
                    media: media), now: start)
        let first = try await store.claimDue(now: start.addingTimeInterval(1), limit: 10).claimed
        #expect(first.count == 2)
        for claim in first where claim.network == .x {
            try await store.recordPublished(claim, attempt: attempt(at: start.addingTimeInterval(1)), remoteID: "1001",
                                            remoteURL: "https://x.com/runner/status/1001", found: false)
        }
        for claim in first where claim.network == .facebook {
            try await store.recordRetry(claim, attempt: attempt(at: start.addingTimeInterval(1), status: 504, outcome: "error",
                                                                errorClass: "uncertain", excerpt: "Gateway Timeout"),
                                        nextAttempt: now.addingTimeInterval(3_600), error: "Facebook: 504", needsCheck: true)
        }
        try await store.addPost("to fail", due: start.addingTimeInterval(10), to: [member], now: start)
        let failing = try #require(try await store.claimDue(now: start.addingTimeInterval(20), limit: 10).claimed.first)
        try await store.recordFinalFailure(failing, attempt: attempt(at: start.addingTimeInterval(20), status: 422, outcome: "rejected",
                                                                     errorClass: "permanent", excerpt: "duplicate"),
                                           state: .failed, error: "LinkedIn: duplicate")
        let interrupted = try await store.addPost("interrupted", due: now.addingTimeInterval(-60), to: [runner], now: start)
        let killed = try #require(try await store.claimDue(now: now.addingTimeInterval(-50), limit: 10).claimed.first)
        #expect(killed.postID == interrupted.id)
        try await store.addPost("tomorrow", due: now.addingTimeInterval(86_400), to: [runner, member], now: start)
        let cancelled = try await store.addPost("cancelled", due: now.addingTimeInterval(90_000), to: [runner], now: start)
        _ = try await store.cancelPost(id: cancelled.id, now: start)
        _ = try await store.pause(account: "facebook:@page", network: nil, paused: true, now: start)
        _ = try await store.pause(account: nil, network: .linkedin, paused: true, now: start)
        try await store.noteAPIVersionWarnings([(network: .facebook, message: "Graph v19 retires on 2030-05-01")], now: start)
        let events = try await store.recentEvents(100)
        try await store.markNotified(events.prefix(2).compactMap(\.id))
        if let last = events.last?.id { try await store.giveUpHooks(id: last) }
        return Source(directory: directory, vault: vault, publishingPostID: interrupted.id, publishingDeliveryID: killed.deliveryID)
    }

    /// Everything the API shows of a store, to compare the copy with its source.
    struct Snapshot: Equatable {
        var posts: [PostRecord]
        var accounts: [AccountRecord]
        var sealed: [Int64: [UInt8]]
        var histories: [HistoryRecord]
        var events: [EventRecord]
        var paused: PauseRecord?
        var deliveries: [String: Int]
    }

    func snapshot(_ store: any SchedulerStore) async throws -> Snapshot {
        let posts = try await store.listPosts(filter: .all, limit: 1_000, offset: 0)
        var histories: [HistoryRecord] = []
        for post in posts { histories.append(try await store.history(postID: post.id)) }
        let summary = try await store.summary(now: referenceNow)
        return Snapshot(posts: posts, accounts: try await store.accounts(includeRevoked: true).sorted { $0.id < $1.id },
                        sealed: Dictionary(uniqueKeysWithValues: try await store.sealedBlobs().map { ($0.accountID, $0.sealed) }),
                        histories: histories, events: try await store.recentEvents(1_000), paused: summary.paused,
                        deliveries: summary.deliveries)
    }

    func password(_ database: PostgresTestDatabase) throws -> String {
        try String(contentsOfFile: database.passwordFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func copy(_ path: String, to database: PostgresTestDatabase, batchRows: Int = 500) async throws -> StoreCopyReport {
        var copy = StoreCopy(sourcePath: path, target: try PostgresLocation(url: database.url), password: try password(database),
                             logger: Logger(label: "store-copy-test"))
        copy.batchRows = batchRows
        return try await copy.run()
    }

    func copyError(_ path: String, to database: PostgresTestDatabase) async throws -> StoreCommandError {
        do {
            _ = try await copy(path, to: database)
        } catch let error as StoreCommandError {
            return error
        }
        Issue.record("the copy was not refused")
        return StoreCommandError(.failed, "not refused")
    }

    /// Every row count and sequence position of schedulerd's tables, to show a refused copy changed nothing.
    func fingerprint(_ database: PostgresTestDatabase) async throws -> String {
        try await PostgresCluster.shared().psql("""
            SELECT (SELECT count(*) FROM account), (SELECT count(*) FROM post), (SELECT count(*) FROM post_media),
                   (SELECT count(*) FROM delivery), (SELECT count(*) FROM attempt), (SELECT count(*) FROM event),
                   (SELECT count(*) FROM setting), (SELECT count(*) FROM network_pause), (SELECT count(*) FROM daemon),
                   (SELECT string_agg(id || ':' || state || ':' || updated_at, ',' ORDER BY id) FROM delivery),
                   (SELECT last_value FROM post_id_seq), (SELECT last_value FROM event_id_seq)
            """, database: database.name)
    }

    @Test func aCopy_showsTheSamePostsAccountsCredentialsHistoryAndEvents_andTakesOverTheInterruptedClaim() async throws {
        let source = try await makeSource()
        let before = try await snapshot(try SQLiteStore.open(path: source.path))
        let sourceBytes = try Data(contentsOf: URL(fileURLWithPath: source.path))
        let database = try await PostgresCluster.shared().createDatabase()

        // Small batches, so every table is read and written over several pages.
        let report = try await copy(source.path, to: database, batchRows: 2)

        #expect(report.rows("account") == 3)
        #expect(report.rows("post") == 5)
        #expect(report.rows("post_media") == 2)
        #expect(report.mediaMissing == 2, "the fixture names files that are not there: counted, not copied")
        #expect(report.rows("delivery") == 7)
        #expect(report.rows("attempt") == 3)
        #expect(report.rows("event") == before.events.count)
        #expect(report.rows("setting") == 1)
        #expect(report.rows("network_pause") == 1)
        #expect(report.sealedCredentials == 3)
        #expect(report.publishing == 1)
        let output = report.lines.joined(separator: "\n")
        #expect(output.contains(source.directory.file("credentials.key")))
        #expect(output.contains("[store] url"))
        #expect(output.contains(source.directory.file("media")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: source.path)) == sourceBytes, "the source is not changed")

        // Unclaimed, with a lease that ended long ago.
        let claim = try await PostgresCluster.shared().psql("""
            SELECT state, claimed_by IS NULL, lease_until FROM delivery WHERE id = \(source.publishingDeliveryID)
            """, database: database.name)
        #expect(claim == "publishing|t|0")
        #expect(try await PostgresCluster.shared().psql("SELECT count(*) FROM delivery WHERE lease_until IS NOT NULL",
                                                        database: database.name) == "1")

        try await withPostgresStore(on: database) { store in
            let after = try await snapshot(store)
            #expect(after.posts == before.posts)
            #expect(after.accounts == before.accounts)
            #expect(after.sealed == before.sealed)
            #expect(after.histories == before.histories)
            #expect(after.events == before.events)
            #expect(after.paused == before.paused)
            #expect(after.deliveries == before.deliveries)
            for (id, sealed) in after.sealed {
                _ = try source.vault.open(sealed, accountID: id)  // the same key opens them: ids and bytes are kept
            }
            // The setting came along: the same warning raises no second event.
            let events = try await store.latestEventID()
            try await store.noteAPIVersionWarnings([(network: .facebook, message: "Graph v19 retires on 2030-05-01")])
            #expect(try await store.latestEventID() == events)

            // The first daemon takes the killed one's claim over as a crash's: looked up before anything is sent.
            #expect(try await store.takeOverAbandonedClaims(inFlightWindow: 60, reason: "taken over") == 1)
            let delivery = try await store.delivery(ofPost: source.publishingPostID)
            #expect(delivery.state == .retrying)
            #expect(delivery.lookUpFirst == true)
            #expect(try await store.attempts(deliveryID: source.publishingDeliveryID).map(\.outcome) == ["interrupted"])
            let claimed = try await store.claimDue(now: Date(), limit: 10).claimed
            #expect(claimed.map(\.deliveryID) == [source.publishingDeliveryID])
            #expect(claimed.first?.needsCheck == true)

            // New ids continue after the copied ones.
            let account = try #require(try await store.accounts().first { $0.handle == "runner" })
            let post = try await store.addPost("after the move", due: Date().addingTimeInterval(600), to: [account])
            #expect(post.id == (before.posts.map(\.id).max() ?? 0) + 1)
            #expect(post.deliveries[0].id > before.posts.flatMap(\.deliveries).map(\.id).max() ?? 0)
        }
    }

    @Test func aPublishingDeliveryWithNoLeaseAtAll_isTakenOverToo_fromNowPlusTheWindow() async throws {
        let source = try await makeSource()
        let database = try await PostgresCluster.shared().createDatabase()
        _ = try await copy(source.path, to: database)
        _ = try await PostgresCluster.shared().psql("UPDATE delivery SET lease_until = NULL WHERE id = \(source.publishingDeliveryID)",
                                                    database: database.name)
        try await withPostgresStore(on: database) { store in
            #expect(try await store.takeOverAbandonedClaims(inFlightWindow: 60, reason: "taken over") == 1)
            let delivery = try await store.delivery(ofPost: source.publishingPostID)
            #expect(delivery.state == .retrying)
            #expect(delivery.lookUpFirst == true)
            #expect(try #require(delivery.nextAttemptAt).timeIntervalSinceNow > 50, "its holder's end is unknown: a whole window from now")
        }
    }

    @Test func aCopyThatFailsMidway_leavesTheTargetAsItWas_schemaIncluded() async throws {
        let source = try await makeSource()
        // Fine in SQLite's 64-bit INTEGER, too large for PostgreSQL's INTEGER: found after accounts and posts went in.
        do {
            let queue = try DatabaseQueue(path: source.path)
            try await queue.write { db in try db.execute(sql: "UPDATE post SET lateness_limit_s = 3000000000 WHERE id = 5") }
            try queue.close()
        }
        let database = try await PostgresCluster.shared().createDatabase()

        var copy = StoreCopy(sourcePath: source.path, target: try PostgresLocation(url: database.url), password: try password(database),
                             logger: Logger(label: "store-copy-test"))
        copy.batchRows = 2
        let error = await #expect(throws: StoreCommandError.self) { _ = try await copy.run() }

        #expect(error?.kind == .unusableSource)
        #expect(error?.message.contains("post id 5, column lateness_limit_s") == true, "\(error?.message ?? "")")
        #expect(try await PostgresCluster.shared().psql("""
            SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()
            """, database: database.name) == "0")
    }

    @Test func aSecondCopy_intoTheNowFilledTarget_isRefused_andChangesNothing() async throws {
        let source = try await makeSource()
        let database = try await PostgresCluster.shared().createDatabase()
        _ = try await copy(source.path, to: database)
        let before = try await fingerprint(database)

        let error = try await copyError(source.path, to: database)

        #expect(error.kind == .nonEmptyTarget)
        #expect(error.exitCode == 65)
        #expect(error.message.contains("3 in account"), "says what is there: \(error.message)")
        #expect(error.message.contains("Nothing was copied"))
        #expect(try await fingerprint(database) == before)
    }

    @Test func aTargetWhereADaemonStarted_isRefused() async throws {
        let source = try await makeSource()
        let database = try await PostgresCluster.shared().createDatabase()
        try await withPostgresStore(on: database) { _ in }

        let error = try await copyError(source.path, to: database)

        #expect(error.kind == .nonEmptyTarget)
        #expect(error.message.contains("in daemon"), "\(error.message)")
        #expect(try await PostgresCluster.shared().psql("SELECT count(*) FROM post", database: database.name) == "0")
    }

    @Test func aTargetWithAnotherProgramsTables_isRefused_andLeftAsItWas() async throws {
        let source = try await makeSource()
        let database = try await PostgresCluster.shared().createDatabase()
        _ = try await PostgresCluster.shared().psql("CREATE TABLE invoices (id int)", database: database.name)

        let error = try await copyError(source.path, to: database)

        #expect(error.kind == .nonEmptyTarget)
        #expect(error.message.contains("invoices"), "\(error.message)")
        #expect(try await PostgresCluster.shared().psql("""
            SELECT string_agg(table_name::text, ',') FROM information_schema.tables WHERE table_schema = current_schema()
            """, database: database.name) == "invoices")
    }

    @Test func aSourceThatIsNotASchedulerdDatabase_isRefused_andNothingIsWritten() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("schedulerd.sqlite")
        do {
            let other = try DatabaseQueue(path: path)
            try await other.write { db in
                try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('mine')")
            }
            try other.close()
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let database = try await PostgresCluster.shared().createDatabase()

        let error = try await copyError(path, to: database)

        #expect(error.kind == .unusableSource)
        #expect(error.exitCode == 65)
        #expect(error.message.contains("not a schedulerd one"), "\(error.message)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(try await PostgresCluster.shared().psql("""
            SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()
            """, database: database.name) == "0")

        let missing = try await copyError(directory.file("nothing.sqlite"), to: database)
        #expect(missing.kind == .unusableSource)
        #expect(!FileManager.default.fileExists(atPath: directory.file("nothing.sqlite")), "a missing source is not created")
    }

    @Test func aSourceWhoseDaemonStillRuns_isRefusedWithTempFail() async throws {
        let source = try await makeSource()
        let database = try await PostgresCluster.shared().createDatabase()
        let lock = try StateDirectoryLock.acquire(stateDirectory: source.directory.path)

        let error = try await copyError(source.path, to: database)

        #expect(error.kind == .inUse)
        #expect(error.exitCode == 75)
        #expect(error.message.contains("still running"), "\(error.message)")
        #expect(try await PostgresCluster.shared().psql("""
            SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()
            """, database: database.name) == "0")
        withExtendedLifetime(lock) {}
    }

    @Test func theSourceArgument_namesTheFileOrItsStateDirectory() throws {
        let directory = try TemporaryDirectory()
        #expect(try StoreCopy.sourcePath("sqlite:/var/lib/schedulerd/schedulerd.sqlite") == "/var/lib/schedulerd/schedulerd.sqlite")
        #expect(try StoreCopy.sourcePath("sqlite:///var/lib/x.sqlite") == "/var/lib/x.sqlite")
        #expect(try StoreCopy.sourcePath("sqlite:\(directory.path)") == directory.file("schedulerd.sqlite"))
        #expect(throws: StoreCommandError.self) { try StoreCopy.sourcePath("/var/lib/schedulerd/schedulerd.sqlite") }
        #expect(throws: StoreCommandError.self) { try StoreCopy.sourcePath("sqlite:") }
    }

    /// A column or table added to either store's schema must be added to the copy (or named as PostgreSQL's own).
    @Test func theCopy_coversEverySQLiteColumn_andEveryPostgreSQLColumn() async throws {
        let sqlite = try SQLiteStore.inMemory()
        let sqliteTables = try await sqlite.writer.read { db in
            try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%' ORDER BY name
                """)
        }
        #expect(sqliteTables == (CopiedTable.all.map(\.name) + CopiedTable.keptByTriggers + CopiedTable.leftBehind).sorted())
        let database = try await PostgresCluster.shared().createDatabase()
        try await withPostgresStore(on: database) { _ in }
        let postgresTables = try await PostgresCluster.shared().psql("""
            SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1
            """, database: database.name).split(separator: "\n").map(String.init)
        #expect(Set(postgresTables) == Set(CopiedTable.all.map(\.name)).union(StoreCopy.postgresOnlyTables).union(CopiedTable.keptByTriggers)
                .union(CopiedTable.leftBehind))
        #expect(StoreCopy.schedulerdTables == Set(postgresTables))
        for table in CopiedTable.all {
            let sqliteColumns = try await sqlite.writer.read { db in try db.columns(in: table.name).map(\.name) }
            #expect(Set(sqliteColumns) == Set(table.sourceColumns), "\(table.name) in SQLite")
            let postgresColumns = try await PostgresCluster.shared().psql("""
                SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = '\(table.name)'
                """, database: database.name).split(separator: "\n").map(String.init)
            #expect(Set(postgresColumns) == Set(table.columns.map(\.name)), "\(table.name) in PostgreSQL")
        }
    }
}
