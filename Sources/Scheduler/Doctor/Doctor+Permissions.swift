import Foundation
import SchedulerCore
import SchedulerServices

/// The files whose modes keep tokens and posts private: the state directory, the database, the credential key, the
/// app secrets and the configuration.
extension Doctor {
    package func permissionFindings() -> [DoctorFinding] {
        var findings: [DoctorFinding] = []
        let stateDirectory = configuration.stateDirectory
        findings.append(FileModeRule(path: stateDirectory, what: "the state directory", forbidden: 0o077, mustBeOwned: true, required: 0o700).finding())
        let keyPath = CredentialVault.keyPath(stateDirectory: stateDirectory, environment: environment)
        // A systemd credential is systemd's file, made readable to the service whoever owns it; the state directory's is ours.
        let ownKey = !keyPath.hasPrefix((environment["CREDENTIALS_DIRECTORY"] ?? "/nonexistent") + "/")
        findings.append(FileModeRule(path: keyPath, what: "the credential key", forbidden: 0o077, mustBeOwned: ownKey, required: ownKey ? 0o400 : 0)
            .finding(area: "key file"))
        if configuration.store.postgres == nil {
            findings.append(FileModeRule(path: configuration.databasePath, what: "the database", forbidden: 0o077, mustBeOwned: true, required: 0o600).finding())
        }
        let secrets: [(String?, String)] = [
            (configuration.x.consumerSecretFile, "networks.x.consumer_secret_file"), (configuration.x.clientSecretFile, "networks.x.client_secret_file"),
            (configuration.facebook.appSecretFile, "networks.facebook.app_secret_file"),
            (configuration.linkedin.clientSecretFile, "networks.linkedin.client_secret_file"),
            (configuration.store.passwordFile, "store.password_file"),
        ]
        for case let (path?, key) in secrets {
            findings.append(FileModeRule(path: path, what: key, forbidden: 0o007, mustBeOwned: false).finding())
        }
        if let file = configuration.configurationFile {
            // Readable by the schedulerd group is expected (0640); writable by anyone but its owner is not.
            findings.append(FileModeRule(path: file, what: "the configuration", forbidden: 0o022, mustBeOwned: false).finding())
        }
        return findings
    }
}

/// Which permission bits a file must not have, which its owner needs, and whether the daemon's own user must own it.
package struct FileModeRule {
    package var path: String
    package var what: String
    /// Bits that must be clear: 0o077 for private files (0600/0700), 0o007 for files the group may read.
    package var forbidden: mode_t
    package var mustBeOwned: Bool
    /// Bits that must be set for the daemon, its owner, to use it: 0o700 for the state directory, 0o600 for the
    /// database. A mode of 0000 is closed to everyone but root (issue 46: doctor called it "ok"); root ignores modes,
    /// so a daemon run as root works on until it runs as its own user.
    package var required: mode_t = 0

    package func finding(area: String = "permissions") -> DoctorFinding {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return .fail(area, "\(what) \(path) cannot be examined: \(String(cString: strerror(errno)))",
                         action: "check that it exists and that the daemon's user can reach it")
        }
        let mode = info.st_mode & 0o7777
        let shown = "\(what) \(path) (mode \(String(format: "%04o", mode)))"
        if mustBeOwned, info.st_uid != geteuid() {
            return .fail(area, "\(shown) belongs to uid \(info.st_uid), not to the daemon's user (uid \(geteuid()))",
                         action: "chown it to the user schedulerd runs as (`chown -R schedulerd: DIR` for the state directory)")
        }
        if mode & required != required {
            let missing = required & ~mode
            return .fail(area, "\(shown) is closed to its owner, the daemon's user: it lacks \(Self.owner(missing))",
                         action: "chmod \(String(format: "%04o", (mode & ~forbidden) | required)) \(path)")
        }
        guard mode & forbidden == 0 else {
            let wanted = mode & ~forbidden
            return .fail(area, "\(shown) is open to \(Self.audience(mode & forbidden))",
                         action: "chmod \(String(format: "%04o", wanted)) \(path)")
        }
        return .ok(area, shown)
    }

    /// `read, write and search (0700)`: the owner's bits a file lacks, in words.
    private static func owner(_ bits: mode_t) -> String {
        var words: [String] = []
        if bits & 0o400 != 0 { words.append("read") }
        if bits & 0o200 != 0 { words.append("write") }
        if bits & 0o100 != 0 { words.append("search") }
        let listed = words.count > 1 ? words.dropLast().joined(separator: ", ") + " and " + words.last! : words.joined()
        return "\(listed) permission (\(String(format: "%04o", bits)))"
    }

    private static func audience(_ bits: mode_t) -> String {
        var who: [String] = []
        if bits & 0o070 != 0 { who.append("its group") }
        if bits & 0o007 != 0 { who.append("every user") }
        return who.joined(separator: " and ")
    }
}
