import Connectors
import Foundation
import GRDB
import HTTPClient
import Logging
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerServices
@testable import SchedulerStores
import TestHTTPReceiver
import Testing
@testable import Scheduler

/// `schedctl doctor`'s findings, each from a real file, a real database or a real HTTP exchange.
@Suite struct DoctorTests {
    /// An IMF-fixdate written here with Foundation's formatter, independently of the parser under test.
    private static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    private static func clockFinding(serverOffset: TimeInterval) async throws -> DoctorFinding {
        // The server's clock is read as it answers, as a real server's is, however long the request took to arrive.
        let receiver = try HTTPReceiver(replyHeaders: { ["Date: " + httpDate(Date().addingTimeInterval(serverOffset))] })
        defer { receiver.stop() }
        let probe = ClockSkewProbe(targets: [("X", "http://127.0.0.1:\(receiver.port)")], transport: CurlHTTPClient())
        return try #require(await probe.findings(now: Date()).first)
    }

    @Test func clock_inStepWithTheNetwork_isOk() async throws {
        let finding = try await Self.clockFinding(serverOffset: 0)
        #expect(finding.level == .ok, "\(finding)")
        #expect(finding.message.contains("of X's clock"))
    }

    @Test func clock_twoMinutesAheadOfTheNetwork_failsAndSaysHowFarAndWhatToDo() async throws {
        let finding = try await Self.clockFinding(serverOffset: -120)
        #expect(finding.level == .fail)
        #expect(finding.message.contains("ahead of X's clock"), "\(finding.message)")
        #expect(finding.action?.contains("timedatectl set-ntp true") == true)
    }

    @Test func clock_tenSecondsBehindTheNetwork_warns() async throws {
        let finding = try await Self.clockFinding(serverOffset: 10)
        #expect(finding.level == .warn)
        #expect(finding.message.contains("behind X's clock"), "\(finding.message)")
    }

    @Test func clock_anUnreachableNetwork_failsNamingTheAddress() async throws {
        let port = try ReservedPort()  // reserved, never listening: connections are refused
        let probe = ClockSkewProbe(targets: [("LinkedIn", "http://127.0.0.1:\(port.port)")], transport: CurlHTTPClient())
        let finding = try #require(await probe.findings(now: Date()).first)
        #expect(finding.level == .fail)
        #expect(finding.message.contains("LinkedIn: http://127.0.0.1:\(port.port) cannot be reached"))
    }

