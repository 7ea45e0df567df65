import Foundation
import SchedulerCore
import Testing

/// What the accounts routes refuse, in the words a person meets them in (issue 25, bug 16), driven in process;
/// AccountMessagesEndToEndTests keeps what schedctl itself prints.
@Suite struct AccountRefusalTests {
    /// An OAuth 1.0a token never expires: refreshing it was answered "relink it before it expires".
    @Test func refreshingAnOAuth1Account_saysThereIsNothingToRefresh() async throws {
        try await InProcessDaemon.run("refresh-oauth1") { daemon in
            let runner = try await daemon.addSandboxAccount(username: "runner")
            let refresh = try await daemon.api("POST", "/v1/accounts/\(runner.reference)/refresh")
            #expect(refresh.status == 400, "\(refresh.status) \(refresh.bodyText)")
            #expect(refresh.bodyText.contains("x:@runner has an OAuth 1.0a token, which does not expire: there is nothing to refresh"), "\(refresh.bodyText)")
            #expect(!refresh.bodyText.contains("before it expires"), "\(refresh.bodyText)")
        }
    }
}
