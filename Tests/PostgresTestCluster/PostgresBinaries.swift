import Foundation

/// Debian's PostgreSQL programs: `/usr/lib/postgresql/<version>/bin`, the highest version installed, since
/// Debian keeps them off PATH (`/usr/bin/psql` is a wrapper that picks a cluster of its own); else the
/// directory `pg_config --bindir` names, for a machine that installs PostgreSQL some other way.
struct PostgresBinaries: Sendable {
    let directory: String

    func path(_ program: String) -> String {
        (directory as NSString).appendingPathComponent(program)
    }

    static func locate() async throws -> PostgresBinaries {
        let debianRoot = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: debianRoot)) ?? [])
            .compactMap { name in version(name).map { (name, $0) } }
            .sorted { $0.1.lexicographicallyPrecedes($1.1) }
        for (name, _) in versions.reversed() {
            let candidate = PostgresBinaries(directory: "\(debianRoot)/\(name)/bin")
            if candidate.isComplete { return candidate }
        }
        if let pgConfig = findOnPath("pg_config") {
            let output = try await runCommand(pgConfig, ["--bindir"], environment: ProcessInfo.processInfo.environment)
            let candidate = PostgresBinaries(directory: output.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            if output.succeeded && candidate.isComplete { return candidate }
        }
        throw PostgresClusterError(
            "no PostgreSQL server programs (initdb, pg_ctl) in \(debianRoot)/<version>/bin or pg_config --bindir; "
                + "install Debian's postgresql package (`make deps`, or `apt-get install --no-install-recommends postgresql`)")
    }

    /// What the cluster needs: the server's tools and the clients the tests use.
    private var isComplete: Bool {
        ["initdb", "pg_ctl", "postgres", "createdb", "psql"].allSatisfy { FileManager.default.isExecutableFile(atPath: path($0)) }
    }

    /// "15" → [15], "9.6" → [9, 6]; nil for anything that is not a version.
    private static func version(_ name: String) -> [Int]? {
        let parts = name.split(separator: ".").map { Int($0) }
        return parts.isEmpty || parts.contains(nil) ? nil : parts.compactMap { $0 }
    }
}

/// The first executable `program` on PATH.
func findOnPath(_ program: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"
    return path.split(separator: ":").map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}
