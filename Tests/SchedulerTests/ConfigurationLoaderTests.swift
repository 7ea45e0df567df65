import Foundation
import Logging
@testable import SchedulerServices
@testable import SchedulerStores
import Testing
@testable import Scheduler

/// The TOML configuration: everything it may say is read, and anything else is refused by name.
@Suite struct ConfigurationLoaderTests {
    static let fullExample = """
        # Every key schedulerd reads.
        state_dir = "/var/lib/schedulerd"
        socket = "/run/schedulerd/control.sock"
        sandbox = true
        timezone = "Europe/Paris"
        default_lateness = "1h30m"
        log_level = "debug"

        [engine]
        max_concurrent_publishes = 32
        per_account_concurrency = 2
        max_attempts = 5
        request_timeout_s = 20

        [networks.x]
        api_base_url = "https://api.x.com"
        consumer_key = "consumer-key"
        consumer_secret_file = "/etc/schedulerd/x-consumer-secret"
        """

    private func parse(_ text: String) throws(ConfigurationError) -> DaemonConfiguration {
        try ConfigurationLoader.parse(text, file: "/etc/schedulerd/test.toml")
    }

    private func refusal(_ text: String) -> String {
        do {
            _ = try parse(text)
            Issue.record("the configuration was accepted:\n\(text)")
            return ""
        } catch {
            return error.message
        }
    }

    @Test func parse_readsEveryKeyOfTheFullExample() throws {
        let configuration = try parse(Self.fullExample)

        #expect(configuration.stateDirectory == "/var/lib/schedulerd")
        #expect(configuration.resolvedSocketPath == "/run/schedulerd/control.sock")
        #expect(configuration.sandbox)
        #expect(configuration.timeZone.identifier == "Europe/Paris")
        #expect(configuration.defaultLatenessSeconds == 5_400)
        #expect(configuration.logLevel == .debug)
        #expect(configuration.engine.maxConcurrentPublishes == 32)
        #expect(configuration.engine.perAccountConcurrency == 2)
        #expect(configuration.engine.maxAttempts == 5)
        #expect(configuration.engine.requestTimeoutSeconds == 20)
        #expect(configuration.x.apiBaseURL == "https://api.x.com")
        #expect(configuration.x.consumerKey == "consumer-key")
        #expect(configuration.x.consumerSecretFile == "/etc/schedulerd/x-consumer-secret")
        #expect(configuration.databasePath == "/var/lib/schedulerd/schedulerd.sqlite")
    }

    /// Issue 48, item 21: where a published Bluesky post is shown, for a network whose AppView is not bsky.app.
    @Test func parse_readsBlueskysWebURL() throws {
        let configuration = try parse("[networks.bluesky]\nservice = \"https://pds.example\"\nweb_url = \"https://app.example\"\n")
        #expect(configuration.bluesky.service == "https://pds.example")
        #expect(configuration.bluesky.webURL == "https://app.example")
        #expect(try parse("").bluesky.webURL == nil)
    }

    /// Issue 48, item 14: `--check-config` says what `[runs]` watches and where `[web]` listens.
    @Test func checkConfig_echoesRunsAndWeb() throws {
        let configuration = try parse("""
            [web]
            listen = "127.0.0.1:8080"
            base_url = "https://club.example"
            [runs]
            inbox = "/var/lib/schedulerd/inbox"
            [[runs.rules]]
            match = "*.fit"
            to = ["x:@ada", "3"]
            when = "19:00"
            """)
        let lines = CheckedConfigurationText.lines(configuration)
        #expect(lines.contains { $0.hasPrefix("web:       127.0.0.1:8080, base_url https://club.example") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("runs:      inbox /var/lib/schedulerd/inbox, metric") }, "\(lines)")
        #expect(lines.contains("  rule 1: *.fit to x:@ada 3, when 19:00"), "\(lines)")
        #expect(CheckedConfigurationText.lines(try parse("")) == ["web:       off (no [web])", "runs:      no inbox (no [runs] inbox)"])
    }

    @Test func parse_anEmptyFile_givesTheDefaults() throws {
        let configuration = try parse("")
        let defaults = DaemonConfiguration()
        #expect(configuration.stateDirectory == defaults.stateDirectory)
        #expect(configuration.defaultLatenessSeconds == defaults.defaultLatenessSeconds)
        #expect(configuration.engine.maxAttempts == defaults.engine.maxAttempts)
        #expect(configuration.resolvedSocketPath == "/var/lib/schedulerd/control.sock")
    }

