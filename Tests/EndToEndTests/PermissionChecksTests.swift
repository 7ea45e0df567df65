import Foundation
import HTTPClient
import SchedulerCore
import Testing

/// Issue 25, item 2: an account that cannot publish is no longer accepted as healthy. A token without what publishing
/// needs is refused when it is added (exit 2, nothing stored, the permission named), and an account whose deliveries
/// are refused for a permission (one removed after linking) is flagged by `status` and `doctor`.
@Suite(.serialized) struct PermissionChecksTests {
    /// `schedctl sandbox token NETWORK MINT… | schedctl accounts add NETWORK`, which must exit 2, store nothing and never
    /// say the token; returns the refusal.
    static func refusedImport(_ daemon: DaemonUnderTest, _ network: String, _ mint: [String]) throws -> SchedctlRun {
        let minted = try daemon.schedctl(["sandbox", "token", network] + mint)
        #expect(minted.status == 0, "\(minted.stderr)")
        let refused = try daemon.schedctl(["accounts", "add", network], stdin: minted.stdout)
        #expect(refused.status == 2, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr.contains("nothing was stored"), "\(refused.stderr)")
        let token = try #require(try minted.decode(JSONValue.self)["token"]?.stringValue)
        #expect(!refused.stderr.contains(token) && !refused.stdout.contains(token), "the token is never said")
        #expect(try daemon.schedctl(["accounts", "list", "--json"]).decode([AccountView].self).isEmpty, "nothing was stored")
        return refused
    }

    @Test func aFacebookPageTokenWithoutPagesManagePosts_isRefused_andTheDefaultSandboxToken_addsAndPublishes() async throws {
        let daemon = try DaemonUnderTest("perms-facebook")
        try await daemon.start()
        let refused = try Self.refusedImport(daemon, "facebook", ["--username", "club", "--scopes", "pages_show_list"])
        #expect(refused.stderr.contains("Facebook") && refused.stderr.contains("pages_manage_posts"), "\(refused.stderr)")

        let full = try daemon.schedctl(["sandbox", "token", "facebook", "--username", "club"])
        let added = try daemon.schedctl(["accounts", "add", "facebook", "--json"], stdin: full.stdout)
        #expect(added.status == 0, "the default sandbox token is a Page token that can publish: \(added.stderr)")
        let page = try added.decode(AccountView.self)
        #expect(page.network == .facebook && page.status == .active)
        let post = try daemon.schedule("Club run Thursday 18:30", to: page.reference, at: "in 2s")
        try await eventually("the post to the Page to be published") { try daemon.posts(state: "published").contains { $0.id == post.id } }
        _ = try await daemon.stop()
    }

    @Test func anXTokenThatMayOnlyRead_isRefused_sayingToSetReadAndWrite() async throws {
        let daemon = try DaemonUnderTest("perms-x")
        try await daemon.start()
        let refused = try Self.refusedImport(daemon, "x", ["--username", "reader", "--access-level", "read"])
        #expect(refused.stderr.contains("X") && refused.stderr.contains("read-only") && refused.stderr.contains("Read and write"), "\(refused.stderr)")
        #expect(try daemon.schedctl(["sandbox", "token", "facebook", "--access-level", "read"]).status == 2, "an access level is X's")
        _ = try await daemon.stop()
    }

    /// The person removes `pages_manage_posts` in their Facebook settings after the Page was added: its posts are refused
    /// with #200, `status` lists the account with the refusal and the fix, `doctor` fails it, and adding a token that has
    /// the permission again clears it.
    @Test func status_andDoctor_flagAPageWhoseDeliveriesAreRefusedForAPermission_untilItIsAddedAgain() async throws {
        let directory = TemporaryDirectory("perms-flag-sandbox")
        let sandbox = try await SandboxUnderTest(directory: directory)
        let daemon = try DaemonUnderTest("perms-flag", sandbox: sandbox)
        try await daemon.start()
        let graph = try #require(sandbox.urls["facebook"])
        let http = CurlHTTPClient()
        defer { http.shutdown() }
        func mint() async throws -> JSONValue {
            let response = try await http.send(HTTPRequest(method: "POST", url: graph + "/_sandbox/facebook/tokens",
                                                           headers: [HTTPHeader("Content-Type", "application/json")], body: Array(#"{"username":"club"}"#.utf8)))
            return try JSONDecoder().decode(JSONValue.self, from: Data(response.body))
        }
        let minted = try await mint()
        let added = try daemon.schedctl(["accounts", "add", "facebook", "--json"], stdin: try #require(minted["access_token"]?.stringValue))
        #expect(added.status == 0, "\(added.stderr)")
        let page = try added.decode(AccountView.self)

        let userToken = try #require(minted["user_access_token"]?.stringValue)
        let removed = try await http.send(HTTPRequest(method: "DELETE", url: graph + "/v26.0/me/permissions/pages_manage_posts",
                                                      headers: [HTTPHeader("Authorization", "Bearer \(userToken)")]))
        #expect(removed.status == 200, "\(removed.bodyText)")
        let first = try daemon.schedule("Hill repeats tonight", to: page.reference, at: "in 2s")
        let second = try daemon.schedule("Long run Sunday", to: page.reference, at: "in 2s")
        try await eventually("both posts to be refused") {
            Set(try daemon.posts(state: "failed").map(\.id)).isSuperset(of: [first.id, second.id])
        }

        let status = try daemon.schedctl(["status", "--json"]).decode(StatusView.self)
        let flagged = try #require(status.accountsNeedingAttention.first { $0.id == page.id })
        #expect(flagged.permissionRefusal?.deliveries == 2)
        #expect(flagged.permissionRefusal?.reason.contains("pages_manage_posts") == true)
        let text = try daemon.schedctl(["status"], environment: ["COLUMNS": "250"]).stdout
        #expect(text.contains("\(page.reference) cannot publish: its last 2 deliveries were refused for a permission"), "\(text)")
        #expect(text.contains("schedctl accounts link facebook"), "\(text)")
        let shown = try daemon.schedctl(["accounts", "show", page.reference], environment: ["COLUMNS": "250"]).stdout
        #expect(shown.contains("refused:  \(page.reference) cannot publish"), "\(shown)")

        let doctor = try daemon.schedctl(["doctor"], environment: ["COLUMNS": "250"])
        #expect(doctor.status == 1, "\(doctor.stdout)")
        let line = try #require(doctor.stdout.split(separator: "\n").first { $0.hasPrefix("fail  token") }, "\(doctor.stdout)")
        #expect(line.contains(page.reference) && line.contains("pages_manage_posts"), "\(line)")
        let history = try daemon.schedctl(["history", "\(first.id)", "--json"]).stdout
        #expect(history.contains("\"permission\""), "the attempt's class is recorded: \(history)")

        let again = try daemon.schedctl(["accounts", "add", "facebook"], stdin: try #require(try await mint()["access_token"]?.stringValue))
        #expect(again.status == 0, "\(again.stderr)")
        let cleared = try daemon.schedctl(["status", "--json"]).decode(StatusView.self)
        #expect(!cleared.accountsNeedingAttention.contains { $0.id == page.id }, "a token that has the permission clears the flag")
        #expect(try daemon.schedctl(["doctor"]).status == 0)
        _ = try await daemon.stop()
    }
}
