import Connectors
import Foundation
import NetworkRules
import SchedulerCore
import SchedulerDomain

/// Scheduling, editing and cancelling posts: every check happens here, before anything is stored,
/// and the engine is woken after every change.
package struct PostService: Sendable {
    package let store: any PostStore & AccountStore
    package let connectors: ConnectorRegistry
    package let wake: WakeSignal
    package let defaultZone: TimeZone
    package let defaultLatenessSeconds: Int
    package let media: MediaLibrary?
    /// Places posts in posting slots (`next_slot`); without it, `next_slot` is refused.
    package let queue: QueueService?
    /// Stores repeating posts (`repeat`); without it, `repeat` is refused.
    package let series: SeriesService?
    /// `[web] require_approval`: a post an editor schedules waits for an owner.
    package let approvalRequired: Bool
    package let now: @Sendable () -> Date

    package init(store: any PostStore & AccountStore, connectors: ConnectorRegistry, wake: WakeSignal, defaultZone: TimeZone,
                defaultLatenessSeconds: Int, media: MediaLibrary? = nil, queue: QueueService? = nil, series: SeriesService? = nil,
                approvalRequired: Bool = false, now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store; self.connectors = connectors; self.wake = wake; self.defaultZone = defaultZone
        self.defaultLatenessSeconds = defaultLatenessSeconds; self.media = media; self.queue = queue; self.series = series
        self.approvalRequired = approvalRequired; self.now = now
    }

    /// What `schedule` answers: the stored post, or with `dry_run` what each network would receive.
    package enum Scheduled: Sendable {
        case stored(PostView)
        case preview(DryRunView)
    }

    /// A schedule request checked in full (times, accounts, texts per network, media), nothing stored yet.
    package struct CheckedPost {
        package var nextSlot: Bool
        package var rule: Recurrence?
        /// A repeating post's start and which occurrence `time` is.
        package var seriesStart: SeriesStart?
        package var time: ScheduleTime?
        package var draftZone: String?
        package var latenessLimitSeconds: Int
        package var targets: [(AccountRecord, String?)]
        package var attachments: [MediaItem]
        package var parts = CheckedParts()
        package var options = PostOptions()
        /// What was changed in the media on the way (a PNG converted to JPEG for Instagram), for the answer.
        package var mediaNotes: [String] = []
        /// How the time was read (the zone used, a day moved, a time that happens twice), for the answer.
        package var timeNotes: [String] = []

        package func post(text: String) -> NewPost {
            var post = NewPost(text: text, time: time, draftZone: draftZone, latenessLimitSeconds: latenessLimitSeconds,
                               targets: targets.map { NewPost.Target(accountID: $0.0.id, textOverride: $0.1, firstComment: parts.firstComments[$0.0.id]) },
                               media: attachments)
            post.thread = parts.thread
            post.options = options
            return post
        }
    }

    /// Checks and stores a post for `author`: from the control socket, the operator; from the web app, the person
    /// signed in, whose post may have to wait for an owner's approval.
    /// `inboxFile`: the run file from the inbox this post is made from, marked posted in the post's own transaction.
    package func schedule(_ request: SchedulePostRequest, author: PostAuthor = .operator, inboxFile: InboxFileClaim? = nil) async throws -> Scheduled {
        let checked = try await check(request)
        let notes = checked.mediaNotes + (await networkNotes(checked, text: request.text))
        let approval = try awaitsApproval(request, author: author)
        return Self.adding(notes, to: try await schedule(checked, request, awaitingApproval: approval, inboxFile: inboxFile,
                                                         writtenBy: author == .operator ? nil : author.name))
    }

    private func schedule(_ checked: CheckedPost, _ request: SchedulePostRequest, awaitingApproval: Bool,
                          inboxFile: InboxFileClaim?, writtenBy: String?) async throws -> Scheduled {
        let (rule, time, targets, attachments, nextSlot) = (checked.rule, checked.time, checked.targets, checked.attachments, checked.nextSlot)
        if let rule, let start = checked.seriesStart {
            return try await scheduleSeries(rule, start: start, request: request, targets: targets, media: attachments,
                                            lateness: checked.latenessLimitSeconds, options: checked.options, timeNotes: checked.timeNotes)
        }
        var post = checked.post(text: request.text)
        post.awaitingApproval = awaitingApproval
        post.writtenBy = writtenBy
        post.inboxFile = inboxFile
        if nextSlot {
            let queue = try requireQueue()
            if request.dryRun == true {
                let slot = try await queue.nextFreeSlot(for: targets.map(\.0))
                return .preview(preview(text: request.text, media: attachments, time: slot.time, targets: targets, parts: checked.parts,
                                        options: checked.options))
            }
            post.queued = true
            let view = try await queue.placeInNextSlot(targets.map(\.0)) { [post] slot in
                var placed = post
                placed.time = slot.time
                return try await store.insertPost(placed, now: now())
            }
            wake.signal()
            return .stored(PostView(view))
        }
        if request.dryRun == true, let time {
            return .preview(preview(text: request.text, media: attachments, time: time, targets: targets, parts: checked.parts,
                                    options: checked.options, notes: checked.timeNotes))
        }
        var view = try await store.insertPost(post, now: now())
        if !checked.timeNotes.isEmpty { view.notes = checked.timeNotes }
        wake.signal()
        return .stored(PostView(view))
    }

    /// Every check a schedule request gets before anything is stored; `accounts` resolves references (a batch
    /// shares one, so 10,000 rows to the same accounts look each up once).
    /// `sameTextLater`: X's same-text rule is left to the caller, which looks up a whole import's texts at once.
    package func check(_ request: SchedulePostRequest, accounts: AccountCache? = nil, sameTextLater: Bool = false) async throws -> CheckedPost {
        let (draft, nextSlot) = try Self.checkWhen(request)
        let rule: Recurrence? = try request.repeatRule.map { text in
            do { return try Recurrence(parsing: text, until: request.until) } catch let error as ScheduleTimeError {
                throw RequestError.badRequest(error.message)
            }
        }
        // One zone rule for every local time: --tz, else the person's own zone (schedctl sends it), else the daemon's.
        let zone = request.tz ?? request.clientTz
        let time = try request.at.map { try parseTime($0, zone: zone, fromClient: request.tz == nil && request.clientTz != nil, zoneNamed: request.tz != nil) }
        let seriesStart = try rule.flatMap { rule in try time.map { try self.seriesStart(rule, seriesStart: request.seriesStart, at: $0) } }
        let draftZone = draft ? try zoneName(zone) : nil
        let lateness = try parseLateness(request.lateness)
        guard !request.to.isEmpty else { throw RequestError.badRequest("no target account", hint: .give(.to)) }
        var problems: [String] = []
        let targets = try await resolveTargets(request, accounts: accounts, problems: &problems)
        for key in (request.overrides ?? [:]).keys where !request.to.contains(key) {
            problems.append("a text override names '\(key)', which is not among the post's accounts")
        }
        problems += placeholderProblems(request, repeating: rule != nil)
        let options = Self.checkOptions(request, networks: Set(targets.map(\.0.network)), problems: &problems)
        let attached = try await attachments(request.media ?? [], problems: &problems)
        let (attachments, mediaNotes) = try await convertedForInstagram(attached, to: targets.map(\.0), problems: &problems)
        let parts = try await checkParts(request, targets: targets, repeating: rule != nil, options: options, problems: &problems)
        // A repeating post's text has placeholders: each occurrence's own text is checked instead (scheduleSeries).
        for (account, override) in targets where rule == nil {
            problems += validationProblems(text: override ?? request.text, media: attachments, account: account, options: options)
            if let due = time?.instant, !sameTextLater {
                problems += try await sameTextProblems(text: override ?? request.text, account: account, due: due,
                                                        zone: time.flatMap { TimeZone(identifier: $0.zoneIdentifier) })
            }
        }
        if request.text.trimmingWhitespace.isEmpty, attachments.isEmpty,
           !problems.contains(where: { $0.hasSuffix("the text is empty") }) {
            problems.append("the text is empty")
        }
        guard problems.isEmpty else {
            throw RequestError.refused(problems, "the post was refused")
        }
        return CheckedPost(nextSlot: nextSlot, rule: rule, seriesStart: seriesStart, time: time, draftZone: draftZone,
                           latenessLimitSeconds: lateness ?? defaultLatenessSeconds, targets: targets, attachments: attachments, parts: parts,
                           options: options, mediaNotes: mediaNotes,
                           timeNotes: time.map { timeNotes($0, request: request) } ?? [])
    }

    /// Which of draft, posting slot, time and repetition the request asks for, refusing combinations that mean nothing.
    private static func checkWhen(_ request: SchedulePostRequest) throws -> (draft: Bool, nextSlot: Bool) {
        let draft = request.draft == true
        let nextSlot = request.nextSlot == true
        if draft, request.at != nil || nextSlot {
            throw RequestError.badRequest("a draft has no time, and this one was given one", hint: .oneOf(.draft, .at, .nextSlot))
        }
        if nextSlot, request.at != nil { throw RequestError.badRequest("both a time and the next free slot were asked for", hint: .oneOf(.at, .nextSlot)) }
        if draft, request.dryRun == true {
            throw RequestError.badRequest("a dry run shows what is sent at a time, and a draft has none", hint: .oneOf(.draft, .dryRun))
        }
        guard draft || nextSlot || request.at != nil else {
            throw RequestError.badRequest("no time was given, and no draft asked for", hint: .oneOf(.at, .nextSlot, .draft))
        }
        if request.until != nil, request.repeatRule == nil { throw RequestError.badRequest("an end was given to no repeat", hint: .together(.until, .repeatRule)) }
        if request.seriesStart != nil, request.repeatRule == nil { throw RequestError.badRequest("series_start goes with repeat") }
        if request.repeatRule != nil, draft || nextSlot || request.at == nil {
            throw RequestError.badRequest("a repeating post needs the first occurrence's time; a draft or the next free slot has none",
                                          hint: .together(.repeatRule, .at))
        }
        return (draft, nextSlot)
    }

    /// The `--to` accounts, each once, with its text override; an account that cannot be found is a problem, not a stop.
    private func resolveTargets(_ request: SchedulePostRequest, accounts: AccountCache?, problems: inout [String]) async throws
        -> [(AccountRecord, String?)] {
        var targets: [(AccountRecord, String?)] = []
        for reference in request.to {
            do {
                let account: AccountRecord
                if let accounts { account = try await accounts.account(reference) } else { account = try await store.account(reference: reference) }
                guard !targets.contains(where: { $0.0.id == account.id }) else { continue }
                targets.append((account, request.overrides?[reference]))
            } catch let error as StoreError {
                problems.append(error.message)
            }
        }
        return targets
    }

    /// Gives a draft its time, checking it again as at scheduling: its accounts may have changed since.
    package func scheduleDraft(id: Int64, _ request: ScheduleDraftRequest) async throws -> PostView {
        let current = try await store.post(id: id)
        guard current.dueAt == nil, current.deliveries.contains(where: { $0.state == .draft }) else {
            throw RequestError(.conflict, "post \(id) is not a draft", hint: RefusalHint(.editTime, post: id))
        }
        let nextSlot = request.nextSlot == true
        guard nextSlot != (request.at != nil) else {
            throw RequestError.badRequest(nextSlot ? "both a time and the next free slot were asked for" : "no time was given", hint: .oneOf(.at, .nextSlot))
        }
        var accounts: [AccountRecord] = []
        for delivery in current.deliveries { accounts.append(try await store.account(reference: "\(delivery.accountId)")) }
        var problems: [String] = []
        let stored = try await attachments(of: current)
        let (attachments, mediaNotes) = try await convertedForInstagram(stored, to: accounts, problems: &problems)
        let replaced = mediaNotes.isEmpty ? nil : attachments
        for (delivery, account) in zip(current.deliveries, accounts) {
            problems += validationProblems(text: delivery.text ?? current.text, media: attachments, account: account,
                                           options: current.options ?? PostOptions())
        }
        guard problems.isEmpty else {
            throw RequestError.refused(problems, "the draft was refused")
        }
        let view: PostRecord
        if let at = request.at {
            let time = try parseTime(at, zone: request.tz ?? current.dueZone)
            var repeats: [String] = []
            for delivery in current.deliveries {
                let account = try await store.account(reference: "\(delivery.accountId)")
                repeats += try await sameTextProblems(text: delivery.text ?? current.text, account: account, due: time.instant, excluding: id)
            }
            guard repeats.isEmpty else { throw RequestError.badRequest(repeats.joined(separator: "; "), problems: repeats) }
            var scheduled = try await store.scheduleDraft(id: id, time: time, queued: false, media: replaced, now: now())
            if !time.notes.isEmpty { scheduled.notes = time.notes }
            view = scheduled
        } else {
            view = try await requireQueue().placeInNextSlot(accounts) { slot in
                try await store.scheduleDraft(id: id, time: slot.time, queued: true, media: replaced, now: now())
            }
        }
        wake.signal()
        return PostView(mediaNotes.isEmpty ? view : Self.noting(mediaNotes, view))
    }

    /// The files a request names (uploaded first with `POST /v1/media`), each with its alt text; one that cannot be had
    /// is a problem, named, and left out.
    package func attachments(_ references: [MediaReference], problems: inout [String]) async throws -> [MediaItem] {
        var items: [MediaItem] = []
        for reference in references {
            guard let library = media else { problems.append("this daemon keeps no media"); break }
            do {
                var item = try await library.sharedItem(id: reference.id, alt: reference.alt)
                item.name = reference.name
                items.append(item)
            } catch let error as RequestError {
                problems.append(error.message)
            }
        }
        return items
    }

    /// A stored post's media as files of this daemon, to check a text against them again.
    package func attachments(of post: PostRecord) async throws -> [MediaItem] {
        guard !post.media.isEmpty else { return [] }
        guard let media else { throw RequestError.badRequest("this daemon keeps no media") }
        var items: [MediaItem] = []
        for reference in post.media { items.append(try await media.sharedItem(id: reference.id, alt: reference.alt)) }
        return items
    }

    private func requireQueue() throws -> QueueService {
        guard let queue else { throw RequestError(.unavailable, "this daemon keeps no posting slots") }
        return queue
    }

    /// Any post, copied as a new draft.
    package func duplicate(id: Int64) async throws -> PostView {
        PostView(try await store.duplicatePost(id: id, now: now()))
    }

    package func cancel(id: Int64) async throws -> PostView {
        let view = try await store.cancelPost(id: id, now: now())
        wake.signal()
        return PostView(view)
    }

    /// Cancels the post, or with `wholeSeries` every occurrence of the repeating post it belongs to that is still to come.
    package func cancel(id: Int64, wholeSeries: Bool) async throws -> PostView {
        guard wholeSeries else { return try await cancel(id: id) }
        guard let series else { throw RequestError(.unavailable, "this daemon keeps no repeating posts") }
        return PostView(try await series.cancelSeries(ofPost: id))
    }

    /// Counts and validates text for one network, as scheduling would, storing nothing.
    package func check(_ request: CheckRequest) throws -> CheckView {
        let attachments = try (request.media ?? []).map { reference in
            guard let library = media else { throw RequestError.badRequest("this daemon keeps no media") }
            return try library.item(id: reference.id, alt: reference.alt)
        }
        return NetworkRules.of(request.network).check(PublishRequest(text: request.text, media: attachments))
    }

    package func validationProblems(text: String, media: [MediaItem], account: AccountRecord, options: PostOptions = PostOptions()) -> [String] {
        guard let connector = connectors[account.network] else {
            return ["\(account.reference): publishing to \(account.network.displayName) is not available on this daemon"]
        }
        var problems = connector.validate(Self.request(text: text, media: media, account: account, options: options)).map { "\(account.reference): \($0)" }
        let rules = Self.rules(for: account, options: options).text
        if rules.count(text) > rules.maxLength, let index = problems.firstIndex(where: { $0.contains(": \(rules.counted) ") }) {
            problems[index] += Self.tooLongRemedy(account)
        }
        if account.status != .active {
            problems.append("\(account.reference): \(account.network.displayName) unavailable: login error; relink it: \(account.relinkCommand)")
        }
        return problems
    }

    /// How a text too long for `account` can still go: as a thread, where its network takes one, or a shorter text of its own.
    package static func tooLongRemedy(_ account: AccountRecord) -> String {
        let own = "give \(account.reference) a shorter text of its own"
        guard NetworkRules.threadNetworks.contains(account.network) else { return "; " + own }
        return "; split it into a thread or " + own
    }

    /// What a connector is asked to publish for `account`.
    package static func request(text: String, media: [MediaItem], account: AccountRecord, options: PostOptions = PostOptions()) -> PublishRequest {
        var request = PublishRequest(text: text, media: media, accountRemoteID: account.remoteId, handoff: account.authKind == .none,
                                     options: options)
        request.instanceLimits = account.instanceLimits
        return request
    }

    /// The rules `account`'s posts are checked against: its network's, or its own instance's (Mastodon).
    package static func rules(for account: AccountRecord, options: PostOptions = PostOptions()) -> NetworkRules {
        guard account.network == .mastodon else { return NetworkRules.of(account.network) }
        return NetworkRules.mastodon(account.instanceLimits ?? MastodonInstanceLimits(), contentWarning: options.contentWarning ?? "")
    }

    package func preview(text: String, media: [MediaItem], time: ScheduleTime, targets: [(AccountRecord, String?)],
                 parts: CheckedParts = CheckedParts(), options: PostOptions = PostOptions(), notes: [String] = []) -> DryRunView {
        let deliveries = targets.map { account, override in
            let body = override ?? text
            let connector = connectors[account.network]
            let post = connector?.preview(Self.request(text: body, media: media, account: account, options: options)) ?? .null
            return DeliveryPreview(account: account.reference, network: account.network, text: body,
                                   weightedLength: connector?.textRules.count(body) ?? body.count,
                                   request: partsPreview(post: post, thread: parts.thread, comment: parts.firstComments[account.id], account: account,
                                                         options: options))
        }
        return DryRunView(dueAt: RFC3339.format(time.instant), dueZone: time.zoneIdentifier, dueLocal: time.wallClock, deliveries: deliveries,
                          notes: notes.isEmpty ? nil : notes)
    }

    private func zone(named name: String?) throws -> TimeZone {
        guard let name else { return defaultZone }
        guard let named = TimeZone(identifier: name) else {
            throw RequestError.badRequest(Suggestions.zoneProblem(name) ?? "unknown time zone '\(name)'")
        }
        return named
    }

    /// The zone's name as the person gave it (once it is known to be one), else the daemon's: Foundation on Linux reports
    /// `UTC` as `GMT`, which is not what was asked for.
    private func zoneName(_ name: String?) throws -> String {
        let zone = try zone(named: name)
        return name ?? zone.identifier
    }

    /// `fromClient`: the zone is the person's machine's (not typed), so an unknown one says where it came from.
    /// `zoneNamed`: the person named the zone (see ``ScheduleTimeParser/zoneNamed``).
    package func parseTime(_ text: String, zone: String?, fromClient: Bool = false, zoneNamed: Bool = true) throws -> ScheduleTime {
        let timeZone: TimeZone
        do { timeZone = try self.zone(named: zone) } catch let error as RequestError where fromClient {
            throw RequestError.badRequest(error.message + " (the zone of the machine the request came from, from $TZ or the system)", hint: .give(.tz))
        }
        do {
            var parser = ScheduleTimeParser(zone: timeZone, now: now(), zoneName: zone)
            parser.zoneNamed = zoneNamed
            return try parser.parse(text)
        } catch {
            throw RequestError.badRequest(error.message)
        }
    }

    /// At least ``LatenessLimit/minimumSeconds``: a shorter limit would miss every post.
    package func parseLateness(_ text: String?) throws -> Int? {
        guard let text else { return nil }
        do { return try LatenessLimit.seconds(text) } catch { throw RequestError.badRequest(error.message) }
    }
}
