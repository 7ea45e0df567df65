import Connectors
import Foundation
import Logging
import SandboxContract
import SchedulerCore
import SchedulerDomain
import SchedulerServer
import SchedulerServices
import SchedulerStores

/// The configuration file's sections, each read by one function, in the order the file documents them.
extension ConfigurationLoader {
    /// The top-level keys: where the state lives, the zone, lateness and logging.
    package static func readGeneral(_ reader: inout TableReader, into configuration: inout DaemonConfiguration) throws(ConfigurationError) {
        if let value = try reader.string("state_dir") { configuration.stateDirectory = value }
        configuration.socketPath = try reader.string("socket")
        if let value = try reader.bool("sandbox") { configuration.sandbox = value }
        if let value = try reader.string("timezone") {
            guard let zone = TimeZone(identifier: value) else { throw reader.error("timezone", "'\(value)' is not an IANA zone such as Europe/Paris") }
            configuration.timeZone = zone
        }
        if let value = try reader.string("default_lateness") {
            do { configuration.defaultLatenessSeconds = try LatenessLimit.seconds(value) } catch {
                throw reader.error("default_lateness", error.message)
            }
        }
        if let value = try reader.string("log_level") {
            guard let level = Logger.Level(rawValue: value) else {
                throw reader.error("log_level", "'\(value)' is not one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            configuration.logLevel = level
        }
        if let value = try reader.string("log_format") {
            guard let format = LogFormat(rawValue: value) else { throw reader.error("log_format", "'\(value)' is not \(LogFormat.choices)") }
            configuration.logFormat = format
        }
    }

    /// `[store]`: PostgreSQL instead of the SQLite file, and how the daemons share it.
    package static func readStore(_ reader: inout TableReader, into configuration: inout DaemonConfiguration) throws(ConfigurationError) {
        if var store = try reader.table("store") {
            if let url = try store.string("url") {
                do throws(StoreError) { configuration.store.postgres = try PostgresLocation(url: url) } catch { throw store.error("url", error.message) }
            }
            configuration.store.passwordFile = try store.string("password_file")
            configuration.store.leaseSeconds = try store.int("lease_s", in: 3...600) ?? configuration.store.leaseSeconds
            configuration.store.rereadSeconds = try store.int("reread_s", in: 1...60) ?? configuration.store.rereadSeconds
            configuration.store.connectTimeoutSeconds = try store.int("connect_timeout_s", in: 1...300) ?? configuration.store.connectTimeoutSeconds
            try store.finish()
            if configuration.store.postgres == nil, configuration.store.passwordFile != nil {
                throw store.error("password_file", "is set but store.url is not; without a url the state is SQLite in state_dir, which has no password")
            }
        }
    }

    /// `[engine]`: concurrency, attempts, timeouts and the retry back-off.
    package static func readEngine(_ reader: inout TableReader, into configuration: inout DaemonConfiguration, file: String) throws(ConfigurationError) {
        if var engine = try reader.table("engine") {
            configuration.engine.maxConcurrentPublishes = try engine.int("max_concurrent_publishes", in: 1...10_000) ?? configuration.engine.maxConcurrentPublishes
            configuration.engine.perAccountConcurrency = try engine.int("per_account_concurrency", in: 1...1_000) ?? configuration.engine.perAccountConcurrency
            configuration.engine.maxAttempts = try engine.int("max_attempts", in: 1...100) ?? configuration.engine.maxAttempts
            configuration.engine.requestTimeoutSeconds = try engine.int("request_timeout_s", in: 1...600) ?? configuration.engine.requestTimeoutSeconds
            configuration.engine.inFlightMarginSeconds = try engine.duration("in_flight_margin") ?? configuration.engine.inFlightMarginSeconds
            configuration.engine.listingLagSeconds = try engine.duration("listing_lag") ?? configuration.engine.listingLagSeconds
            configuration.engine.retryBaseSeconds = try engine.duration("retry_base").map(Double.init) ?? configuration.engine.retryBaseSeconds
            configuration.engine.retryMaxSeconds = try engine.duration("retry_max").map(Double.init) ?? configuration.engine.retryMaxSeconds
            guard configuration.engine.retryBaseSeconds >= 1, configuration.engine.retryBaseSeconds <= configuration.engine.retryMaxSeconds else {
                throw ConfigurationError("\(file): engine.retry_base must be at least 1s and no longer than engine.retry_max")
            }
            try engine.finish()
        }
    }

    /// The redirect and media URLs, `[handoff]`, `[notifications]`, `[metrics]` and the sandbox's settings.
    package static func readServices(_ reader: inout TableReader, into configuration: inout DaemonConfiguration, file: String) throws(ConfigurationError) {
        if let value = try reader.url("headless_redirect_uri") { configuration.headlessRedirectURI = value }
        configuration.mediaBaseURL = try reader.url("media_base_url")
        if var handoff = try reader.table("handoff") {
            configuration.handoffRemindAfterSeconds = try handoff.duration("remind_after") ?? configuration.handoffRemindAfterSeconds
            configuration.handoffExpireAfterSeconds = try handoff.duration("expire_after") ?? configuration.handoffExpireAfterSeconds
            try handoff.finish()
            guard configuration.handoffRemindAfterSeconds < configuration.handoffExpireAfterSeconds else {
                throw ConfigurationError("\(file): handoff.remind_after must be shorter than handoff.expire_after")
            }
        }
        if var notifications = try reader.table("notifications") {
            configuration.notifyCommand = try notifications.command("command")
            configuration.notifyWebhookURL = try notifications.url("webhook_url")
            configuration.notifyRetryMaxSeconds = try notifications.duration("retry_max") ?? configuration.notifyRetryMaxSeconds
            try notifications.finish()
        }
        if var metrics = try reader.table("metrics") {
            if let listen = try metrics.string("listen") {
                do throws(ListenAddress.Problem) { configuration.metricsListen = try ListenAddress(listen) } catch {
                    throw metrics.error("listen", error.message)
                }
            }
            try metrics.finish()
        }
        try readWeb(&reader, into: &configuration)
        configuration.sandboxSettings.accessTokenLifetimeSeconds = try reader.duration("sandbox_access_token_lifetime")
        configuration.sandboxSettings.codeLifetimeSeconds = try reader.duration("sandbox_code_lifetime")
        if let products = try reader.stringArray("sandbox_linkedin_products", example: "[\"share\", \"openid\", \"community\"]") {
            do throws(SandboxSettingError) { _ = try LinkedInProduct.parse(products) } catch { throw reader.error("sandbox_linkedin_products", error.message) }
            configuration.sandboxSettings.linkedinProducts = products
        }
    }

    /// `[web]`: the web app, off unless `listen` is set.
    package static func readWeb(_ reader: inout TableReader, into configuration: inout DaemonConfiguration) throws(ConfigurationError) {
        guard var web = try reader.table("web") else { return }
        let listenText = try web.string("listen")
        let baseURL = try web.url("base_url")
        let proxies = try web.stringArray("trusted_proxies", example: "[\"127.0.0.1\", \"::1\"]") ?? []
        for proxy in proxies where (try? ListenAddress("\(proxy.contains(":") ? "[\(proxy)]" : proxy):1")) == nil {
            throw web.error("trusted_proxies", "'\(proxy)' is not an IP address")
        }
        let requireApproval = try web.bool("require_approval")
        try web.finish()
        guard let listenText else {
            // The table alone (as the shipped example has it, every key commented) leaves the web app off.
            if baseURL != nil || !proxies.isEmpty || requireApproval != nil {
                throw web.error("listen", "is missing; the web app needs an address to listen on, such as \"127.0.0.1:8080\"")
            }
            return
        }
        let listen: ListenAddress
        do throws(ListenAddress.Problem) { listen = try ListenAddress(listenText) } catch { throw web.error("listen", error.message) }
        configuration.web = WebConfiguration(listen: listen, baseURL: baseURL, trustedProxies: proxies, requireApproval: requireApproval ?? false)
    }

    /// `[networks.*]`: each network's endpoints, app credentials and API version.
    package static func readNetworks(_ reader: inout TableReader, into configuration: inout DaemonConfiguration) throws(ConfigurationError) {
        if var networks = try reader.table("networks") {
            try readX(&networks, into: &configuration)
            try readFacebook(&networks, into: &configuration)
            try readLinkedIn(&networks, into: &configuration)
            if var threads = try networks.table("threads") {
                configuration.threads.apiBaseURL = try threads.url("api_base_url")
                configuration.threads.authBaseURL = try threads.url("auth_base_url")
                configuration.threads.appID = try threads.string("app_id")
                configuration.threads.appSecretFile = try threads.string("app_secret_file")
                try threads.finish()
            }
            if var bluesky = try networks.table("bluesky") {
                configuration.bluesky.service = try bluesky.url("service")
                configuration.bluesky.webURL = try bluesky.url("web_url")
                try bluesky.finish()
            }
            try networks.finish()
        }
    }

    /// `[networks.x]`.
    package static func readX(_ networks: inout TableReader, into configuration: inout DaemonConfiguration) throws(ConfigurationError) {
        if var x = try networks.table("x") {
            configuration.x.apiBaseURL = try x.url("api_base_url")
            configuration.x.authBaseURL = try x.url("auth_base_url")
            configuration.x.consumerKey = try x.string("consumer_key")
            configuration.x.consumerSecretFile = try x.string("consumer_secret_file")
            configuration.x.clientID = try x.string("client_id")
            configuration.x.clientSecretFile = try x.string("client_secret_file")
            try x.finish()
        }
    }

    /// `[networks.facebook]`.
    package static func readFacebook(_ networks: inout TableReader, into configuration: inout DaemonConfiguration) throws(ConfigurationError) {
        if var facebook = try networks.table("facebook") {
            configuration.facebook.graphBaseURL = try facebook.url("graph_base_url")
            configuration.facebook.dialogBaseURL = try facebook.url("dialog_base_url")
            if let version = try facebook.string("graph_version") {
                guard GraphVersions.isVersion(version) else {
                    throw facebook.error("graph_version", "'\(version)' is not a Graph API version such as \(GraphVersions.current)")
                }
                configuration.facebook.graphVersion = version
            }
            configuration.facebook.appID = try facebook.string("app_id")
            configuration.facebook.appSecretFile = try facebook.string("app_secret_file")
            try facebook.finish()
        }
    }

    /// `[networks.linkedin]`.
    package static func readLinkedIn(_ networks: inout TableReader, into configuration: inout DaemonConfiguration) throws(ConfigurationError) {
        if var linkedin = try networks.table("linkedin") {
            configuration.linkedin.apiBaseURL = try linkedin.url("api_base_url")
            configuration.linkedin.authBaseURL = try linkedin.url("auth_base_url")
            configuration.linkedin.clientID = try linkedin.string("client_id")
            configuration.linkedin.clientSecretFile = try linkedin.string("client_secret_file")
            if let version = try linkedin.string("version") {
                guard LinkedInVersions.isVersion(version) else {
                    throw linkedin.error("version", "'\(version)' is not a LinkedIn-Version such as \(LinkedInApp.defaultVersion) (YYYYMM)")
                }
                configuration.linkedin.version = version
            }
            configuration.linkedin.readMemberPosts = try linkedin.bool("read_member_posts") ?? false
            try linkedin.finish()
        }
    }
}
