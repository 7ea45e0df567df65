import Foundation
import HTTPClient
import SchedulerCore
import Testing

/// Every door gives the same post (issue 47): each operation is run once through `schedctl`, once through the web app's
/// forms and once through the control API on equal posts, and the posts and deliveries that result are compared field
/// by field. One door may not lose a field the others keep.
@Suite(.serialized) struct DoorParityEndToEndTests {
    static let password = "long enough passphrase"

    /// What a door's result is compared by: every field a person gave, none that says which door or when.
    struct Shape: Equatable, CustomStringConvertible {
        struct Delivery: Equatable {
            var account: String
            var state: DeliveryState
            var text: String?
            var firstComment: String?
            var parts: Int?
            var error: String?
        }
        var text: String
        var due: String
        var zone: String
        var lateness: Int
        var options: PostOptions?
        var media: Int
        var thread: [String]
        var deliveries: [Delivery]

        init(_ post: PostView) {
            text = post.text; due = post.dueLocal; zone = post.dueZone; lateness = post.latenessLimitSeconds
            options = post.options?.isEmpty == true ? nil : post.options
            media = post.media.count
            thread = (post.thread ?? []).map(\.text)
            // Who rejected differs by door on purpose (the socket's operator, the web's person): the reason may not.
            // Each door has accounts of its own (`parity0`, `parity1`, …): the same post to the same account at the same time
            // is refused as the same post twice, so the doors' posts are compared with the door's number left out.
            deliveries = post.deliveries.map {
                Delivery(account: $0.account.replacing(/(parity|extra)[0-9]/) { $0.1 + "N" }, state: $0.state, text: $0.text, firstComment: $0.firstComment, parts: $0.partCount,
                         error: $0.error?.replacing(/rejected by [^:]+:/, with: "rejected by someone:"))
            }.sorted { $0.account < $1.account }
        }

        var description: String {
            "\(text) | \(due) \(zone) | lateness \(lateness) | \(options.map { "\($0)" } ?? "no options") | media \(media) | thread \(thread) | "
                + "\(deliveries.map { "\($0.account) \($0.state.rawValue) \($0.text ?? "-") \($0.firstComment ?? "-") parts \($0.parts ?? 1) \($0.error ?? "")" })"
        }
    }

    final class Doors: @unchecked Sendable {
        let daemon: DaemonUnderTest
        let owner: WebVisitor
        let editor: WebVisitor
        init(daemon: DaemonUnderTest, owner: WebVisitor, editor: WebVisitor) { self.daemon = daemon; self.owner = owner; self.editor = editor }

        func show(_ id: Int64) throws -> PostView { try daemon.schedctl(["show", "\(id)", "--json"]).decode(PostView.self) }

        func api<Body: Encodable>(_ method: String, _ path: String, _ body: Body?) async throws -> PostView {
            let answer = try await daemon.api(method, path, body: try body.map { Array(try JSONCoding.encoder().encode($0)) })
            guard (200..<300).contains(answer.status) else { throw E2EError("\(method) \(path): \(answer.status) \(answer.bodyText)") }
            return try JSONCoding.decoder().decode(PostView.self, from: Data(answer.body))
        }

        func schedctl(_ arguments: [String]) throws -> PostView {
            let run = try daemon.schedctl(arguments + ["--json"])
            guard run.status == 0 else { throw E2EError("schedctl \(arguments.joined(separator: " ")): \(run.status) \(run.stderr)") }
            return try run.decode(PostView.self)
        }

