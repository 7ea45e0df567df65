import ArgumentParser
import Foundation
import Logging
import Scheduler
import SchedulerCore
import SchedulerStores

/// `schedulerd store …`: what is done to a store with its daemon stopped.
struct StoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Work on a store while no daemon runs on it.",
        subcommands: [StoreCopyCommand.self, StoreRestoreCommand.self, StoreForgetCredentialsCommand.self])
}

/// `schedulerd store copy --from sqlite:PATH --to postgresql://…`: moves an installation onto PostgreSQL.
struct StoreCopyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy a schedulerd SQLite database into an empty PostgreSQL database.",
        discussion: """
            Copies accounts (their credentials sealed, byte for byte), posts and their media, deliveries, attempts, \
            events, settings and network pauses, keeping every id, in one PostgreSQL transaction: all or nothing. \
            The daemon using the SQLite file must be stopped; the file is only read. The target must be an empty \
            database (schedulerd's schema without rows is fine; rows, or another program's tables, are refused).

            The password comes from --password-file, else the systemd credential postgres-password, else none \
            (a local socket with peer authentication).

            Exit status: 0 copied; 78 a wrong argument, URL or password; 65 a target that is not empty, or a \
            source that cannot be copied; 75 a daemon still running on the source; 74 the copy failed midway \
            (nothing was kept).

            Example:
              systemctl stop schedulerd
              schedulerd store copy --from sqlite:/var/lib/schedulerd/schedulerd.sqlite \\
                --to 'postgresql://schedulerd@db.example.org/schedulerd?sslmode=verify-full' \\
                --password-file /etc/schedulerd/postgres-password
            """)

    @Option(help: ArgumentHelp("The SQLite database: sqlite:PATH, PATH the file or its state directory.", valueName: "sqlite:PATH"))
    var from: String

    @Option(help: ArgumentHelp("The empty PostgreSQL database, as [store] url: postgresql://USER@HOST:5432/DB?sslmode=verify-full.",
                               valueName: "url"))
    var to: String

    @Option(name: .customLong("password-file"), help: "A file holding only the PostgreSQL password.")
    var passwordFile: String?

    func run() async throws {
        do {
            let sourcePath = try StoreCopy.sourcePath(from)
            let location: PostgresLocation
            do {
                location = try PostgresLocation(url: to)
            } catch {
                throw StoreCommandError(.configuration, "--to: \(error.message)")
            }
            let password = try StoreCopy.password(file: passwordFile, environment: ProcessInfo.processInfo.environment)
            var logger = Logger(label: "schedulerd.store-copy")
            logger.logLevel = .warning
            var copy = StoreCopy(sourcePath: sourcePath, target: location, password: password, logger: logger)
            copy.progress = { table, rows in Self.note("\(table): \(Counted.of(rows, "row")) so far") }
            let report = try await copy.run()
            print(report.lines.joined(separator: "\n"))
        } catch let error as StoreCommandError {
            Self.note(error.message)
            throw ExitCode(error.exitCode)
        }
    }

    private static func note(_ message: String) {
        FileHandle.standardError.write(Data("schedulerd store copy: \(message)\n".utf8))
    }
}
