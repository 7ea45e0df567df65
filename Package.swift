// swift-tools-version:6.0
import Foundation
import PackageDescription

/// What `--version` says (Sources/CBuildInfo): the version from the VERSION file, or as the Makefile gives it (with
/// `+dirty` from a changed tree), the commit and the build date from the Makefile's environment. Only characters a
/// version can hold reach the C string.
func buildInfoDefine(_ name: String, _ value: String?) -> CSetting {
    let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.+~:-_")
    let kept = String((value ?? "").filter { allowed.contains($0) })
    return .define(name, to: "\"\(kept.isEmpty ? "unknown" : kept)\"")
}
let versionFile = (try? String(contentsOfFile: Context.packageDirectory + "/VERSION", encoding: .utf8))?
    .trimmingCharacters(in: .whitespacesAndNewlines)
let buildInfo: [CSetting] = [
    buildInfoDefine("SCHEDULERD_VERSION", Context.environment["SCHEDULERD_VERSION"] ?? versionFile),
    buildInfoDefine("SCHEDULERD_COMMIT", Context.environment["SCHEDULERD_COMMIT"]),
    buildInfoDefine("SCHEDULERD_BUILD_DATE", Context.environment["SCHEDULERD_BUILD_DATE"]),
]

/// Layers as targets: the C libraries at the bottom, the crypto and encoding primitives, the JSON value and the loopback
/// listener above them, OAuth and the HTTP client beside each other, connectors on both, the scheduler on top (itself five
/// targets: SchedulerDomain, SchedulerStores and SchedulerServices on it, SchedulerServer on the services, and the
/// composition root Scheduler on all; docs/architecture.md), and thin executables.
let package = Package(
    name: "schedulerd",
    platforms: [.macOS(.v15)],
    products: [
        // One program with three names: `schedctl` and `sandboxd` are links to `schedulerd` (Sources/schedulerd).
        .executable(name: "schedulerd", targets: ["schedulerd"]),
        .executable(name: "schedbench", targets: ["schedbench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // Already built for Hummingbird; named for NIOHTTPTypes, the request parts the connection guard watches.
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        // The one SQLite call GRDB does not offer: the process-wide configuration (SQLiteLibrary).
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),

        // Sealing (AES-256-GCM), digests and MACs, secure random, constant-time compare, Base64 and percent encoding:
        // libcrypto behind small Swift types, with no OAuth, HTTP or JSON in them.
        .target(name: "CryptoPrimitives", dependencies: ["CCrypto"]),
        // The one JSON value type, for bodies read field by field (OAuth servers, the networks, the sandbox's records).
        .target(name: "JSONValue"),
        // The RFC 8252 loopback listener that catches a browser's OAuth redirect on 127.0.0.1 (plain POSIX sockets).
        .target(name: "LoopbackRedirect"),
        // OAuth proper: 1.0a signing and flows, 2.0 with PKCE, the device grant, token responses and their errors.
        .target(name: "OAuth", dependencies: ["CryptoPrimitives", "JSONValue", "HTTPClient"]),
        .target(name: "HTTPClient", dependencies: ["CCurl", .product(name: "Logging", package: "swift-log")]),
        .target(name: "CBuildInfo", cSettings: buildInfo),
        .target(name: "SchedulerCore", dependencies: ["CBuildInfo", "JSONValue"]),
        // Run summaries: reading GPX/TCX (RunSummary), drawing the picture (RunCard), and the posts' texts (RunPosts).
        // SchedulerCore for its calendar arithmetic (CivilCalendar), the one copy.
        .target(name: "RunSummary", dependencies: ["SchedulerCore"]),
        .target(name: "RunCard", dependencies: ["RunSummary", "MediaCodecs", "CCairo"]),
        // Decoding and encoding images through cairo and libjpeg: whether an attached file is whole, PNG to JPEG for
        // Instagram, and the run card's JPEG. No drawing: the run card draws (for the daemon's `POST /v1/runs` and
        // `schedctl run-summary --image`).
        .target(name: "MediaCodecs", dependencies: ["CCairo", "CJPEG", "SchedulerCore"]),
        .target(
            name: "RunPosts",
            dependencies: ["RunSummary", "SchedulerCore", "NetworkRules", .product(name: "Mustache", package: "swift-mustache")]
        ),
        // Each network's text and media rules (X's weighted count, MediaInspector), with no HTTP or OAuth: `check` without a daemon.
        .target(name: "NetworkRules", dependencies: ["SchedulerCore"]),
        .target(
            name: "Connectors",
            dependencies: ["SchedulerCore", "NetworkRules", "OAuth", "CryptoPrimitives", "HTTPClient", .product(name: "Logging", package: "swift-log")]
        ),
        // What the emulations and their clients share, without Hummingbird: the sandbox apps' public credentials, the
        // LinkedIn products, and the line sandboxd announces its URLs with. schedulerd needs no more of the sandbox.
        .target(name: "SandboxContract"),
        .target(
            name: "Sandbox",
            // CCrypto directly: the emulations verify signatures and PKCE with libcrypto's one-shot calls,
            // apart from the client code in OAuth they check (no OAuth here; encoding and random from CryptoPrimitives).
            // CCairo: the map tiles it draws for run cards (Tiles/).
            dependencies: [
                "CryptoPrimitives", "CCrypto", "CCairo", "SchedulerCore", "HTTPClient", "SandboxContract",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The scheduler in layers, each a target so that the compiler refuses an edge pointing up (docs/architecture.md):
        // SchedulerDomain (the domain rules, the store protocols and records, the small types every layer shares) at
        // the bottom, with no database or HTTP server library; SchedulerStores (SQLite and PostgreSQL) on it alone; and
        // Scheduler (services, engine, control API, web app, daemon) on top, the one that sees the stores.
        .target(
            name: "SchedulerDomain",
            dependencies: [
                "SchedulerCore", "NetworkRules",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "SchedulerStores",
            dependencies: [
                "SchedulerDomain", "SchedulerCore", "NetworkRules", "CSQLite",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The services: the engine, the posts, queues, series, events, inbox, media, run maps, metrics, the credential
        // vault. They reach the stores through SchedulerDomain's protocols only: no GRDB, PostgresNIO or Hummingbird.
        .target(
            name: "SchedulerServices",
            dependencies: [
                "SchedulerDomain", "SchedulerCore", "NetworkRules", "Connectors", "CryptoPrimitives", "HTTPClient", "SandboxContract",
                // Run posts (`POST /v1/runs`): the summary's texts fitted per network and its picture.
                "RunSummary", "RunCard", "RunPosts", "MediaCodecs",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                // The engine records through swift-metrics' API only (Metrics/SchedulerMetrics).
                .product(name: "Metrics", package: "swift-metrics"),
            ]
        ),
        // The edges: the control API's routes, the web app's pages, the media and metrics listeners, and the connection
        // guard, on Hummingbird. They call the services; no store is in reach.
        .target(
            name: "SchedulerServer",
            dependencies: [
                "SchedulerServices", "SchedulerDomain", "SchedulerCore", "CryptoPrimitives", "HTTPClient", "RunPosts",
                .product(name: "Hummingbird", package: "hummingbird"),
                // ServerChildChannel: the listeners' connection guard (Connections/GuardedHTTP1Channel).
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                // HTTPRequestPart: the connection guard (Connections/) marks a connection busy at its request head.
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Metrics", package: "swift-metrics"),
                // The daemon bootstraps swift-metrics with the Prometheus registry (Metrics/PrometheusEndpoint) when
                // `[metrics] listen` is configured.
                .product(name: "Prometheus", package: "swift-prometheus"),
                // The web app's pages (Web/), Mustache templates compiled in.
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            // The control API's OpenAPI document, served at GET /v1/openapi.json: compiled in, so an installed binary
            // needs no resource bundle beside it.
            resources: [.embedInCode("ControlAPI/openapi.json")]
        ),
        // The composition root: the daemon (Daemon/), its configuration, the sandbox child, `schedulerd store` (copy,
        // restore, forget credentials) and doctor; the one scheduler target that sees the stores and the server both.
        .target(
            name: "Scheduler",
            dependencies: [
                "SchedulerDomain", "SchedulerStores", "SchedulerServices", "SchedulerServer",
                // Not Sandbox: the daemon's library has no emulation code; in sandbox mode it starts sandboxd (the one program, by its other name).
                "SchedulerCore", "Connectors", "CryptoPrimitives", "HTTPClient", "SandboxContract", "RunSummary",
                // BackupRestore reads the backup's SQLite file; SharedStore connects to PostgreSQL.
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),
        // The daemon's command line, and `schedulerd store`.
        .target(name: "SchedulerdApp", dependencies: ["Scheduler", "SchedulerDomain", "SchedulerStores", "SchedulerServices", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .target(
            name: "SandboxdApp",
            dependencies: ["Sandbox", "SchedulerCore", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // The one executable: the daemon, schedctl or sandboxd by the name it is called by.
        .executableTarget(name: "schedulerd", dependencies: ["SchedulerdApp", "SchedctlApp", "SandboxdApp"]),
        // What schedctl prints for people (tables fitted to the terminal, post, status and pause texts), as pure
        // functions of the API's views, so that they are tested against golden text without a daemon.
        .target(name: "SchedctlOutput", dependencies: ["SchedulerCore"]),
        .target(
            name: "SchedctlApp",
            dependencies: [
                "SchedulerCore", "SchedctlOutput", "HTTPClient", "CryptoPrimitives", "LoopbackRedirect", "NetworkRules", "RunSummary", "RunCard", "RunPosts",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "schedbench",
            dependencies: [
                "SchedulerCore", "HTTPClient", "Scheduler", "SchedulerDomain", "SchedulerStores", "PostgresTestCluster", "OAuth", "CCurl", "Sandbox", "RunSummary", "FITTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(name: "OAuthTests", dependencies: ["OAuth", "CryptoPrimitives", "HTTPClient", "OAuthTestSupport"]),
        // What OAuthTests and ConnectorsTests expect of the OAuth client's errors, the standard shapes and Graph's alike.
        .target(name: "OAuthTestSupport", dependencies: ["OAuth"], path: "Tests/OAuthTestSupport"),
        .testTarget(name: "CryptoPrimitivesTests", dependencies: ["CryptoPrimitives"]),
        .testTarget(name: "LoopbackRedirectTests", dependencies: ["LoopbackRedirect", "HTTPClient"]),
        .testTarget(name: "HTTPClientTests", dependencies: ["HTTPClient", "TestHTTPReceiver", "TestSpawning"], exclude: ["test_http_server.py"]),
        .testTarget(
            name: "SandboxTests",
            dependencies: ["Sandbox", "OAuth", "CryptoPrimitives", "SchedulerCore", "HTTPClient", "CCairo", .product(name: "Yams", package: "Yams")]
        ),
        .testTarget(name: "SandboxContractTests", dependencies: ["SandboxContract"]),
        .testTarget(name: "SchedulerCoreTests", dependencies: ["SchedulerCore"]),
        .testTarget(name: "SchedctlOutputTests", dependencies: ["SchedctlOutput", "SchedulerCore"], exclude: ["Golden"]),
        .testTarget(name: "RunSummaryTests", dependencies: ["RunSummary", "FITTestSupport"]),
        .testTarget(name: "RunCardTests", dependencies: ["RunCard", "RunSummary", "CCairo"]),
        .testTarget(name: "MediaCodecsTests", dependencies: ["MediaCodecs", "CCairo"]),
        .testTarget(name: "RunPostsTests", dependencies: ["RunPosts", "RunSummary", "SchedulerCore", "NetworkRules"]),
        .testTarget(name: "NetworkRulesTests", dependencies: ["NetworkRules", .product(name: "Yams", package: "Yams")], exclude: ["Fixtures"]),
        .testTarget(
            name: "ConnectorsTests",
            dependencies: ["Connectors", "NetworkRules", "Sandbox", "OAuth", "OAuthTestSupport", "CryptoPrimitives", "HTTPClient", "TestHTTPReceiver", "SchedulerCore"]
        ),
        // A throwaway PostgreSQL server for the tests, driven through the distribution's own binaries.
        .target(name: "PostgresTestCluster", dependencies: ["TestSpawning"], path: "Tests/PostgresTestCluster"),
        .target(name: "TestSpawning", path: "Tests/TestSpawning"),
        .target(name: "TestHTTPReceiver", path: "Tests/TestHTTPReceiver"),
        // Another connection holding an SQLite database's write lock, for the tests of a store that cannot be written.
        .target(name: "HeldWriteLock", dependencies: [.product(name: "GRDB", package: "GRDB.swift")], path: "Tests/HeldWriteLock"),
        // FIT files for the tests, from an encoder written apart from the decoder.
        .target(name: "FITTestSupport", path: "Tests/FITTestSupport"),
        .testTarget(
            name: "SchedulerTests",
            dependencies: [
                "Scheduler", "SchedulerDomain", "SchedulerStores", "SchedulerServices", "SchedulerServer", "SchedulerCore", "Connectors", "NetworkRules", "RunSummary", "RunPosts", "PostgresTestCluster", "TestHTTPReceiver", "HeldWriteLock",
                // The run card's map: its tiles, and the sandbox that serves them in-process.
                "RunCard", "Sandbox", "CCairo", "CSQLite",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        // The control API's routes and the web app's pages in process (STYLE 19): the routers the daemon serves, made by
        // its own composition over an SQLite file and the sandbox networks, driven as HummingbirdTesting's `.router` mode
        // drives a router (no socket, no child process). EndToEndTests keeps what needs processes.
        .testTarget(
            name: "SchedulerServerTests",
            dependencies: [
                "Scheduler", "SchedulerServer", "SchedulerServices", "SchedulerStores", "SchedulerDomain", "SchedulerCore", "HTTPClient", "Sandbox",
                .product(name: "Hummingbird", package: "hummingbird"),
                // A testing channel for each request's context (Tests/SchedulerServerTests/Support/RouterClient); not
                // HummingbirdTesting, which brings AsyncHTTPClient and NIOHTTP2 into the build.
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "SchedulerCore", "HTTPClient", "Sandbox", "SandboxContract", "PostgresTestCluster", "TestHTTPReceiver", "TestSpawning", "FITTestSupport",
                "HeldWriteLock", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["Fixtures"]
        ),
    ]
)
