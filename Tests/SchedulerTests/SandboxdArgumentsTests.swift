import Logging
import Testing

@testable import Scheduler

/// The `[sandbox]` settings reach the sandboxd a daemon starts as the flags of the same meaning.
struct SandboxdArgumentsTests {
    @Test func defaults_askForFreePorts_theDaemonsLogLevel_andAnExitWithTheDaemon() {
        #expect(SandboxSettings().sandboxdArguments(logLevel: .warning) == [
            "--port", "0", "--facebook-port", "0", "--linkedin-port", "0", "--exit-with-stdin", "--log-level", "warning",
        ])
    }

    @Test func eachSandboxSetting_becomesItsFlag() throws {
        let configuration = try ConfigurationLoader.parse("""
            sandbox = true
            sandbox_access_token_lifetime = "2s"
            sandbox_code_lifetime = "1m"
            sandbox_linkedin_products = ["share", "openid", "community"]
            """, file: "test.toml")
        let arguments = configuration.sandboxSettings.sandboxdArguments(logLevel: .info)
        #expect(arguments.suffix(6) == ["--access-token-lifetime", "2s", "--code-lifetime", "60s", "--linkedin-products", "share,openid,community"])
    }
}
