import Foundation
import SchedulerCore

/// Posts, statuses and pauses as the daemon sends them, fixed in time, for the golden texts.
enum Fixtures {
    static let monday = RFC3339.parse("2027-03-01T07:30:00+02:00")!

    static func delivery(_ id: Int64, _ account: String, _ state: DeliveryState, url: String? = nil, text: String? = nil,
                         error: String? = nil, throttledUntil: Date? = nil, firstComment: String? = nil) -> DeliveryView {
        let network = Network(rawValue: String(account.prefix { $0 != ":" }))!
        return DeliveryView(id: id, accountId: id, account: account, network: network, state: state, text: text, remoteId: url == nil ? nil : "r\(id)",
                            remoteUrl: url, publishedAt: state == .published ? monday.addingTimeInterval(-86_400 + 5) : nil,
                            nextAttemptAt: state == .scheduled || state == .retrying ? throttledUntil ?? monday : nil, attempts: state == .published ? 1 : 0,
                            error: error, firstComment: firstComment, throttledUntil: throttledUntil)
    }

    static func post(_ id: Int64, _ text: String, dueIn hours: Double, _ deliveries: [DeliveryView], media: [MediaView] = [],
                     thread: [ThreadPartView]? = nil) -> PostView {
        let due = monday.addingTimeInterval(hours * 3_600)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Kyiv")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: due)
        let local = String(format: "%04d-%02d-%02dT%02d:%02d:00", c.year!, c.month!, c.day!, c.hour!, c.minute!)
        return PostView(id: id, text: text, dueAt: due, dueZone: "Europe/Kyiv", dueLocal: local, latenessLimitSeconds: 900, source: "typed",
                        createdAt: monday.addingTimeInterval(-7 * 86_400), updatedAt: monday.addingTimeInterval(-7 * 86_400),
                        deliveries: deliveries, media: media, thread: thread)
    }

    /// A page of pending posts, next due first: one network and four, a long text, a text in lines, a retry.
    static let pending: [PostView] = [
        post(12, "Monday run, 8 km easy by the river", dueIn: 0, [delivery(21, "x:@club", .scheduled)]),
        post(13, "Intervals tonight: 6 x 800 m at the track, warm-up from 18:00 at the gate, bring a head torch", dueIn: 10.5,
             [delivery(22, "x:@club", .scheduled), delivery(23, "facebook:@runclub", .scheduled), delivery(24, "linkedin:@coach", .retrying),
              delivery(25, "instagram:@runclub", .scheduled)]),
        post(14, "Club news:\nnew kit is in!\nPick it up on Saturday.", dueIn: 26, [delivery(26, "linkedin:@coach", .scheduled)]),
        post(15, "Long run Sunday, meet 07:00 at the bridge", dueIn: 144.25, [delivery(27, "facebook:@runclub", .scheduled),
                                                                            delivery(28, "instagram:@runclub", .scheduled)]),
    ]

    /// A page of published posts, newest first, each with where it is.
    static let published: [PostView] = [
        post(11, "Race report: 10 km PB, 41:12, thanks to everyone who paced", dueIn: -24,
             [delivery(19, "x:@club", .published, url: "https://x.com/club/status/1896123456789012345"),
              delivery(20, "facebook:@runclub", .failed, error: "the Page token was refused")]),
        post(9, "Recovery jog and coffee", dueIn: -48, [delivery(17, "linkedin:@coach", .published,
                                                                url: "https://www.linkedin.com/feed/update/urn:li:share:7301234567890123456")]),
    ]

    /// A post with everything `show` prints: a text in lines, media with and without alt texts, a thread's second part,
    /// a per-account text, a first comment, a rate-limit hold and a failure.
    static let rich: PostView = post(
        16, "Saturday's parkrun:\n\n5 km, 21:40.\nNew course record for the club!", dueIn: 2,
        [delivery(30, "x:@club", .scheduled, text: "Saturday's parkrun: 5 km, 21:40\n#parkrun", throttledUntil: monday.addingTimeInterval(3 * 3_600 + 900)),
         delivery(31, "facebook:@runclub", .failed, error: "the Page token was refused; relink with `schedctl accounts link facebook`",
                  firstComment: "Results:\nhttps://www.parkrun.org.uk/results")],
        media: [MediaView(id: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", kind: "image", contentType: "image/jpeg", size: 120_000,
                          width: 1_600, height: 1_200, alt: "Runners crossing the finish line\nin the rain"),
                MediaView(id: "60303ae22b998861bce3b28f33eec1be758a213c86c93c076dbe9f558c11c752", kind: "image", contentType: "image/png", size: 80_000,
                          width: 1_080, height: 1_080, alt: nil)],
        thread: [ThreadPartView(text: "Splits:\n4:31, 4:20, 4:22, 4:19, 4:08")])

    static func status(nextDue: StatusView.NextDue?, nextHeld: StatusView.HeldDue?, paused: PauseView? = nil,
                       deliveries: [String: Int] = ["scheduled": 26]) -> StatusView {
        StatusView(version: "0.1.0", startedAt: monday.addingTimeInterval(-3 * 3_600), now: monday.addingTimeInterval(-3_600), sandbox: true,
                   deliveries: deliveries, nextDue: nextDue, accountsNeedingAttention: [], paused: paused, zone: "Europe/Kyiv", nextHeld: nextHeld)
    }
}
