import ArgumentParser
import Foundation
import Scheduler

/// `schedulerd store restore FILE --state-dir DIR`: puts a `schedctl backup` in place, with the daemon stopped.
struct StoreRestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Restore a `schedctl backup` (FILE and FILE.key) into a state directory.",
        discussion: """
            --state-dir DIR names the state directory (default /var/lib/schedulerd), as for the daemon. Checks the backup (SQLite's quick_check) and that the key opens every account's credentials in it, \
            then copies the database into STATE_DIR/schedulerd.sqlite and the key into STATE_DIR/credentials.key, \
            both mode 0600. The state directory must hold no database (move an old one aside first) and no \
            daemon may run on it. Run it as the daemon's user, so the files are that user's.

            The backup holds no media files: copy the old state directory's media/ along if posts still to go \
            out have images (the restore says how many are missing).

            Exit status: 0 restored; 78 a missing file or malformed key; 65 not a sound schedulerd backup, a key \
            that does not open it, or a state directory that already has a database; 75 a daemon still running \
            on the state directory; 74 the copy failed midway (nothing was kept).

            Example:
              systemctl stop schedulerd
              sudo -u schedulerd schedulerd store restore /srv/backups/sched-2025-06-01.sqlite --state-dir /var/lib/schedulerd
              systemctl start schedulerd
            """)

    @Argument(help: ArgumentHelp("The database file `schedctl backup FILE` wrote.", valueName: "FILE"))
    var file: String

    @Option(help: ArgumentHelp("The key file written beside it (default: FILE.key).", valueName: "FILE.key"))
    var key: String?

    /// `--state-dir` is the daemon's own option (ArgumentParser gives an option both commands declare to the parent):
    /// read from there, so `schedulerd store restore FILE --state-dir DIR` names the same directory `schedulerd --state-dir DIR` runs on.
    @ParentCommand var daemon: SchedulerDaemonCommand

    var stateDir: String { daemon.stateDir ?? "/var/lib/schedulerd" }

    func run() throws {
        do throws(StoreCommandError) {
            let report = try BackupRestore(backupPath: file, keyPath: key, stateDirectory: stateDir).run()
            print("restored \(file) into \(stateDir): \(report.posts) post\(report.posts == 1 ? "" : "s"), "
                + "\(report.accounts) account\(report.accounts == 1 ? "" : "s"), credentials open with the key")
            if report.missingMedia > 0 {
                print("warning: \(report.missingMedia) media file\(report.missingMedia == 1 ? "" : "s") of posts still to go out "
                    + "\(report.missingMedia == 1 ? "is" : "are") not in \(stateDir)/media: copy the old state directory's media/ there before starting")
            }
            print("start the daemon on it: schedulerd --state-dir \(stateDir) (or systemctl start schedulerd)")
        } catch {
            FileHandle.standardError.write(Data("schedulerd store restore: \(error.message)\n".utf8))
            throw ExitCode(error.exitCode)
        }
    }
}
