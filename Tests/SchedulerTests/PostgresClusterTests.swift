import Foundation
import PostgresTestCluster
import Testing

/// The throwaway PostgreSQL cluster the store's tests run against: a real server from the distribution's
/// binaries, not root's, on a Unix socket only, with password authentication, and a database per test.
@Suite struct PostgresClusterTests {
    @Test func shared_givesEachCallerAFreshDatabaseOverTheSocket() async throws {
        let cluster = try await PostgresCluster.shared()
        #expect(try await PostgresCluster.shared() === cluster)

        let first = try await cluster.createDatabase()
        let second = try await cluster.createDatabase("orders")
        #expect(first.name != second.name)
        #expect(second.name.hasPrefix("orders_"))
        for database in [first, second] {
            #expect(try await cluster.psql("SELECT current_database()", database: database.name) == database.name)
            #expect(database.url == "postgresql://schedulerd@/\(database.name)?host=\(cluster.socketDirectory)&port=\(cluster.port)")
        }
        #expect(try await cluster.psql("SELECT version()", database: first.name).hasPrefix("PostgreSQL "))
        #expect(try await cluster.psql("SELECT current_user", database: second.name) == "schedulerd")
        #expect(try await cluster.psql("CREATE TABLE t (n int); SELECT count(*) FROM t", database: first.name) == "0")
        #expect(try await cluster.psql("SELECT count(*) FROM pg_tables WHERE tablename = 't'", database: second.name) == "0")
    }

    @Test func shared_asksForThePassword_whichIsInAPrivateFile() async throws {
        let cluster = try await PostgresCluster.shared()
        let database = try await cluster.createDatabase()

        let methods = try await cluster.psql("SELECT DISTINCT auth_method FROM pg_hba_file_rules", database: database.name)
        #expect(methods == "scram-sha-256")
        #expect(try String(contentsOfFile: database.passwordFile, encoding: .utf8) == cluster.password)
        #expect(permissions(database.passwordFile) == 0o600)
        #expect(owner(database.passwordFile) == geteuid())
    }

    @Test func shared_runsAsAnotherUserThanRoot_andListensOnNoTCPPort() async throws {
        let cluster = try await PostgresCluster.shared()
        let database = try await cluster.createDatabase()

        if geteuid() == 0 {
            let dataOwner = try #require(owner(cluster.dataDirectory))
            #expect(dataOwner != 0)
        }
        #expect(permissions(cluster.socketDirectory) == 0o700)
        #expect(try await cluster.psql("SHOW listen_addresses", database: database.name) == "")
        #expect(try await cluster.psql("SHOW unix_socket_directories", database: database.name) == cluster.socketDirectory)
        #expect(FileManager.default.fileExists(atPath: "\(cluster.socketDirectory)/.s.PGSQL.\(cluster.port)"))
    }

    @Test func shared_cannotBeRestartedOrStopped_underOtherTests() async throws {
        let cluster = try await PostgresCluster.shared()
        await #expect(throws: PostgresClusterError.self) { try await cluster.restart() }
        await #expect(throws: PostgresClusterError.self) { try await cluster.stop() }
    }

    @Test func ownCluster_keepsItsDataAcrossARestart_andStopRemovesIt() async throws {
        let cluster = try await PostgresCluster.start()
        let database = try await cluster.createDatabase()
        _ = try await cluster.psql("CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)", database: database.name)
        let startedAt = try await cluster.psql("SELECT pg_postmaster_start_time()", database: database.name)

        try await cluster.restart()

        #expect(try await cluster.psql("SELECT n FROM kept", database: database.name) == "7")
        #expect(try await cluster.psql("SELECT pg_postmaster_start_time()", database: database.name) != startedAt)
        await #expect(throws: PostgresClusterError.self) { try await cluster.psql("SELECT nonsense FROM nowhere", database: database.name) }

        try await cluster.stop()

        #expect(!FileManager.default.fileExists(atPath: cluster.socketDirectory))
        await #expect(throws: PostgresClusterError.self) { try await cluster.psql("SELECT 1", database: database.name) }
    }
}

/// The uid owning the file at `path`, or nil when it does not exist.
private func owner(_ path: String) -> uid_t? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return info.st_uid
}
