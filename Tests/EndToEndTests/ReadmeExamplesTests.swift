import Foundation
import SchedulerCore
import Testing

/// Every `schedctl` line of the shell blocks of the README and of the guides under docs/ runs, as written, against a
/// sandbox daemon and succeeds (issue 25, bug 7: `--at "sunday 18:00"` was refused), so an example can never rot again.
///
/// The lines run through `/bin/sh` in a folder holding the files they name (`sunday.gpx`, `thread.txt`, `splits.jpg`,
/// …), with `$BIN` set. The accounts they name are linked first; the sandbox names a Page and a LinkedIn member after
/// the person (`club_s_running_club`), so `facebook:@club` and `linkedin:@runner` are read as those accounts. A post id
/// in a line means the post the example speaks of: `schedule --post N` the newest draft (one is kept for it when there
/// is none); in a block that made a repeating post, an occurrence of that series; otherwise the newest post made by the
/// lines before it in its block.
@Suite(.serialized) struct ReadmeExamplesTests {
    /// Lines that cannot run unattended, each with the test that covers what it shows.
    static let interactive = [
        "accounts link": "waits for a browser or a pasted address (LinkingTests link every network)",
    ]

    /// The README, then every guide under docs/ by name (issue 27 moved most examples there: planning, then posts and
    /// media, then run summaries, the order they had in the README).
    static var pages: [(path: String, name: String)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let docs = root.appendingPathComponent("docs")
        let guides = ((try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []).filter { $0.hasSuffix(".md") }.sorted()
        let readme: [(path: String, name: String)] = [(path: root.appendingPathComponent("README.md").path, name: "README.md")]
        return readme + guides.map { (path: docs.appendingPathComponent($0).path, name: "docs/" + $0) }
    }

    @Test(.timeLimit(.minutes(5)))
    func everySchedctlLineOfTheReadme_runsAndSucceeds() async throws {
        let examples = try ReadmeExample.all(inPages: Self.pages)
        #expect(examples.count >= 30, "the README's examples were found: \(examples.count)")

        let daemon = try DaemonUnderTest("readme")
        try await daemon.start()
        _ = try daemon.addSandboxAccount(username: "runner")
        _ = try daemon.addSandboxAccount(username: "club")
        let aliases = [
            "facebook:@club": try await daemon.linkAccount("facebook", as: "club").reference,
            "linkedin:@runner": try await daemon.linkAccount("linkedin", as: "runner").reference,
        ]
        #expect(try await daemon.linkAccount("instagram", as: "club").reference == "instagram:@club")

        let folder = daemon.directory.file("examples")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.writeFiles(into: folder)
        var environment = ProcessInfo.processInfo.environment
        environment["SCHEDCTL_SOCKET"] = daemon.socket
        environment["BIN"] = Products.directory.path
        environment["PATH"] = Products.directory.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["NO_COLOR"] = "1"

        var ran = 0
        var newestBefore: [Int: Int64] = [:]  // block → the newest post id when the block began
        for example in examples {
            if let (pattern, reason) = Self.interactive.first(where: { example.line.contains($0.key) }) {
                print("README example not run (\(pattern): \(reason)): \(example)")
                continue
            }
            let posts = try daemon.posts(state: "all")
            let first = newestBefore[example.block] ?? posts.map(\.id).max() ?? 0
            newestBefore[example.block] = first
            var line = example.postID == nil ? example.line
                : example.naming(post: try Self.post(meantBy: example, posts: posts, madeAfter: first, on: daemon))
            for (written, actual) in aliases { line = line.replacingOccurrences(of: written, with: actual) }
            let run = try Schedctl.capture("/bin/sh", ["-c", line], environment: environment, directory: folder)
            #expect(run.status == 0, "\(example)\n  ran: \(line)\n  exit \(run.status): \(run.stderr)\(run.stdout.prefix(500))")
            ran += 1
        }
        #expect(ran == examples.count - examples.filter { example in Self.interactive.keys.contains { example.line.contains($0) } }.count)
        _ = try await daemon.stop()
    }

    /// The id of the post an example's id stands for (see the suite's comment).
    static func post(meantBy example: ReadmeExample, posts: [PostView], madeAfter first: Int64, on daemon: DaemonUnderTest) throws -> Int64 {
        let madeInBlock = posts.filter { $0.id > first }
        if example.line.contains("--post ") {
            if let draft = posts.filter({ $0.deliveries.allSatisfy { $0.state == .draft } }).map(\.id).max() { return draft }
            let kept = try daemon.schedctl(["schedule", "Kept as a draft for a README example", "--to", "x:@club", "--draft", "--json"])
            return try kept.decode(PostView.self).id
        }
        let occurrences = madeInBlock.filter { $0.series != nil }.sorted { $0.id < $1.id }
        if !occurrences.isEmpty { return occurrences[min(2, occurrences.count - 1)].id }
        guard let newest = (madeInBlock.isEmpty ? posts : madeInBlock).map(\.id).max() else {
            throw E2EError("\(example) names a post, and none was made before it")
        }
        return newest
    }

    /// The files the examples name, in the folder they run in.
    static func writeFiles(into folder: String) throws {
        let picture = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("run-4x5.jpg")))
        for name in ["splits.jpg", "start.jpg", "finish.jpg", "medal.jpg"] {
            try picture.write(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
        }
        try RunSummaryEndToEndTests.loopGPX().write(toFile: folder + "/sunday.gpx", atomically: true, encoding: .utf8)
        try "Track night: 6 x 800 m 🧵\n---\nEach one at 3:05, the last at 2:58\n---\nThanks for the pacing, club!\n"
            .write(toFile: folder + "/thread.txt", atomically: true, encoding: .utf8)
    }
}
