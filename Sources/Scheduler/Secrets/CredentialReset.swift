import Foundation
import SchedulerServices
import SchedulerStores

/// `schedulerd store forget-credentials`: the way on when the credential key is damaged or lost and no backup holds it.
///
/// The sealed credentials open with that key alone, so they are worth nothing without it; and while the database holds
/// them, the daemon rightly refuses to make a new key (it would hide a key that could still be restored). This deletes
/// them in one transaction, marks their accounts `needs_relink` (posts are kept and wait), and moves the old key aside
/// (renamed, never deleted: a file someone may yet recover); the next start makes a new key, and each account is linked
/// again. SQLite state directories only: daemons sharing PostgreSQL share one key, which another of them still has.
package struct CredentialReset: Sendable {
    package var stateDirectory: String
    package var environment: [String: String]

    package init(stateDirectory: String, environment: [String: String]) {
        self.stateDirectory = stateDirectory
        self.environment = environment
    }

    /// What was done, for the person to act on.
    package struct Report: Sendable {
        /// The accounts to link again, `network:@handle`.
        package var accounts: [String]
        /// Where the old key went; nil when there was none in the state directory.
        package var movedKey: String?
        /// The systemd credential the key comes from, which this cannot move: the unit must be given a new one.
        package var systemdCredential: String?
    }

    /// The reason each account is given, shown by `status` and `accounts list`.
    package static let reason = "its credentials were forgotten with the credential key (schedulerd store forget-credentials); link it again"

    package func run(now: Date = Date()) async throws(StoreCommandError) -> Report {
        let database = (stateDirectory as NSString).appendingPathComponent("schedulerd.sqlite")
        guard FileManager.default.fileExists(atPath: database) else {
            throw StoreCommandError(.configuration, "\(database) does not exist: there are no credentials to forget in \(stateDirectory) "
                + "(give the daemon's --state-dir)")
        }
        let lock: StateDirectoryLock
        do throws(StateDirectoryLockError) { lock = try StateDirectoryLock.acquire(stateDirectory: stateDirectory) } catch {
            throw StoreCommandError(error.kind == .held ? .inUse : .failed, error.message)
        }
        defer { withExtendedLifetime(lock) {} }
        let accounts: [String]
        do {
            let store = try SQLiteStore.open(path: database)
            accounts = try await store.forgetSealedCredentials(reason: Self.reason, now: now)
        } catch {
            throw StoreCommandError(.failed, "cannot forget the credentials in \(database): \(error); nothing was changed")
        }
        let keyPath = CredentialVault.keyPath(stateDirectory: stateDirectory, environment: environment)
        guard keyPath == (stateDirectory as NSString).appendingPathComponent("credentials.key") else {
            return Report(accounts: accounts, movedKey: nil, systemdCredential: keyPath)
        }
        guard FileManager.default.fileExists(atPath: keyPath) else { return Report(accounts: accounts, movedKey: nil, systemdCredential: nil) }
        let aside = keyPath + ".unusable-" + Self.stamp(now)
        guard rename(keyPath, aside) == 0 else {
            throw StoreCommandError(.failed, "the credentials were forgotten, but \(keyPath) cannot be moved aside (\(String(cString: strerror(errno)))); "
                + "move it yourself, then start schedulerd")
        }
        return Report(accounts: accounts, movedKey: aside, systemdCredential: nil)
    }

    /// `20261126T201500Z`: when the key was moved aside, so two resets never collide.
    private static func stamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }
}
