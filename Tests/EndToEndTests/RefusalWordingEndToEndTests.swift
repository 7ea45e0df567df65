import Foundation
import HTTPClient
import SchedulerCore
import Testing

/// One refusal, worded by each door (issue 49, item 5; STYLE.md item 20): the daemon answers a code, a message that
/// says what is wrong and a hint as facts; the control API words the hint in its routes and fields, schedctl in its
/// commands and flags, and the web app in its buttons. No door answers in another's words.
@Suite(.serialized) struct RefusalWordingEndToEndTests {
    static let password = "long enough passphrase"

    func start() async throws -> (DaemonUnderTest, WebVisitor, PostView) {
        let daemon = try DaemonUnderTest("refusal-wording", config: "[web]\nlisten = \"127.0.0.1:0\"\n")
        try await daemon.start()
        var address: String?
        try await eventually(timeout: .seconds(20), "the web app listens") {
            address = WebAppEndToEndTests.webAddress(in: daemon.logs)
            return address != nil
        }
        #expect(try daemon.schedctl(["web", "user", "add", "ada", "--role", "owner"], stdin: Self.password + "\n").status == 0)
        let owner = WebVisitor(base: "http://" + address!)
        #expect(try await owner.signIn("ada", Self.password).status == 303)
        let club = try daemon.addSandboxAccount(username: "club")
        let post = try daemon.schedule("Club run Thursday", to: club.reference, at: "in 3h")
        return (daemon, owner, post)
    }

    @Test(.timeLimit(.minutes(3)))
    func aScheduledPostGivenADraftsTime_isRefusedAlike_andEachDoorWordsTheHint() async throws {
        let (daemon, owner, post) = try await start()

        // The control API: the code, the facts, the hint as data, and advice naming its own route and field.
        let answer = try await daemon.api("POST", "/v1/posts/\(post.id)/schedule", body: Array(#"{"at": "in 5h"}"#.utf8))
        #expect(answer.status == 409)
        let body = try JSONCoding.decoder().decode(APIErrorBody.self, from: Data(answer.body)).error
        #expect(body.code == "conflict" && body.message == "post \(post.id) is not a draft", "\(answer.bodyText)")
        #expect(body.hint == RefusalHint(.editTime, post: post.id), "\(answer.bodyText)")
        #expect(body.advice == "PATCH /v1/posts/\(post.id) with `at` changes its time", "\(answer.bodyText)")
        #expect(!answer.bodyText.contains("--") && !answer.bodyText.contains("schedctl"), "the API answers in no CLI words: \(answer.bodyText)")

        // schedctl: the same refusal, the hint in its own command and flag, and the same exit code as before.
        let cli = try daemon.schedctl(["schedule", "--post", "\(post.id)", "--at", "in 5h"])
        #expect(cli.status == 5)
        #expect(cli.stderr.contains("post \(post.id) is not a draft; `schedctl edit \(post.id) --at TIME` changes its time"), "\(cli.stderr)")
        let json = try daemon.schedctl(["schedule", "--post", "\(post.id)", "--at", "in 5h", "--json"])
        #expect(json.stdout.contains("`schedctl edit \(post.id) --at TIME` changes its time"), "--json's error says it too: \(json.stdout)")

        // The web app: the same facts, and its own button to use, never a flag or a command.
        let page = try await owner.get("/posts/\(post.id)")
        let csrf = try #require(WebVisitor.hiddenCSRF(in: page.bodyText))
        let refused = try await owner.post("/posts/\(post.id)/schedule", [("csrf", csrf), ("at", "in 5h")])
        #expect(refused.status == 409, "\(refused.bodyText.prefix(600))")
        #expect(refused.bodyText.contains("post \(post.id) is not a draft; change its time with Edit on the post"), "\(refused.bodyText)")
        #expect(!refused.bodyText.contains("--at") && !refused.bodyText.contains("schedctl"), "the page names no flag: \(refused.bodyText)")
    }

    @Test(.timeLimit(.minutes(3)))
    func aPostThatIsNotThere_isNamed_andTheHintSaysWhereThePostsAreListed() async throws {
        let (daemon, _, _) = try await start()
        let answer = try await daemon.api("GET", "/v1/posts/999")
        #expect(answer.status == 404)
        let body = try JSONCoding.decoder().decode(APIErrorBody.self, from: Data(answer.body)).error
        #expect(body.message == "no post 999" && body.hint == RefusalHint(.listPosts), "\(answer.bodyText)")
        #expect(body.advice == "GET /v1/posts?state=all lists the posts", "\(answer.bodyText)")

        let cli = try daemon.schedctl(["show", "999"])
        #expect(cli.status == 3 && cli.stderr.contains("no post 999; `schedctl list --state all` shows the posts"), "\(cli.stderr)")
    }
}
