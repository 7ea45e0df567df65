import Foundation
import HTTPClient

/// Why the control socket did not answer, found by looking at the socket itself: libcurl only says it
/// "failed to connect to localhost port 80", which names neither the socket nor the cause.
extension ControlClient {
    /// The error for a request that never got an answer: which of "no socket", "permission denied",
    /// "a stale socket" and "no answer in time" it was, and what to do about it. Exit code 4 for each.
    func unreachable(_ error: HTTPClientError, waited: Duration? = nil) -> CLIError {
        CLIError(exitCode: ExitCodes.unreachable,
                 message: SocketDiagnosis(path: socketPath, source: socketSource, waited: waited).message(for: error.code))
    }
}

/// What is (or is not) at the control socket's path, and the sentence that says so.
struct SocketDiagnosis {
    let path: String
    /// `--socket`, `$SCHEDCTL_SOCKET`, or the default path.
    let source: String
    /// How long the request waited for its answer, when known.
    var waited: Duration? = nil

    func message(for code: HTTPClientError.Code) -> String {
        if code == .timedOut {
            let within = waited.map { " within \($0.components.seconds) s" } ?? " in time"
            return "schedulerd at \(path) did not answer\(within); it may be overloaded or stuck: look at its log (`journalctl -u schedulerd`) and restart it if it stays silent"
        }
        var info = stat()
        if lstat(path, &info) != 0 {
            return errno == EACCES ? directoryDenied() : noSocket()
        }
        guard info.st_mode & S_IFMT == S_IFSOCK else {
            return "\(path) (\(source)) is not a socket; point --socket or $SCHEDCTL_SOCKET at schedulerd's control socket (`socket` in its configuration, by default STATE_DIR/control.sock)"
        }
        let owner = Self.owner(of: info)
        if code == .connectionLost {
            if getuid() != 0 && getuid() != info.st_uid {
                return "schedulerd at \(path) closed the connection: it answers only its own user (\(owner.user)) and root, and schedctl runs as \(Self.userName(getuid())); \(Self.runAs(owner.user))"
            }
            return "schedulerd at \(path) closed the connection without answering; it may have stopped or restarted: run `schedctl status` to see whether it is back"
        }
        switch UnixSocketProbe.connectErrno(path) {
        case EACCES, EPERM:
            return "permission denied on schedulerd's socket \(path) (owner \(owner.user), group \(owner.group), mode \(Self.octal(info.st_mode))); "
                + "schedulerd answers only its own user and root, and schedctl runs as \(Self.userName(getuid())): \(Self.runAs(owner.user))"
        case ECONNREFUSED:
            return "nothing is listening on \(path): the socket was left by a schedulerd that is no longer running (a stale socket). "
                + "Start schedulerd again (`systemctl start schedulerd`, or `schedulerd --sandbox --state-dir DIR`); it replaces the socket"
        case 0:
            return "schedulerd at \(path) accepted the connection but did not answer; it may have been starting or stopping: try again, and look at its log if it persists"
        case let other:
            return "cannot connect to schedulerd's socket \(path): \(String(cString: strerror(other)))"
        }
    }

    private func noSocket() -> String {
        let directory = (path as NSString).deletingLastPathComponent
        let place = FileManager.default.fileExists(atPath: directory) ? "no socket at \(path)" : "no socket at \(path) (there is no directory \(directory))"
        return "\(place), from \(source): is schedulerd running, and is this its socket? "
            + "Start it (`systemctl start schedulerd`, or `schedulerd --sandbox --state-dir DIR`, whose socket is DIR/control.sock), "
            + "or point --socket or $SCHEDCTL_SOCKET at the socket it uses"
    }

    /// The socket's path cannot even be looked at: a directory on the way is closed to this user.
    private func directoryDenied() -> String {
        var directory = (path as NSString).deletingLastPathComponent
        var info = stat()
        // The deepest directory this user may look at, then the one inside it that is closed.
        var closed = directory
        while !directory.isEmpty && directory != "/" {
            if stat(directory, &info) == 0 && access(directory, X_OK) == 0 { break }
            closed = directory
            directory = (directory as NSString).deletingLastPathComponent
        }
        guard stat(closed, &info) == 0 else {
            return "permission denied looking for schedulerd's socket \(path); run schedctl as the user schedulerd runs as (`sudo -u schedulerd schedctl …`) or as root"
        }
        let owner = Self.owner(of: info)
        return "permission denied looking for schedulerd's socket \(path): schedctl runs as \(Self.userName(getuid())), and \(closed) "
            + "(owner \(owner.user), group \(owner.group), mode \(Self.octal(info.st_mode))) is closed to it; \(Self.runAs(owner.user))"
    }


    static func owner(of info: stat) -> (user: String, group: String) {
        let group = getgrgid(info.st_gid).map { String(cString: $0.pointee.gr_name) } ?? String(info.st_gid)
        return (userName(info.st_uid), group)
    }

    /// "run `sudo -u schedulerd schedctl …` (or as root)", or just `sudo` when the owner is root.
    static func runAs(_ user: String) -> String {
        user == "root" ? "run schedctl as root (`sudo schedctl …`)" : "run `sudo -u \(user) schedctl …` (or as root)"
    }

    static func userName(_ uid: uid_t) -> String {
        getpwuid(uid).map { String(cString: $0.pointee.pw_name) } ?? String(uid)
    }

    static func octal(_ mode: mode_t) -> String {
        "0" + String(mode & 0o777, radix: 8)
    }
}
