import ArgumentParser
import Foundation
import Scheduler

/// `schedulerd store forget-credentials --state-dir DIR`: starts over without a credential key that is lost for good.
struct StoreForgetCredentialsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forget-credentials",
        abstract: "Forget every account's credentials when the credential key is damaged or lost and no backup holds it.",
        discussion: """
            The accounts' tokens are sealed under the credential key and open with no other. When the key is damaged \
            or lost and cannot be restored from a backup, this deletes the sealed credentials, marks each account that \
            held them needs_relink (its posts are kept and wait, their lateness limits still running), and moves the \
            old key aside as credentials.key.unusable-TIME. The next start makes a new key; then link each account \
            again with `schedctl accounts link NETWORK` (or `accounts add`), and its posts go out.

            The daemon must be stopped. SQLite state directories only: daemons sharing PostgreSQL share one key, which \
            another of them still has (copy it from there).

            Exit status: 0 done; 78 no database in the state directory; 75 a daemon still running on it; 74 the \
            database could not be changed (nothing was).

            Example:
              systemctl stop schedulerd
              sudo -u schedulerd schedulerd store forget-credentials --state-dir /var/lib/schedulerd
              systemctl start schedulerd
            """)

    /// `--state-dir` is the daemon's own option, read from the parent command (see ``StoreRestoreCommand``).
    @ParentCommand var daemon: SchedulerDaemonCommand

    var stateDir: String { daemon.stateDir ?? "/var/lib/schedulerd" }

    func run() async throws {
        do throws(StoreCommandError) {
            let report = try await CredentialReset(stateDirectory: stateDir, environment: ProcessInfo.processInfo.environment).run()
            let count = report.accounts.count
            print(count == 0 ? "no account held credentials in \(stateDir)"
                : "forgot the credentials of \(count) account\(count == 1 ? "" : "s") in \(stateDir); each is needs_relink and its posts wait: "
                    + report.accounts.joined(separator: ", "))
            if let moved = report.movedKey { print("the old credential key was moved to \(moved) (delete it once you no longer need it)") }
            if let credential = report.systemdCredential {
                print("the key comes from the systemd credential \(credential): give the unit a new one (or drop LoadCredential=schedulerd.key "
                    + "to let schedulerd make one in \(stateDir)) before starting it")
            }
            let networks = Set(report.accounts.compactMap { $0.split(separator: ":").first.map(String.init) }).sorted()
            print("start schedulerd, then link each account again: "
                + (networks.isEmpty ? "nothing to relink" : networks.map { "schedctl accounts link \($0)" }.joined(separator: "; ")))
        } catch {
            FileHandle.standardError.write(Data("schedulerd store forget-credentials: \(error.message)\n".utf8))
            throw ExitCode(error.exitCode)
        }
    }
}
