import ArgumentParser
import Foundation
import Logging
import Scheduler
import SchedulerCore
import SchedulerDomain
import SchedulerServices

/// `schedulerd`: the daemon (the command itself, as always), and `schedulerd store copy`. Everything they do lives in
/// the Scheduler library; this only reads the command line.
struct SchedulerDaemonCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedulerd",
        abstract: "Keeps scheduled social-media posts in SQLite and publishes them on time.",
        discussion: """
            Examples:
              schedulerd --sandbox --state-dir /tmp/sched      run against local network emulations (sandboxd, started beside it)
              schedulerd --config /etc/schedulerd/schedulerd.toml
              schedulerd --check-config --config my.toml
            The configuration is read from --config, else $SCHEDULERD_CONFIG, else /etc/schedulerd/schedulerd.toml.
            Without a subcommand, schedulerd runs the daemon; `schedulerd store copy` moves its SQLite store to PostgreSQL.
            """,
        version: BuildInfo.versionLine,
        subcommands: [StoreCommand.self])

    @Option(help: "The TOML configuration file.")
    var config: String?

    @Flag(help: "Publish to local emulations of the networks instead of the real ones: sandboxd, started from beside schedulerd or PATH.")
    var sandbox = false

    @Option(name: .customLong("state-dir"), help: "Where the database, the credential key and handoff bundles live.")
    var stateDir: String?

    @Option(help: "The control socket (default: STATE_DIR/control.sock).")
    var socket: String?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: String?

    @Option(name: .customLong("log-format"), help: "text (for people) or json (one object per line, for log shippers).")
    var logFormat: String?

    @Flag(name: .customLong("check-config"), help: "Check the configuration, print what it resolves to, and exit.")
    var checkConfig = false

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let (configuration, source) = try resolveConfiguration(environment: environment)
        if checkConfig {
            try await printCheckedConfiguration(configuration, source: source, environment: environment)
            return
        }
        DaemonLogging.bootstrap(format: configuration.logFormat, level: configuration.logLevel)
        let logger = Logger(label: "schedulerd")
        do {
            try await Daemon(configuration: configuration, environment: environment, logger: logger).run()
        } catch {
            Self.fail(Self.stopMessage(error))
            throw ExitCode(Self.exitStatus(error))
        }
    }

    /// The configuration from the file, the command line and the environment, or exit 78 (EX_CONFIG) saying what is wrong.
    private func resolveConfiguration(environment: [String: String]) throws -> (DaemonConfiguration, String) {
        var options = DaemonOptions()
        options.configPath = config
        options.sandbox = sandbox
        options.stateDirectory = stateDir
        options.socketPath = socket
        options.logLevel = logLevel
        options.logFormat = logFormat
        do {
            return try DaemonConfiguration.resolve(options, environment: environment)
        } catch {
            Self.fail("configuration error: \(error.message.trimmingCharacters(in: CharacterSet(charactersIn: ". "))). Fix it and check with `schedulerd --check-config`; "
                + "config/schedulerd.toml documents every key. Nothing was started.")
            throw ExitCode(78)  // EX_CONFIG
        }
    }

    /// `--check-config`: what the configuration resolves to. The shared store is connected to, so a wrong URL, password
    /// or TLS setting shows here, not at start.
    private func printCheckedConfiguration(_ configuration: DaemonConfiguration, source: String, environment: [String: String]) async throws {
        let storeLines: [String]
        do {
            storeLines = try await Daemon(configuration: configuration, environment: environment, logger: Logger(label: "schedulerd"))
                .describeStore()
        } catch let error as StoreError {
            Self.fail("the store cannot be used: \(error.message.asClause). Nothing was started.")
            throw ExitCode(74)  // EX_IOERR, as at start
        } catch {
            Self.fail("configuration error: the store cannot be used: \(String(describing: error).asClause). Nothing was started.")
            throw ExitCode(78)
        }
        print("configuration OK (\(source))")
        print("  state_dir: \(configuration.stateDirectory)")
        print("  socket:    \(configuration.resolvedSocketPath)")
        print("  sandbox:   \(configuration.sandbox)")
        print("  timezone:  \(configuration.timeZone.identifier)")
        print("  log:       \(configuration.logLevel), \(configuration.logFormat.rawValue)")
        print("  versions:  Graph \(configuration.facebook.graphVersion), LinkedIn \(configuration.linkedin.version)")
        for line in CheckedConfigurationText.lines(configuration) { print("  \(line)") }
        for warning in APIVersionWarnings.check(configuration, now: Date()) { print("warning: \(warning.message)") }
        for line in storeLines { print("  \(line)") }
    }

    /// The one line a stopped daemon leaves: the error's own message, or for anything unexpected a readable line
    /// rather than the argument parser's bare "Error:".
    private static func stopMessage(_ error: any Error) -> String {
        switch error {
        case let error as ConfigurationError: error.message
        case let error as StateDirectoryLockError: error.message
        case let error as StoreError: error.message
        case let error as StateDirectoryError: error.message
        case let error as CredentialVaultError: error.message
        case let error as SandboxdError: error.message
        default: "stopped by an unexpected error: \(error)"
        }
    }

    /// The exit status systemd logs, by what stopped the daemon (sysexits.h).
    private static func exitStatus(_ error: any Error) -> Int32 {
        switch error {
        case is ConfigurationError, is CredentialVaultError: 78  // EX_CONFIG
        // 75 (EX_TEMPFAIL): another daemon owns the directory; distinct so scripts and units can tell.
        case let error as StateDirectoryLockError: error.kind == .held ? 75 : 74
        // EX_IOERR: a database or state directory that cannot be used.
        case is StoreError, is StateDirectoryError: 74
        case is SandboxdError: 69  // EX_UNAVAILABLE: sandbox mode's emulations could not be started
        default: 70  // EX_SOFTWARE
        }
    }

    /// ArgumentParser's own `main`, except that a wrong argument to `store copy` ends with 78 (EX_CONFIG), as a wrong
    /// URL or password does there; the daemon's own command line keeps ArgumentParser's 64 (EX_USAGE).
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            var command = try await asyncParseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if arguments.first == StoreCommand.configuration.commandName, exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                exit(withError: ExitCode(78))
            }
            exit(withError: error)
        }
    }

    /// One line on standard error, prefixed so it stands out in the journal.
    private static func fail(_ message: String) {
        FileHandle.standardError.write(Data("schedulerd: \(message)\n".utf8))
    }
}

/// The daemon's entry point, for the one program the package ships (Sources/schedulerd), which runs it under any name
/// but `schedctl` and `sandboxd`.
public func schedulerdMain() async {
    await SchedulerDaemonCommand.main()
}