    @Test func parse_anUnknownKey_isNamedWithItsTable() {
        let message = refusal("""
            [engine]
            max_concurent = 3
            """)
        #expect(message.contains("/etc/schedulerd/test.toml"))
        #expect(message.contains("unknown key 'engine.max_concurent'"))
    }

    @Test(arguments: [
        ("stat_dir = \"/tmp\"", "'stat_dir'"),
        ("[networks.x]\nconsumer_secret = \"inline\"", "'networks.x.consumer_secret'"),
        ("[networks.mastodon]\nurl = \"https://example.org\"", "'networks.mastodon'"),
    ])
    func parse_anUnknownKeyAnywhere_isRefused(text: String, named: String) {
        let message = refusal(text)
        #expect(message.contains("unknown key \(named)"), "\(message)")
    }

    @Test func parse_aValueOfTheWrongType_namesTheKeyAndTheTypes() {
        let message = refusal("""
            [engine]
            max_attempts = "five"
            """)
        #expect(message.contains("engine.max_attempts"))
        #expect(message.contains("expected an integer"))
        #expect(message.contains("string"))
    }

    @Test(arguments: [
        ("sandbox = \"yes\"", "sandbox", "expected true or false"),
        ("state_dir = 3", "state_dir", "expected a string"),
        ("engine = 3", "engine", "expected a table"),
        ("[engine]\nmax_attempts = 0", "engine.max_attempts", "outside 1...100"),
        ("[networks.x]\napi_base_url = \"ftp://x\"", "networks.x.api_base_url", "not an http or https URL"),
        ("log_level = \"loud\"", "log_level", "'loud' is not one of"),
        ("[engine]\nlisting_lag = \"soon\"", "engine.listing_lag", "is not a duration"),
        ("[engine]\nin_flight_margin = 30", "engine.in_flight_margin", "expected a string"),
    ])
    func parse_aBadValue_namesTheKeyAndTheProblem(text: String, key: String, problem: String) {
        let message = refusal(text)
        #expect(message.contains("test.toml: \(key):"), "\(message)")
        #expect(message.contains(problem), "\(message)")
    }

    @Test func parse_theRecoveryTimeline_isReadFromTheEngineTable() throws {
        let configuration = try parse("[engine]\nrequest_timeout_s = 10\nin_flight_margin = \"45s\"\nlisting_lag = \"2m\"")
        let settling = Engine.Settings(configuration.engine).settling
        #expect(settling == SettlingTimes(requestTimeout: 10, inFlightMargin: 45, listingLag: 120))
    }

    @Test func parse_anUnknownTimeZone_isRefused() {
        let message = refusal("timezone = \"Mars/Olympus_Mons\"")
        #expect(message.contains("timezone"))
        #expect(message.contains("'Mars/Olympus_Mons' is not an IANA zone"))
    }

    @Test func parse_aBadDuration_isRefused() {
        let message = refusal("default_lateness = \"soon\"")
        #expect(message.contains("default_lateness"))
        #expect(message.contains("'soon' is not a duration"))
    }

    @Test func parse_notificationRetryMax_defaultsToFiveMinutes_andIsReadAsADuration() throws {
        #expect(try ConfigurationLoader.parse("", file: "t.toml").notifyRetryMaxSeconds == 300)
        let configuration = try ConfigurationLoader.parse("[notifications]\nwebhook_url = \"http://127.0.0.1:9/h\"\nretry_max = \"2s\"", file: "t.toml")
        #expect(configuration.notifyRetryMaxSeconds == 2)
        let message = refusal("[notifications]\nretry_max = \"often\"")
        #expect(message.contains("notifications.retry_max") && message.contains("'often' is not a duration"), "\(message)")
    }

    @Test func parse_aTOMLSyntaxError_pointsAtFileLineAndColumn() {
        let message = refusal("""
            state_dir = "/var/lib/schedulerd"

            timezone = = "UTC"
            """)
        #expect(message.hasPrefix("/etc/schedulerd/test.toml:3:"), "\(message)")
        let location = message.split(separator: ":").prefix(3)
        #expect(location.count == 3 && Int(location.last!) != nil, "\(message)")
    }

