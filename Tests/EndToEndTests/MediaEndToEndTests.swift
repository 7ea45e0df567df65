import Foundation
import SchedulerCore
import Testing

/// Media through schedctl and the daemon to the emulated networks: a damaged file is refused at schedule time, and a
/// PNG bound for Instagram's Graph API goes out as a JPEG.
@Suite(.serialized) struct MediaEndToEndTests {
    /// Issue 16, bug 4: the first 60 kB of a 116 kB JPEG was accepted and published.
    @Test func aJPEGCutShort_isRefusedAtScheduleTime_withExit2_andNothingIsStored() async throws {
        let daemon = try DaemonUnderTest("media-cut")
        try await daemon.start()
        let x = try await daemon.linkAccount("x").reference
        let whole = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("run-4x5.jpg")))
        let cut = daemon.directory.file("cut.jpg")
        try whole.prefix(whole.count * 60 / 116).write(to: URL(fileURLWithPath: cut))

        let run = try daemon.schedctl(["schedule", "Morning run", "--to", x, "--at", "in 1h", "--media", cut])
        #expect(run.status == 2, "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains("cut.jpg: the JPEG does not decode (libjpeg: Premature end of JPEG file)"), "\(run.stderr)")
        #expect(run.stderr.contains("nothing was stored"), "\(run.stderr)")
        #expect(try daemon.posts(state: "all").isEmpty)
        let media = (daemon.stateDirectory as NSString).appendingPathComponent("media")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: media))?.isEmpty ?? true, "no copy of the damaged file was kept")
        _ = try await daemon.stop()
    }

    /// Instagram's Graph API takes only JPEG: a PNG is converted when the post is scheduled, and the person is told.
    @Test func aPNGForAnInstagramGraphAccount_isPublishedAsAJPEG_withANoteSayingSo() async throws {
        let daemon = try DaemonUnderTest("media-png")
        try await daemon.start()
        let instagram = try await daemon.linkAccount("instagram").reference

        let preview = try daemon.schedctl(["schedule", "Track session", "--to", instagram, "--at", "in 1h", "--dry-run",
                                           "--media", Fixtures.path("square-ish.png")])
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(preview.stdout.contains("note: image 1 (PNG, 400×500) was converted to JPEG, because Instagram takes only JPEG"), "\(preview.stdout)")

        let run = try daemon.schedctl(["schedule", "Track session", "--to", instagram, "--at", "in 2s",
                                       "--media", Fixtures.path("square-ish.png"), "--alt", "Six laps of the track"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("note: image 1 (PNG, 400×500) was converted to JPEG, because Instagram takes only JPEG (\(instagram))"),
                "\(run.stdout)")
        let post = try #require(try daemon.posts(state: "all").first)
        #expect(post.media.map(\.contentType) == ["image/jpeg"])
        #expect(post.media.first?.alt == "Six laps of the track")

        try await eventually(timeout: .seconds(30), "the post published to Instagram") {
            try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).deliveries.first?.state == .published
        }
        let received = try daemon.schedctl(["sandbox", "received", "--json"]).decode([JSONValue].self)
        let container = try #require(received.first {
            ["instagram", "facebook"].contains($0["network"]?.stringValue) && ($0["path"]?.stringValue ?? "").hasSuffix("/media")
        })
        #expect(container["fetched"]?["content_type"]?.stringValue == "image/jpeg", "\(container)")
        #expect(container["fetched"]?["format"]?.stringValue == "jpeg", "\(container)")
        #expect(container["fetched"]?["width"] == .integer(400) && container["fetched"]?["height"] == .integer(500), "\(container)")
        #expect(container["body"]?["alt_text"]?.stringValue == "Six laps of the track")
        _ = try await daemon.stop()
    }
}