        /// A form on post `id`'s page, posted as the browser would (the page's token and version), then the post.
        func web(_ id: Int64, _ action: String, _ fields: [(String, String)], as visitor: WebVisitor? = nil) async throws -> PostView {
            let browser = visitor ?? owner
            let page = try await browser.get("/posts/\(id)")
            let csrf = try #require(WebVisitor.hiddenCSRF(in: page.bodyText))
            var form = [("csrf", csrf)] + fields
            if action == "edit" {
                let version = try #require(page.bodyText.firstMatch(of: /name="version" value="([^"]*)"/).map { String($0.1) }, "an edit form")
                form.append(("version", version))
            }
            let answer = try await browser.post("/posts/\(id)/\(action)", form)
            guard answer.status == 303 else { throw E2EError("web \(action) on post \(id): \(answer.status) \(answer.bodyText.prefix(800))") }
            let landed = answer.header("location").flatMap { $0.split(separator: "/").last.flatMap { Int64($0) } } ?? id
            return try show(landed)
        }

        func compose(_ fields: [(String, String)], as visitor: WebVisitor? = nil) async throws -> PostView {
            let browser = visitor ?? owner
            let page = try await browser.get("/compose")
            let answer = try await browser.postMultipart("/compose", [("csrf", WebVisitor.hiddenCSRF(in: page.bodyText) ?? "")] + fields)
            guard answer.status == 303, let id = answer.header("location")?.split(separator: "/").last.flatMap({ Int64($0) }) else {
                throw E2EError("compose: \(answer.status) \(answer.bodyText.prefix(800))")
            }
            return try show(id)
        }
    }

    /// Per door (schedctl, the web app, the control API), in that order: a Bluesky and a Mastodon account, and a Bluesky
    /// account to add later.
    func start() async throws -> (Doors, bluesky: [String], mastodon: [String], extra: [String]) {
        let daemon = try DaemonUnderTest("door-parity", config: "[web]\nlisten = \"127.0.0.1:0\"\nrequire_approval = true\n")
        try await daemon.start()
        var address: String?
        try await eventually(timeout: .seconds(20), "the web app listens") {
            address = WebAppEndToEndTests.webAddress(in: daemon.logs)
            return address != nil
        }
        for (name, role) in [("ada", "owner"), ("ben", "editor")] {
            #expect(try daemon.schedctl(["web", "user", "add", name, "--role", role], stdin: Self.password + "\n").status == 0)
        }
        let owner = WebVisitor(base: "http://" + address!), editor = WebVisitor(base: "http://" + address!)
        #expect(try await owner.signIn("ada", Self.password).status == 303)
        #expect(try await editor.signIn("ben", Self.password).status == 303)
        var bluesky: [String] = [], mastodon: [String] = [], extra: [String] = []
        for door in 0..<3 {
            bluesky.append(try daemon.addSandboxAccount(username: "parity\(door)", network: "bluesky").reference)
            mastodon.append(try daemon.addSandboxAccount(username: "parity\(door)", network: "mastodon").reference)
            extra.append(try daemon.addSandboxAccount(username: "extra\(door)", network: "bluesky").reference)
        }
        return (Doors(daemon: daemon, owner: owner, editor: editor), bluesky, mastodon, extra)
    }

    /// The three results of one operation, compared: each door's against schedctl's.
    func same(_ operation: String, _ results: [PostView], sourceLocation: SourceLocation = #_sourceLocation) {
        let shapes = results.map(Shape.init)
        for (door, shape) in zip(["the web app", "the control API"], shapes.dropFirst()) {
            #expect(shape == shapes[0], "\(operation): \(door) gave\n  \(shape)\nschedctl gave\n  \(shapes[0])", sourceLocation: sourceLocation)
        }
    }