    @Test func httpDate_readsIMFFixdateAndRefusesOtherForms() {
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == Date(timeIntervalSince1970: 784_111_777))
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        #expect(HTTPDate.parse("Sun, 31 Feb 1994 08:49:37 GMT") == nil)
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 CET") == nil)
    }

    @Test func fileMode_aKeyReadableByOthers_failsWithTheChmodThatFixesIt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("credentials.key")
        _ = FileManager.default.createFile(atPath: path, contents: Data(repeating: 1, count: 32), attributes: [.posixPermissions: 0o644])
        let open = FileModeRule(path: path, what: "the credential key", forbidden: 0o077, mustBeOwned: true).finding(area: "key file")
        #expect(open.level == .fail)
        #expect(open.message.contains("mode 0644") && open.message.contains("its group and every user"), "\(open.message)")
        #expect(open.action == "chmod 0600 \(path)")
        chmod(path, 0o600)
        #expect(FileModeRule(path: path, what: "the credential key", forbidden: 0o077, mustBeOwned: true).finding().level == .ok)
    }

    /// Issue 46: a state directory of mode 0000 was "ok", since only modes too open failed.
    @Test func fileMode_aStateDirectoryClosedToItsOwner_failsWithTheChmodThatFixesIt() throws {
        let directory = try TemporaryDirectory()
        let state = directory.file("state")
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: false)
        chmod(state, 0o000)
        defer { chmod(state, 0o700) }
        let closed = FileModeRule(path: state, what: "the state directory", forbidden: 0o077, mustBeOwned: true, required: 0o700).finding()
        #expect(closed.level == .fail)
        #expect(closed.message.contains("mode 0000") && closed.message.contains("read, write and search permission (0700)"), "\(closed.message)")
        #expect(closed.action == "chmod 0700 \(state)")
        chmod(state, 0o500)
        #expect(FileModeRule(path: state, what: "the state directory", forbidden: 0o077, mustBeOwned: true, required: 0o700).finding().message
            .contains("write permission (0200)"))
        chmod(state, 0o700)
        #expect(FileModeRule(path: state, what: "the state directory", forbidden: 0o077, mustBeOwned: true, required: 0o700).finding().level == .ok)
    }

    @Test func fileMode_aMissingFile_fails() {
        let finding = FileModeRule(path: "/nonexistent/schedulerd.toml", what: "the configuration", forbidden: 0o022, mustBeOwned: false).finding()
        #expect(finding.level == .fail)
        #expect(finding.message.contains("No such file"))
    }

    /// Issue 46: a store failing for the engine (here, its claims) is a failed finding that says since when and what it
    /// blocks; a working one says its write lock is free and how much room is left.
    @Test func store_aFailureTheEngineMet_fails_andAWritableStoreIsOk() async throws {
        let directory = try TemporaryDirectory()
        var configuration = DaemonConfiguration()
        configuration.stateDirectory = directory.path
        let store = try SQLiteStore.open(path: configuration.databasePath)
        let health = StoreHealth(describe: { store.failure(of: $0) }, logger: Logger(label: "test"))
        let vault = try CredentialVault(key: testKey())
        let doctor = Doctor(configuration: configuration, environment: [:], store: store, vault: vault,
                            clock: ClockSkewProbe(targets: [], transport: CurlHTTPClient()), health: health)
        let writable = try #require(await doctor.storeFindings().first)
        #expect(writable.level == .ok && writable.message.contains("the write lock is free") && writable.message.contains("free on the device"),
                "\(writable.message)")

        health.failed(.publishing, DatabaseError(resultCode: .SQLITE_FULL, message: "database or disk is full"))
        let failing = try #require(await doctor.storeFindings().first)
        #expect(failing.level == .fail)
        #expect(failing.message.contains("no space left on the device holding \(directory.path)"), "\(failing.message)")
        #expect(failing.message.contains("1 failure") && failing.message.contains("it blocks publishing"), "\(failing.message)")
        health.succeeded(.publishing)
        #expect(try #require(await doctor.storeFindings().first).level == .ok)
    }

    @Test func database_aHealthyFile_isOkAndSaysWhatWasChecked() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore.open(path: directory.file("schedulerd.sqlite"))
        let integrity = try await store.checkIntegrity()
        #expect(integrity.problem == nil)
        #expect(integrity.what.contains("quick_check found nothing wrong"), "\(integrity.what)")
    }

    /// Issue 48, item 3: a set-up of only Bluesky, Mastodon or Threads failed with "no network app is configured", for only
    /// X, Facebook and LinkedIn apps were counted.
    @Test func configuration_aLinkedBlueskyAccountOrAThreadsApp_countsAsANetwork() async throws {
        let directory = try TemporaryDirectory()
        var configuration = DaemonConfiguration()
        configuration.stateDirectory = directory.path
        let store = try SQLiteStore.open(path: configuration.databasePath)
        let vault = try CredentialVault(key: testKey())
        func finding(_ configuration: DaemonConfiguration) async -> DoctorFinding {
            await Doctor(configuration: configuration, environment: [:], store: store, vault: vault,
                         clock: ClockSkewProbe(targets: [], transport: CurlHTTPClient())).configurationFinding()
        }
        let nothing = await finding(configuration)
        #expect(nothing.level == .fail && nothing.message.contains("no account is linked"), "\(nothing.message)")
        #expect(nothing.action?.contains("accounts add bluesky --handle") == true, "Bluesky links by app password only: \(nothing.action ?? "")")

        var threads = configuration
        threads.threads.appID = "threads-app"
        let app = await finding(threads)
        #expect(app.level == .ok && app.message.contains("apps for Threads"), "\(app.message)")

        let now = Date()
        for (network, handle) in [(Network.bluesky, "runner.bsky.social"), (.mastodon, "runner@mastodon.social")] {
            _ = try await store.upsertAccount(network: network, remoteID: handle, handle: handle, displayName: "Runner", authKind: .oauth2,
                                              grant: CredentialGrant(accessExpiresAt: nil), now: now, replacing: nil) { id in
                try vault.seal(.oauth2(accessToken: "a", refreshToken: nil, expiresAt: nil), accountID: id)
            }
        }
        let linked = await finding(configuration)
        #expect(linked.level == .ok && linked.message.contains("accounts linked on Bluesky, Mastodon"), "\(linked.message)")
    }

    @Test func report_findsAKeyThatNoLongerOpensAnAccountsCredentials_andTokensThatNeedAPerson() async throws {
        let directory = try TemporaryDirectory()
        var configuration = DaemonConfiguration()
        configuration.stateDirectory = directory.path
        configuration.sandbox = true
        let store = try SQLiteStore.open(path: configuration.databasePath)
        let vault = try CredentialVault.load(stateDirectory: directory.path, environment: [:], sealedCredentials: 0)
        let otherVault = try CredentialVault(key: Array(repeating: 7, count: 32))
        try await store.addAccount("runner", vault: vault)
        try await store.addAccount("stranger", vault: otherVault)
        let now = Date()
        _ = try await store.upsertAccount(network: .linkedin, remoteID: "li-1", handle: "club", displayName: "Club", authKind: .oauth2,
                                          grant: CredentialGrant(accessExpiresAt: now.addingTimeInterval(3 * 86_400)), now: now, replacing: nil) { id in
            try vault.seal(.oauth2(accessToken: "a", refreshToken: nil, expiresAt: nil), accountID: id)
        }
        let doctor = Doctor(configuration: configuration, environment: [:], store: store, vault: vault,
                            clock: ClockSkewProbe(targets: [], transport: CurlHTTPClient()))
        let report = await doctor.examine(now: now)
        let key = try #require(report.checks.first { $0.area == "key file" && $0.level == .fail })
        #expect(key.message.contains("account 2 do not open"), "\(key.message)")
        let token = try #require(report.checks.first { $0.area == "token" && $0.level == .warn })
        #expect(token.message.contains("linkedin:@club token expires in"), "\(token.message)")
        #expect(report.checks.contains { $0.area == "database" && $0.level == .ok })
        #expect(report.checks.contains { $0.area == "api version" && $0.message.hasPrefix("Graph \(GraphVersions.current)") })
        #expect(report.worst == .fail)
        // Issue 25, bug 9: one rule for the zone of a local time, the one schedctl and the README state.
        let setup = try #require(report.checks.first { $0.area == "configuration" })
        #expect(setup.message.contains("the daemon's zone is \(configuration.timeZone.identifier) (\(LocalTimeRule.daemonZoneUse))"), "\(setup.message)")
        #expect(!setup.message.contains("local times read in \(configuration.timeZone.identifier)"))
    }
}

