import SandboxContract
import Testing

/// The line sandboxd announces itself with reads back as the URLs it was written from.
struct SandboxAnnouncementTests {
    @Test func line_readsBackAsTheURLsItWasWrittenFrom() {
        let urls = ["x": "http://127.0.0.1:4001", "facebook": "http://127.0.0.1:4002", "linkedin": "http://127.0.0.1:4003",
                    "bluesky": "http://127.0.0.1:4004"]
        let line = SandboxAnnouncement.line(urls)
        #expect(line == "sandboxd listening http://127.0.0.1:4001 facebook=http://127.0.0.1:4002 linkedin=http://127.0.0.1:4003 bluesky=http://127.0.0.1:4004")
        #expect(SandboxAnnouncement.parse(line) == urls)
    }

    @Test func parse_takesXAloneFromAnOlderLine_andRefusesAnythingElse() {
        #expect(SandboxAnnouncement.parse("sandboxd listening http://127.0.0.1:4001") == ["x": "http://127.0.0.1:4001"])
        #expect(SandboxAnnouncement.parse("Sandbox fault injection on") == nil)
        #expect(SandboxAnnouncement.parse("sandboxd listening") == nil)
        #expect(SandboxAnnouncement.parse("") == nil)
    }
}

/// The LinkedIn products schedulerd's configuration and sandboxd's flag both read.
struct LinkedInProductTests {
    @Test func parse_readsTheNames_andNamesAnUnknownOneWithTheKnownOnes() throws {
        #expect(try LinkedInProduct.parse(["share", " openid ", "community"]) == [.share, .openid, .community])
        let error = #expect(throws: SandboxSettingError.self) { try LinkedInProduct.parse(["share", "sharing"]) }
        #expect(error?.code == .unknownLinkedInProduct)
        #expect(error?.message == "'sharing' is not a LinkedIn product the sandbox knows (share, openid, community, member_posts_read)")
    }
}