    @Test(.timeLimit(.minutes(4)))
    func everyOperation_throughEveryDoor_givesTheSamePost() async throws {
        let (doors, bluesky, mastodon, extra) = try await start()
        let at = "2027-03-01 09:30", zone = "Europe/Paris"
        let text = "Club run Monday, all paces", own = "Club run Monday: 8 km, all paces welcome", comment = "Route: https://example.org/r/1"

        // Schedule: two accounts, one with its own text, a first comment, Mastodon's visibility.
        var posts = [
            try doors.schedctl(["schedule", text, "--to", bluesky[0], "--to", mastodon[0], "--at", at, "--tz", zone, "--text-for", "\(mastodon[0])=\(own)",
                                "--first-comment", comment, "--visibility", "unlisted"]),
            try await doors.compose([("text", text), ("account", bluesky[1]), ("account", mastodon[1]), ("override:\(mastodon[1])", own), ("at", at),
                                     ("zone", zone), ("first_comment", comment), ("visibility", "unlisted"), ("action", "schedule")]),
            try await doors.api("POST", "/v1/posts", SchedulePostRequest(text: text, to: [bluesky[2], mastodon[2]], at: at, tz: zone,
                                                                         overrides: [mastodon[2]: own], firstComment: comment, visibility: "unlisted")),
        ]
        same("schedule", posts)
        let page = try await doors.owner.get("/posts/\(posts[1].id)").bodyText
        #expect(page.contains("Its own text:</span> \(own)") && page.contains("First comment:</span> \(comment)") && page.contains("Mastodon visibility: unlisted"),
                "the post's page shows what goes out to each account: \(page)")
        #expect(page.contains("name=\"override:\(mastodon[1])\"") && page.contains("name=\"first_comment\"") && page.contains("name=\"visibility\""),
                "and edits it")

        // Edit the common text.
        let newText = "Club run Monday by the river"
        posts = [
            try doors.schedctl(["edit", "\(posts[0].id)", "--text", newText]),
            try await doors.web(posts[1].id, "edit", [("text", newText), ("at", posts[1].dueLocal), ("zone", zone)]),
            try await doors.api("PATCH", "/v1/posts/\(posts[2].id)", EditPostRequest(text: newText)),
        ]
        same("edit the text", posts)

        // Edit one account's own text.
        let newOwn = "Club run Monday by the river: 8 km"
        posts = [
            try doors.schedctl(["edit", "\(posts[0].id)", "--text-for", "\(mastodon[0])=\(newOwn)"]),
            try await doors.web(posts[1].id, "edit", [("text", newText), ("at", posts[1].dueLocal), ("zone", zone), ("override:\(mastodon[1])", newOwn)]),
            try await doors.api("PATCH", "/v1/posts/\(posts[2].id)", EditPostRequest(overrides: [mastodon[2]: newOwn])),
        ]
        same("edit one account's text", posts)

        // Edit the time.
        let later = "2027-03-02 10:00"
        posts = [
            try doors.schedctl(["edit", "\(posts[0].id)", "--at", later]),
            try await doors.web(posts[1].id, "edit", [("text", newText), ("at", later), ("zone", zone)]),
            try await doors.api("PATCH", "/v1/posts/\(posts[2].id)", EditPostRequest(at: later)),
        ]
        same("edit the time", posts)
        #expect(posts[0].dueLocal == "2027-03-02T10:00:00")

        // Add an account, and remove one.
        posts = [
            try doors.schedctl(["edit", "\(posts[0].id)", "--add-to", extra[0], "--remove-from", bluesky[0]]),
            try await doors.web(posts[1].id, "edit", [("text", newText), ("at", later), ("zone", zone), ("accounts_shown", "yes"),
                                                      ("account", mastodon[1]), ("account", extra[1])]),
            try await doors.api("PATCH", "/v1/posts/\(posts[2].id)", EditPostRequest(addTo: [extra[2]], removeFrom: [bluesky[2]])),
        ]
        same("add an account and remove one", posts)
        #expect(Set(posts[0].deliveries.map(\.account)) == [mastodon[0], extra[0]])
        #expect(posts[0].deliveries.first { $0.account == extra[0] }?.firstComment == comment, "an account added gets the comment the others have")

        // Duplicate: a draft with every field of the original.
        let copies = [
            try doors.schedctl(["duplicate", "\(posts[0].id)"]),
            try await doors.web(posts[1].id, "duplicate", []),
            try await doors.api("POST", "/v1/posts/\(posts[2].id)/duplicate", Optional<String>.none),
        ]
        same("duplicate", copies)
        #expect(copies.allSatisfy { $0.deliveries.allSatisfy { $0.state == .draft } })

        // Schedule the drafts.
        let scheduled = [
            try doors.schedctl(["schedule", "--post", "\(copies[0].id)", "--at", "2027-03-03 08:00", "--tz", zone]),
            try await doors.web(copies[1].id, "schedule", [("at", "2027-03-03 08:00"), ("zone", zone)]),
            try await doors.api("POST", "/v1/posts/\(copies[2].id)/schedule", ScheduleDraftRequest(at: "2027-03-03 08:00", tz: zone)),
        ]
        same("schedule a draft", scheduled)

        // Cancel.
        posts = [
            try doors.schedctl(["cancel", "\(posts[0].id)"]),
            try await doors.web(posts[1].id, "cancel", [("confirm", "yes")]),
            try await doors.api("POST", "/v1/posts/\(posts[2].id)/cancel", Optional<String>.none),
        ]
        same("cancel", posts)

        // Approve and reject an editor's posts (composed in the web app, the only door an editor has).
        var waiting: [PostView] = []
        for index in 0..<6 {
            waiting.append(try await doors.compose([("text", "Tempo Tuesday"), ("account", bluesky[index % 3]), ("at", index < 3 ? "2027-03-04 18:00" : "2027-03-04 19:00"),
                                                    ("zone", zone), ("action", "schedule")], as: doors.editor))
        }
        #expect(waiting.allSatisfy { $0.deliveries.allSatisfy { $0.state == .awaitingApproval } })
        same("approve", [
            try doors.schedctl(["approve", "\(waiting[0].id)"]),
            try await doors.web(waiting[1].id, "approve", []),
            try await doors.api("POST", "/v1/posts/\(waiting[2].id)/approve", Optional<String>.none),
        ])
        same("reject", [
            try doors.schedctl(["reject", "\(waiting[3].id)", "--reason", "Say which Tuesday"]),
            try await doors.web(waiting[4].id, "reject", [("reason", "Say which Tuesday")]),
            try await doors.api("POST", "/v1/posts/\(waiting[5].id)/reject", RejectPostRequest(reason: "Say which Tuesday")),
        ])

        // A series on the web: an occurrence edited alone keeps its time and text when the series' text is edited.
        let first = try doors.schedctl(["schedule", "Hill repeats {{n}}", "--to", bluesky[0], "--at", "in 1d", "--tz", zone,
                                        "--repeat", "weekly"])
        // Its occurrences are stored together, one after the other.
        let series = try (first.id..<first.id + 3).map { try doors.show($0) }
        try #require(series.map { $0.series?.index } == [1, 2, 3] && series.allSatisfy { $0.series?.id == first.series?.id }, "\(series.map(\.series))")
        let moved = series[1].dueLocal.prefix(10) + " 19:00"
        _ = try await doors.web(series[1].id, "edit", [("text", "Hill repeats 2, at seven"), ("at", String(moved)), ("zone", zone)])
        let scoped = try await doors.owner.get("/posts/\(series[0].id)")
        #expect(scoped.bodyText.contains("name=\"scope\" value=\"series\""), "the edit form offers the whole series")
        _ = try await doors.web(series[0].id, "edit", [("text", "Track night {{n}}"), ("scope", "series")])
        let shown = try await doors.owner.get("/posts/\(series[0].id)").bodyText
        #expect(shown.contains("left alone, as each was edited on its own: 1 post \(series[1].id)"), "the answer names what it left alone: \(shown.prefix(1500))")
        let after = try series.map { try doors.show($0.id) }
        #expect(after[0].text == "Track night 1" && after[2].text == "Track night 3")
        #expect(after[1].text == "Hill repeats 2, at seven" && after[1].dueLocal == series[1].dueLocal.prefix(10) + "T19:00:00")
        _ = try await doors.daemon.stop()
    }
}