    @Test func load_aMissingFile_saysSo() {
        do {
            _ = try ConfigurationLoader.load(path: "/nonexistent/schedulerd.toml")
            Issue.record("a missing file was accepted")
        } catch {
            #expect(error.message.contains("cannot read the configuration file /nonexistent/schedulerd.toml"))
        }
    }

    @Test func path_prefersTheFlagThenTheEnvironment() {
        #expect(ConfigurationLoader.path(explicit: "/a.toml", environment: ["SCHEDULERD_CONFIG": "/b.toml"]) == "/a.toml")
        #expect(ConfigurationLoader.path(explicit: nil, environment: ["SCHEDULERD_CONFIG": "/b.toml"]) == "/b.toml")
    }

    /// The commented example shipped in `config/`, when it exists, must be accepted as it stands.
    static let exampleFile: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("config/schedulerd.toml").path
    }()

    @Test(.enabled(if: FileManager.default.fileExists(atPath: exampleFile), "config/schedulerd.toml is not written yet"))
    func load_theShippedExampleConfiguration_isAccepted() throws {
        _ = try ConfigurationLoader.load(path: Self.exampleFile)
    }

    @Test func parse_readsTheAPIVersions_andRefusesOnesThatAreNoVersion() throws {
        let configuration = try parse("""
            sandbox_linkedin_products = ["share", "openid", "community"]
            [networks.facebook]
            graph_version = "v25.0"
            [networks.linkedin]
            version = "202608"
            read_member_posts = true
            """)
        #expect(configuration.facebook.graphVersion == "v25.0")
        #expect(configuration.linkedin.version == "202608" && configuration.linkedin.readMemberPosts)
        #expect(configuration.sandboxSettings.linkedinProducts == ["share", "openid", "community"])
        let defaults = try parse("")
        #expect(defaults.facebook.graphVersion == "v26.0" && defaults.linkedin.version == "202609" && !defaults.linkedin.readMemberPosts)
        #expect(refusal("[networks.linkedin]\nversion = \"2026-09\"").contains("networks.linkedin.version"))
        #expect(refusal("[networks.linkedin]\nversion = \"202613\"").contains("is not a LinkedIn-Version"))
        #expect(refusal("[networks.facebook]\ngraph_version = \"19.0\"").contains("networks.facebook.graph_version"))
        #expect(refusal("sandbox_linkedin_products = [\"sharing\"]").contains("'sharing' is not a LinkedIn product the sandbox knows (share, openid, community, member_posts_read)"))
    }

    @Test func theWebTable_isReadWhole_andEachWrongKeyNamed() throws {
        let web = try #require(try parse("[web]\nlisten = \"127.0.0.1:8080\"\nbase_url = \"https://plan.example.org/\"\ntrusted_proxies = [\"127.0.0.1\", \"::1\"]\n").web)
        #expect(web.listen.description == "127.0.0.1:8080" && web.baseURL == "https://plan.example.org" && web.isHTTPS)
        #expect(web.trustedProxies == ["127.0.0.1", "::1"] && web.plainHTTPWarning == nil)
        let local = try #require(try parse("[web]\nlisten = \"127.0.0.1:8080\"\n").web)
        #expect(local.baseURL == "http://127.0.0.1:8080" && !local.isHTTPS && local.plainHTTPWarning == nil, "loopback over http is fine")
        let open = try #require(try parse("[web]\nlisten = \"0.0.0.0:8080\"\nbase_url = \"http://plan.example.org\"\n").web)
        #expect(open.plainHTTPWarning?.contains("plain http off this machine") == true)
        #expect(try parse("").web == nil, "off unless set")
        #expect(refusal("[web]\nbase_url = \"https://a.example\"\n").contains("web.listen: is missing"))
        #expect(refusal("[web]\nlisten = \"8080\"\n").contains("web.listen"))
        #expect(refusal("[web]\nlisten = \"127.0.0.1:8080\"\ntrusted_proxies = [\"proxy.local\"]\n").contains("'proxy.local' is not an IP address"))
        #expect(refusal("[web]\nlisten = \"127.0.0.1:8080\"\nbase_url = \"ftp://x\"\n").contains("web.base_url"))
        #expect(refusal("[web]\nlisten = \"127.0.0.1:8080\"\nport = 80\n").contains("port"))
    }
}
