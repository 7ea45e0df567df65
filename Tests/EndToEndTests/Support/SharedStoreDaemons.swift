import Foundation
import PostgresTestCluster

/// Daemons sharing a PostgreSQL database, as the shared-store tests start them.
extension DaemonUnderTest {
    /// `[store]` for `database`, with `[engine]` settings after it when given.
    static func sharedStoreConfig(_ database: PostgresTestDatabase, store extra: String = "", engine: String? = nil) -> String {
        var config = "[store]\nurl = \"\(database.url)\"\npassword_file = \"\(database.passwordFile)\"\n"
        if !extra.isEmpty { config += extra + "\n" }
        if let engine { config += "[engine]\n" + engine + "\n" }
        return config
    }

    /// A short lease (a dead daemon's claims are taken over within seconds), a quick re-read, and the crash test's
    /// recovery timeline with quick retries.
    static func quickClusterConfig(_ database: PostgresTestDatabase) -> String {
        sharedStoreConfig(database, store: "lease_s = 3\nreread_s = 1",
                          engine: "retry_base = \"1s\"\nretry_max = \"2s\"\nmax_attempts = 30\n" + quickRecovery)
    }

    /// Gives this daemon, before its first start, the credential key of `other`: every daemon sharing a database
    /// must be given the same one.
    func takeCredentialKey(from other: DaemonUnderTest) throws {
        let key = try Data(contentsOf: URL(fileURLWithPath: other.stateDirectory + "/credentials.key"))
        try FileManager.default.createDirectory(atPath: stateDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        guard FileManager.default.createFile(atPath: stateDirectory + "/credentials.key", contents: key, attributes: [.posixPermissions: 0o600]) else {
            throw E2EError("cannot write the credential key into \(stateDirectory)")
        }
    }
}
