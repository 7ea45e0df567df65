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

/// The instance word and the `--ports` list that let a restarted sandbox keep its addresses and say it is new.
struct SandboxRestartContractTests {
    @Test func line_carriesTheInstance_whichParseLeavesOutOfTheURLs() {
        let urls = ["x": "http://127.0.0.1:4001", "mastodon": "http://127.0.0.1:4005", "threads": "http://127.0.0.1:4007"]
        let line = SandboxAnnouncement.line(urls, instance: "5f2c9a")
        #expect(line == "sandboxd listening http://127.0.0.1:4001 mastodon=http://127.0.0.1:4005 threads=http://127.0.0.1:4007 instance=5f2c9a")
        #expect(SandboxAnnouncement.parse(line) == urls)
        #expect(SandboxAnnouncement.instance(in: line) == "5f2c9a")
        #expect(SandboxAnnouncement.instance(in: SandboxAnnouncement.line(urls)) == nil, "an older sandboxd names none")
    }

    @Test func hosts_nameEveryEmulatedHost_MastodonAndThreadsIncluded() {
        #expect(SandboxAnnouncement.hosts == ["x", "facebook", "linkedin", "bluesky", "mastodon", "mastodon-long", "threads"])
        #expect(SandboxAnnouncement.mastodonDomains == ["mastodon": "mastodon.sandbox", "mastodon-long": "long.sandbox"])
    }

    @Test func ports_readBackAsWritten_andRefuseAnUnknownHostOrPort() throws {
        let ports = ["x": 4001, "threads": 4007, "mastodon-long": 0]
        #expect(SandboxPorts.argument(ports) == "x=4001,mastodon-long=0,threads=4007")
        #expect(try SandboxPorts.parse(SandboxPorts.argument(ports)) == ports)
        let unknown = #expect(throws: SandboxSettingError.self) { try SandboxPorts.parse("x=1,tiktok=2") }
        #expect(unknown?.code == .invalidPorts && unknown?.message.contains("'tiktok=2'") == true)
        #expect(throws: SandboxSettingError.self) { try SandboxPorts.parse("x=70000") }
        #expect(SandboxPorts.port(of: "http://127.0.0.1:4005") == 4005 && SandboxPorts.port(of: "http://[::1]:80") == 80)
    }
}
