import ArgumentParser
import Logging
import Sandbox
import SchedulerCore
import ServiceLifecycle

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the sandbox networks as a process of their own, for end-to-end tests and manual poking.
struct SandboxDaemon: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sandboxd",
        abstract: "Serve local emulations of the social networks on loopback.",
        discussion: """
            Each network host gets its own port: X; Facebook Graph (which serves Instagram too); LinkedIn; a Bluesky PDS; \
            two Mastodon instances (mastodon.sandbox, long.sandbox); Threads. Once all accept connections it prints one line, \
            `sandboxd listening http://127.0.0.1:PX facebook=URL linkedin=URL bluesky=URL mastodon=URL mastodon-long=URL threads=URL instance=ID` \
            (X's URL is the third word; the instance is new at every start), and stops gracefully on SIGTERM or SIGINT. \
            Every port answers GET /_sandbox/received, /rejected, /issued, /revoked, /listeners, /faults and /listings. \
            With --fault-rate above 0, that share of API calls meets a fault (5xx, rate limit, slow answer, \
            slow commit, gateway timeout after the post was made, dropped connection, lost answer, expired token; \
            credits_depleted, X's 402, only when named); \
            PUT /_sandbox/faults changes the plan while running, POST /_sandbox/x/credits tops X's credits up. \
            The LinkedIn app has the products --linkedin-products names, which decide the scopes it may ask for. \
            A new post shows up in the account's listings --listing-lag after it was made (reads by id work at once), \
            and listings show its text as the network rewrites it unless --no-rewrite-listed-text; \
            PUT /_sandbox/listings changes both while running. \
            With --exit-with-stdin it exits when its standard input reaches end of file and leaves Ctrl-C to its parent: \
            schedulerd --sandbox starts it so, holding the pipe's other end, so it never outlives the daemon.

            Examples:
              sandboxd
              sandboxd --port 8080 --access-token-lifetime 2s --code-lifetime 1s
              sandboxd --ports x=8080,mastodon=8085,threads=8087 --fall-back-from-taken-ports
              sandboxd --fault-rate 0.3 --faults server_error,rate_limit,slow,drop,lost_answer,expired_token --fault-seed 42
              sandboxd --linkedin-products share,openid,community
              sandboxd --fault-rate 0.2 --faults slow_commit,gateway_timeout --fault-commit-delay 3s --listing-lag 5s
              curl -X PUT http://127.0.0.1:8080/_sandbox/listings -d '{"lag_seconds": 5, "rewrite_text": true}'
              curl -X PUT http://127.0.0.1:8080/_sandbox/faults -d '{"rate": 0.3, "seed": 42, "reset_seconds": 2}'
              curl -X POST http://127.0.0.1:8080/_sandbox/x/tokens -d '{"username":"runner"}'
            """,
        version: BuildInfo.versionLine
    )

    @Option(help: "The loopback address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "X's port; 0 picks a free one.")
    var port = 0

    @Option(help: "The Facebook Graph (and Instagram) port; 0 picks a free one.")
    var facebookPort = 0

    @Option(help: "LinkedIn's port; 0 picks a free one.")
    var linkedinPort = 0

    @Option(help: "The Bluesky PDS's port; 0 picks a free one.")
    var blueskyPort = 0

    @Option(help: "Ports by host, comma-separated HOST=PORT (\(SandboxAnnouncement.hosts.joined(separator: ", "))), over the flags above; 0 picks one.")
    var ports = ""

    @Flag(help: "When a port asked for is taken, listen on one the system picks instead of failing (schedulerd asks a restarted sandbox for its last ports).")
    var fallBackFromTakenPorts = false

    @Option(help: "Posts a Threads profile may publish in a moving day (Threads: 250); smaller to watch the quota hold posts back.")
    var threadsPostQuota = 250

    @Option(help: "How long every OAuth 2.0 access token lasts (90s, 15m, 2h, 60d); default: each network's real lifetime.", transform: lifetime)
    var accessTokenLifetime: Duration?

    @Option(help: "How long an authorization code or OAuth 1.0a request token stays usable.", transform: lifetime)
    var codeLifetime: Duration = .seconds(60)

    @Option(help: "How long a refresh token lasts; default: no expiry (X's refresh tokens end when used or revoked).", transform: lifetime)
    var refreshTokenLifetime: Duration?

    @Option(help: "The share of API calls that meet a fault, from 0 (none, the default) to 1 (all); never /_sandbox/ or OAuth pages.")
    var faultRate = 0.0

    @Option(help: "Comma-separated fault kinds to choose from (\(FaultKind.names)), or all (every kind but credits_depleted).")
    var faults = "all"

    @Option(help: "Seeds the fault choices, so a run can be replayed; default: a random seed, shown by GET /_sandbox/faults/plan.")
    var faultSeed: UInt64?

    @Option(help: "How far ahead a rate_limit fault puts the reset (1.5s, 1500ms, 2s).", transform: faultDuration)
    var faultReset: Duration = FaultPlan.defaultReset

    @Option(help: "How long a slow fault holds the answer back (1.5s, 1500ms).", transform: faultDuration)
    var faultSlow: Duration = FaultPlan.defaultSlow

    @Option(help: "How long a slow_commit fault holds a request before the network processes it (3s, 500ms).", transform: faultDuration)
    var faultCommitDelay: Duration = FaultPlan.defaultCommitDelay

    @Option(help: "How long after it was made a post first appears in listings (5s, 1500ms); default 0, at once.", transform: listingLagDuration)
    var listingLag: Duration = .zero

    @Flag(inversion: .prefixedNo, help: "List text as the networks rewrite it (X: t.co links, &amp; &lt; &gt;; Graph, LinkedIn: tidied whitespace).")
    var rewriteListedText = true

    @Option(help: "The sandbox LinkedIn app's products, comma-separated (\(LinkedInProduct.names)); default share,openid, what most apps have.")
    var linkedinProducts = "share,openid"

    @Option(help: "Log level (trace, debug, info, notice, warning, error, critical).")
    var logLevel: Logger.Level = .info

    @Flag(help: "Exit when standard input reaches end of file, and ignore SIGINT: for a parent that holds the pipe's other end.")
    var exitWithStdin = false

    func validate() throws {
        guard SandboxConfiguration.isLoopback(host) else {
            throw ValidationError("--host must be a loopback address (127.0.0.1, ::1 or localhost); got \(host).")
        }
        for (flag, value) in [("--port", port), ("--facebook-port", facebookPort), ("--linkedin-port", linkedinPort), ("--bluesky-port", blueskyPort)] {
            guard (0...65535).contains(value) else {
                throw ValidationError("\(flag) must be between 0 and 65535; got \(value).")
            }
        }
        guard threadsPostQuota >= 0 else { throw ValidationError("--threads-post-quota must be 0 or more; got \(threadsPostQuota).") }
        _ = try faultPlan()
        _ = try products()
        _ = try listenerPorts()
    }

    /// The ports `--ports` names, by host.
    func listenerPorts() throws -> [String: Int] {
        do throws(SandboxSettingError) {
            return try SandboxPorts.parse(ports)
        } catch {
            throw ValidationError("--ports: \(error.message)")
        }
    }

    /// The products `--linkedin-products` names.
    func products() throws -> Set<LinkedInProduct> {
        do throws(SandboxSettingError) {
            return try LinkedInProduct.parse(linkedinProducts.split(separator: ",").map(String.init))
        } catch {
            throw ValidationError("--linkedin-products: \(error.message)")
        }
    }

    /// The plan the `--fault-*` flags describe.
    func faultPlan() throws -> FaultPlan {
        do throws(FaultPlanError) {
            return try FaultPlan(rate: faultRate, kinds: FaultPlan.parseKinds(faults), seed: faultSeed, resetAfter: faultReset, slowBy: faultSlow,
                                 commitDelay: faultCommitDelay)
        } catch {
            let flag = switch error.code {
            case .invalidRate: "--fault-rate"
            case .unknownKind: "--faults"
            default: "--fault-reset/--fault-slow/--fault-commit-delay"
            }
            throw ValidationError("\(flag): \(error.message)")
        }
    }

    func run() async throws {
        let logger = Self.logger(level: logLevel)
        let configuration = SandboxConfiguration(
            host: host,
            port: port,
            facebookPort: facebookPort,
            linkedinPort: linkedinPort,
            accessTokenLifetime: accessTokenLifetime,
            authorizationCodeLifetime: codeLifetime,
            refreshTokenLifetime: refreshTokenLifetime,
            linkedinProducts: try products(),
            faults: try faultPlan(),
            listingLag: listingLag,
            rewritesListedText: rewriteListedText
        )
        var withPDS = configuration
        withPDS.blueskyPort = blueskyPort
        withPDS.threadsPostQuota = threadsPostQuota
        withPDS.listenerPorts = try listenerPorts()
        withPDS.fallsBackFromTakenPorts = fallBackFromTakenPorts
        let sandbox = SandboxServer(configuration: withPDS, logger: logger)
        if exitWithStdin {
            // A terminal's Ctrl-C reaches the whole process group; the parent decides when its sandbox stops.
            signal(SIGINT, SIG_IGN)
            StandardInputWatch.start(logger: logger)
        }
        let group = ServiceGroup(
            configuration: .init(
                services: [.init(service: sandbox)],
                gracefulShutdownSignals: exitWithStdin ? [.sigterm] : [.sigterm, .sigint],
                logger: logger
            )
        )
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            tasks.addTask { try await Self.announce(sandbox, logger: logger) }
            try await tasks.waitForAll()
        }
    }

    /// Logs to standard error at `level`.
    static func logger(level: Logger.Level) -> Logger {
        var logger = Logger(label: "sandboxd", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = level
        return logger
    }

    /// Prints the one line that tells a parent process where to connect (with this start's instance, new every time:
    /// the emulations keep their tokens in memory only), and flushes it at once; logs the fault plan and its seed first
    /// when faults are on, so a run can be replayed.
    static func announce(_ sandbox: SandboxServer, logger: Logger) async throws {
        let urls = try await sandbox.baseURLs()
        let (plan, seed) = await sandbox.faultPlan()
        if plan.isActive {
            logger.info("Sandbox fault injection on", metadata: [
                "fault.rate": "\(plan.rate)",
                "fault.kinds": "\(plan.kinds.sorted().map(\.rawValue).joined(separator: ","))",
                "fault.seed": "\(seed)",
            ])
        }
        print(announcement(urls, instance: SandboxInstance.make()))
        fflush(nil)  // all streams; naming `stdout` is not concurrency-safe in Swift 6
    }

    /// `sandboxd listening X facebook=F linkedin=L … instance=ID`, written where its readers parse it.
    static func announcement(_ urls: [String: String], instance: String? = nil) -> String {
        SandboxAnnouncement.line(urls, instance: instance)
    }

    /// Reads `1.5s`, `1500ms` or `2m` for the fault flags.
    static func faultDuration(_ text: String) throws -> Duration {
        guard let duration = FaultPlan.parseDuration(text) else {
            throw ValidationError("A fault duration is a number and a unit: 1.5s, 1500ms or 2m; got \(text).")
        }
        return duration
    }

    /// Reads `--listing-lag`: `0`, `5s`, `1500ms`, at most an hour.
    static func listingLagDuration(_ text: String) throws -> Duration {
        guard let duration = FaultPlan.parseDuration(text), duration <= ListingBehaviour.longestLag else {
            throw ValidationError("--listing-lag is a number and a unit from 0 to 1h: 5s, 1500ms or 1m; got \(text).")
        }
        return duration
    }

    /// Reads `2s`, `15m`, `2h` or `60d`.
    static func lifetime(_ text: String) throws -> Duration {
        guard let duration = SandboxConfiguration.parseLifetime(text) else {
            throw ValidationError("A lifetime is a whole number and a unit: 90s, 15m, 2h or 60d; got \(text).")
        }
        return duration
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}

/// sandboxd's entry point, for the one program the package ships (Sources/schedulerd), which runs it when called by
/// the name `sandboxd`.
public func sandboxdMain() async {
    await SandboxDaemon.main()
}
