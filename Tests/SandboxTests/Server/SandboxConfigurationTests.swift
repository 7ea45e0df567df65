import Testing

@testable import Sandbox

@Suite struct SandboxConfigurationTests {
    @Test func parseLifetime_readsSecondsMinutesHoursAndDays() {
        #expect(SandboxConfiguration.parseLifetime("2s") == .seconds(2))
        #expect(SandboxConfiguration.parseLifetime("15m") == .seconds(900))
        #expect(SandboxConfiguration.parseLifetime("2h") == .seconds(7_200))
        #expect(SandboxConfiguration.parseLifetime("60d") == .seconds(5_184_000))
    }

    @Test(arguments: ["", "s", "0s", "-1s", "1.5s", "10", "10w", "2 s", "99999999999999999999d"])
    func parseLifetime_refusesAnythingElse(_ text: String) {
        #expect(SandboxConfiguration.parseLifetime(text) == nil)
    }

    @Test func defaults_keepEachNetworksRealLifetimes() {
        let configuration = SandboxConfiguration()
        #expect(configuration.accessTokenLifetime == nil)
        #expect(configuration.authorizationCodeLifetime == .seconds(60))
        #expect(XOAuth2.profile(configuration).accessTokenLifetime == .seconds(7_200))
        #expect(FacebookOAuth.profile(configuration).accessTokenLifetime == .seconds(3_600))
        #expect(FacebookOAuth.longLived(configuration) == .seconds(5_184_000))
        #expect(LinkedInOAuth.profile(configuration).accessTokenLifetime == .seconds(5_184_000))
        #expect(LinkedInOAuth.profile(configuration).refreshTokens == .never)
    }
}
