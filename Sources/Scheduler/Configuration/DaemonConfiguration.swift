import Connectors
import Foundation
import Logging
import SchedulerDomain
import SchedulerServer
import SchedulerServices
import SchedulerStores

/// Everything the daemon is told by its configuration file and command line, checked and complete.
/// The embedded defaults are what `schedulerd --sandbox --state-dir DIR` runs on with no file at all.
package struct DaemonConfiguration: Sendable {
    /// Where the database, the credential key and handoff bundles live.
    package var stateDirectory: String = "/var/lib/schedulerd"
    /// The control socket; `state_dir/control.sock` when unset.
    package var socketPath: String?
    /// Talk to local emulations of the networks instead of the real ones.
    package var sandbox: Bool = false
    /// The zone wall-clock times are read in when a request names none.
    package var timeZone: TimeZone = .current
    /// How late a post may still go out after the daemon was down.
    package var defaultLatenessSeconds: Int = 3_600
    package var logLevel: Logger.Level = .info
    /// Log lines as text for people, or as JSON objects for log shippers.
    package var logFormat: LogFormat = .text
    /// Where the state lives: SQLite in the state directory unless `[store] url` names a PostgreSQL database.
    package var store = StoreSettings()
    package var engine = EngineSettings()
    package var x = XSettings()
    package var facebook = FacebookSettings()
    package var linkedin = LinkedInSettings()
    package var bluesky = BlueskySettings()
    package var threads = ThreadsSettings()
    package var sandboxSettings = SandboxSettings()
    /// Where a headless link says the browser goes back to: a loopback address nothing listens on,
    /// so the person copies the address from the browser's bar (RFC 8252).
    package var headlessRedirectURI = "http://127.0.0.1:8765/callback"
    /// Where `state_dir/media/` is served publicly, for Instagram to fetch images; Graph publishing to
    /// Instagram is refused at schedule time without it. In sandbox mode the daemon serves it on loopback.
    package var mediaBaseURL: String?
    /// Instagram handoff: remind once after this long, give up (`expired`) after that.
    package var handoffRemindAfterSeconds = 2 * 3_600
    package var handoffExpireAfterSeconds = 24 * 3_600
    /// Notification hooks: a command (argv, no shell) that gets each event as JSON on stdin, and a webhook.
    package var notifyCommand: [String]?
    package var notifyWebhookURL: String?
    /// The longest wait between two tries of a failing hook (the first retry is after 1 s, doubling up to this).
    package var notifyRetryMaxSeconds = 300
    /// The file this was read from; nil for the embedded defaults. `schedctl doctor` checks its mode.
    package var configurationFile: String?
    /// `[metrics] listen`: where the Prometheus endpoint listens; nil, none.
    package var metricsListen: ListenAddress?
    /// `[web]`: the web app; nil, off.
    package var web: WebConfiguration?
    /// `[runs]`: the inbox folder, privacy zones and the map.
    package var runs = RunsConfiguration()

    package init() {}

    package var resolvedSocketPath: String {
        socketPath ?? (stateDirectory as NSString).appendingPathComponent("control.sock")
    }

    package var databasePath: String {
        (stateDirectory as NSString).appendingPathComponent("schedulerd.sqlite")
    }
}

/// `[store]`: the shared PostgreSQL database several daemons use, when one machine is not enough.
package struct StoreSettings: Sendable {
    /// nil: SQLite in the state directory.
    package var postgres: PostgresLocation?
    /// The password's file; else the systemd credential `postgres-password` when given; else none (peer or trust auth).
    package var passwordFile: String?
    /// How long a claim stays a daemon's without renewal: a daemon that dies is taken over this long after.
    package var leaseSeconds: Int = 15
    /// The engine re-reads the database at least this often, in case a notification was lost.
    package var rereadSeconds: Int = 3
    /// How long connecting to the database may take (TCP, TLS and authentication together) before start and
    /// `--check-config` give up, saying why, rather than waiting for ever.
    package var connectTimeoutSeconds: Int = 10
}

/// X's endpoints and the app credentials requests are signed with.
package struct XSettings: Sendable {
    package var apiBaseURL: String?
    package var authBaseURL: String?
    /// OAuth 1.0a consumer key; the secret is read from a file (or a systemd credential), never written inline.
    package var consumerKey: String?
    package var consumerSecretFile: String?
    /// OAuth 2.0 client id; the secret likewise from a file or the credential `x-client-secret`.
    package var clientID: String?
    package var clientSecretFile: String?

    package init() {}
}

/// The Facebook app, used for Facebook Pages and for Instagram professional accounts.
package struct FacebookSettings: Sendable {
    package var graphBaseURL: String?
    package var dialogBaseURL: String?
    /// `vNN.N`; checked at start against Graph's published retirement dates.
    package var graphVersion = GraphVersions.current
    package var appID: String?
    package var appSecretFile: String?

    package init() {}
}

/// Bluesky needs no app of its own: an account signs in with an app password at its entryway (or its own PDS).
package struct BlueskySettings: Sendable {
    /// Where handles are resolved and accounts sign in when they name no PDS: Bluesky's entryway unless set.
    package var service: String?
    /// The web app a published post's address names (`web_url`): https://bsky.app unless set.
    package var webURL: String?

    package init() {}
}

/// The Threads app (its Threads app id and secret, from the Meta app dashboard's Threads use case).
package struct ThreadsSettings: Sendable {
    package var apiBaseURL: String?
    package var authBaseURL: String?
    package var appID: String?
    package var appSecretFile: String?

    package init() {}
}

/// The LinkedIn app.
package struct LinkedInSettings: Sendable {
    package var apiBaseURL: String?
    package var authBaseURL: String?
    package var clientID: String?
    package var clientSecretFile: String?
    /// The `LinkedIn-Version` (YYYYMM) every call names; checked at start, since LinkedIn retires each after a year.
    package var version = LinkedInApp.defaultVersion
    /// The app has LinkedIn's restricted `r_member_social`: ask for it, so members' posts can be looked up.
    package var readMemberPosts = false

    package init() {}
}

/// Lifetimes the sandbox issues, so tests can watch tokens expire in seconds, and the products its LinkedIn app has;
/// given to the `sandboxd` the daemon starts as flags (``sandboxdArguments(logLevel:)``).
package struct SandboxSettings: Sendable {
    package var accessTokenLifetimeSeconds: Int?
    package var codeLifetimeSeconds: Int?
    /// `share`, `openid`, `community`, `member_posts_read`; nil keeps the sandbox's default (share and openid).
    package var linkedinProducts: [String]?

    package init() {}
}
