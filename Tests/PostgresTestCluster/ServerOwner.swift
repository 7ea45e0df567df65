import Foundation

/// Who runs initdb, pg_ctl and the server. initdb and postgres refuse to run as root, so a test process
/// running as root hands them to the `postgres` system user Debian's package creates, through runuser
/// (util-linux); any other user runs them as itself.
struct ServerOwner: Sendable {
    /// The system user the commands run as; nil for the test process's own user.
    let name: String?
    let uid: uid_t
    let gid: gid_t
    private let runuser: String?

    static func forThisProcess() throws -> ServerOwner {
        guard geteuid() == 0 else {
            return ServerOwner(name: nil, uid: geteuid(), gid: getegid(), runuser: nil)
        }
        var entry = passwd()
        var found: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16_384)
        guard getpwnam_r("postgres", &entry, &buffer, buffer.count, &found) == 0, found != nil else {
            throw PostgresClusterError(
                "the tests run as root, and PostgreSQL will not: the cluster runs as the `postgres` system user, "
                    + "which does not exist; install Debian's postgresql package, which creates it "
                    + "(`make deps`, or `apt-get install --no-install-recommends postgresql`), or run the tests as another user")
        }
        guard let runuser = ["/usr/sbin/runuser", "/sbin/runuser"].first(where: FileManager.default.isExecutableFile(atPath:))
            ?? findOnPath("runuser")
        else {
            throw PostgresClusterError("the tests run as root and need runuser (util-linux) to start PostgreSQL as the postgres user")
        }
        return ServerOwner(name: "postgres", uid: entry.pw_uid, gid: entry.pw_gid, runuser: runuser)
    }

    /// The executable and arguments that run `executable` as this user. runuser without `-l` keeps the
    /// environment (PGPASSWORD among it) but for HOME, SHELL, USER and LOGNAME.
    func command(_ executable: String, _ arguments: [String]) -> (executable: String, arguments: [String]) {
        guard let runuser, let name else { return (executable, arguments) }
        return (runuser, ["-u", name, "--", executable] + arguments)
    }

    /// Hands `path` to this user (when that is not us), so the server can write where we created.
    func take(_ path: String) throws {
        guard name != nil else { return }
        guard chown(path, uid, gid) == 0 else {
            throw PostgresClusterError("could not give \(path) to the \(name ?? "") user: \(String(cString: strerror(errno)))")
        }
    }
}