extension DoctorTests {
    /// Issue 25: an account every recent delivery of which was refused for a permission is not "ready": doctor fails it,
    /// naming the account, the refusal (with the permission) and what lets it publish.
    @Test func report_failsAnAccountWhoseDeliveriesWereRefusedForAPermission() async throws {
        let directory = try TemporaryDirectory()
        var configuration = DaemonConfiguration()
        configuration.stateDirectory = directory.path
        let store = try SQLiteStore.open(path: configuration.databasePath)
        let vault = try CredentialVault.load(stateDirectory: directory.path, environment: [:], sealedCredentials: 0)
        let page = try await store.addAccount("club", network: .facebook, vault: vault)
        try await store.addAccount("runner", vault: vault)
        let now = Date()
        try await store.addPost(due: now, to: [page])
        let claim = try #require(try await store.claimDue(now: now, limit: 1).claimed.first)
        try await store.recordPermissionRefused(claim, attempt: attempt(at: now, status: 400, outcome: "error", errorClass: "permission"),
                                                error: "Facebook: (#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts")
        let doctor = Doctor(configuration: configuration, environment: [:], store: store, vault: vault,
                            clock: ClockSkewProbe(targets: [], transport: CurlHTTPClient()))
        let report = await doctor.examine(now: now)
        let refused = try #require(report.checks.first { $0.area == "token" && $0.level == .fail })
        #expect(refused.message.contains("facebook:@club cannot publish: its last delivery was refused") && refused.message.contains("pages_manage_posts"),
                "\(refused.message)")
        #expect(refused.action?.contains("schedctl accounts link facebook") == true)
        #expect(report.checks.contains { $0.area == "token" && $0.level == .ok && $0.message.hasPrefix("1 account ready") }, "the other account is")
    }
}

/// The PostgreSQL store's integrity finding, on the throwaway test cluster.
@Suite struct DoctorPostgresTests {
    @Test func database_aMigratedPostgreSQLStore_isOkAndNamesTheServersOwnCheck() async throws {
        let integrity = try await withPostgresStore(lease: 86_400, register: false) { store in try await store.checkIntegrity() }
        #expect(integrity.problem == nil)
        #expect(integrity.what.contains("migrations applied") && integrity.what.contains("pg_amcheck"), "\(integrity.what)")
    }
}
