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

/// What a club with long names sees (issue 25, bug 8): a handle as long as Instagram allows, a second delivery that
/// failed, every state a delivery can be in, accounts in every status, and findings and status lines that ran to 155
/// columns.
extension Fixtures {
    static let longInstagram = "instagram:@kyiv_run_club_official_account"

    /// Posts whose deliveries are in every state, to long accounts, with long texts.
    static let clubWeek: [PostView] = [
        post(31, "Kyiv Run Club Sunday long run: 24 km along the Dnipro, meet at the Pedestrian Bridge at 07:00, pace groups 5:00 to 6:30",
             dueIn: -30, [delivery(41, "x:@kyiv_run_club", .published, url: "https://x.com/kyiv_run_club/status/1896123456789012345"),
                          delivery(42, longInstagram, .failed, error: "the image is not 4:5"),
                          delivery(43, "facebook:@kyivrunclubofficialpage", .unknown),
                          delivery(44, "linkedin:@kyiv-run-club-association", .missed)]),
        post(32, "Intervals", dueIn: 3, [delivery(45, "x:@kyiv_run_club", .retrying), delivery(46, longInstagram, .handedOff),
                                         delivery(47, "facebook:@kyivrunclubofficialpage", .publishing),
                                         delivery(48, "linkedin:@kyiv-run-club-association", .expired)]),
        post(33, "Draft: new club kit", dueIn: 0, [delivery(49, longInstagram, .draft), delivery(50, "x:@kyiv_run_club", .cancelled)]).drafted(),
    ]

    static func account(_ id: Int64, _ network: Network, _ handle: String, _ name: String, _ auth: AuthKind, _ status: AccountStatus,
                        pending: Int = 0, expiresIn days: Double? = nil, refreshable: Bool = false, after: Int = 0, reason: String? = nil) -> AccountView {
        AccountView(id: id, network: network, handle: handle, displayName: name, remoteId: "r\(id)", authKind: auth, status: status,
                    createdAt: monday.addingTimeInterval(-90 * 86_400), pendingPosts: pending,
                    accessExpiresAt: days.map { monday.addingTimeInterval($0 * 86_400) }, refreshable: refreshable, postsAfterExpiry: after,
                    statusReason: reason)
    }

    /// Accounts in every status, with every kind of token.
    static let accounts: [AccountView] = [
        account(1, .x, "kyiv_run_club", "Kyiv Run Club", .oauth1, .active, pending: 12),
        account(2, .instagram, "kyiv_run_club_official_account", "kyiv_run_club_official_account (via Kyiv Run Club Official Page)", .oauth2, .active,
                pending: 3),
        account(3, .linkedin, "kyiv-run-club-association", "Kyiv Run Club Association of Amateur Runners", .oauth2, .needsRelink, pending: 4,
                reason: "LinkedIn refused the token: the member revoked the app's access in their settings"),
        account(4, .linkedin, "coach", "Olena Coach", .oauth2, .active, pending: 5, expiresIn: 12, after: 3),
        account(5, .facebook, "kyivrunclubofficialpage", "Kyiv Run Club Official Page", .oauth2, .active, pending: 1, expiresIn: 30, refreshable: true),
        account(6, .instagram, "club_runs", "club_runs (handoff)", .none, .active),
        account(7, .x, "old_club", "Old Club", .oauth1, .revoked),
    ]

    /// Drafts to several long accounts.
    static let drafts: [PostView] = [
        post(34, "New club kit: orange and blue, order by Friday from the club shop, sizes XS to XXL, €35", dueIn: 0,
             [delivery(51, "x:@kyiv_run_club", .draft), delivery(52, longInstagram, .draft), delivery(53, "facebook:@kyivrunclubofficialpage", .draft)])
            .drafted(),
        post(35, "Volunteers wanted", dueIn: 0, [delivery(54, "linkedin:@kyiv-run-club-association", .draft)]).drafted(),
    ]

    /// What a doctor finds on a machine that needs attention: long messages and actions.
    static let findings: [DoctorFinding] = [
        .ok("configuration", "/etc/schedulerd/schedulerd.toml is valid; sandbox mode is off; times are in Europe/Kyiv"),
        .warn("permissions", "/var/lib/schedulerd/credential.key is mode 0644: other users of this machine can read the key that opens every account's token",
              action: "chmod 600 /var/lib/schedulerd/credential.key && chown schedulerd:schedulerd /var/lib/schedulerd/credential.key"),
        .fail("clock", "X: https://api.x.com answered with a Date 74 s ahead of this machine's clock (±0.2 s), so OAuth 1.0a signatures are refused",
              action: "make sure this machine's clock is kept by NTP (`timedatectl set-ntp true`), then run `schedctl doctor` again"),
        .ok("token", "4 accounts ready: their tokens are valid for more than a week or renew themselves"),
    ]
}

extension PostView {
    /// The post as a draft: no due time.
    func drafted() -> PostView {
        var post = self
        post.dueAt = nil
        return post
    }
}
