import Connectors
import Foundation
import NetworkRules
import SchedulerCore
import SchedulerDomain

extension PostService {
    /// A repeating post ready to store: its occurrences within the next weeks, each checked like a post of its own.
    package struct SeriesPlan {
        package var series: NewSeries
        /// DST moves and the X warning.
        package var notes: [String]
        /// How many occurrences are created, and through when.
        package var summary: String
        package var firstTime: ScheduleTime
    }

    /// Where a series starts and which occurrence `at` is: the first (`start` is `at`), or, for a series that continues
    /// one (`series_start`, as `export` writes it), the occurrence of the series begun at `seriesStart` that falls at `at`.
    package struct SeriesStart {
        package var start: ScheduleTime
        package var index: Int
    }

    package func seriesStart(_ rule: Recurrence, seriesStart text: String?, at time: ScheduleTime) throws -> SeriesStart {
        guard let text else { return SeriesStart(start: time, index: 1) }
        guard var start = ScheduleTime(placing: text, in: time.zoneIdentifier) else {
            throw RequestError.badRequest("cannot read series_start '\(text)' as a wall-clock time such as 2026-12-03 18:30 (in the row's zone)")
        }
        start.zoneIdentifier = time.zoneIdentifier
        guard let found = rule.occurrences(first: start, limit: Int.max, through: time.instant).last(where: { $0.time.instant == time.instant }) else {
            let shown = { (time: ScheduleTime) in time.wallClock.prefix(16).replacingOccurrences(of: "T", with: " ") }
            throw RequestError.badRequest("\(shown(time)) is not an occurrence of the series \(rule.rrule) that started \(shown(start)) "
                                          + "\(time.zoneIdentifier); give the time of one of its occurrences, or leave out series_start")
        }
        return SeriesStart(start: start, index: found.index)
    }

    /// Works out and checks a series; stores nothing.
    package func seriesPlan(_ rule: Recurrence, start from: SeriesStart, text: String, targets: [(AccountRecord, String?)], media: [MediaItem],
                    lateness: Int, options: PostOptions) throws -> SeriesPlan {
        let start = from.start
        let (occurrences, ended) = SeriesService.upcoming(rule, start: start, from: from.index, now: now(), atLeastOne: true)
        guard let first = occurrences.first else {
            throw RequestError.badRequest("'\(rule.rrule)' has no occurrence on or after \(start.wallClock.replacingOccurrences(of: "T", with: " "))")
        }
        var overrides: [Int64: String] = [:]
        for (account, override) in targets { if let override { overrides[account.id] = override } }
        let rendered = occurrences.map { SeriesService.render($0, text: text, overrides: overrides) }
        var problems: [String] = []
        for occurrence in rendered {
            for (account, _) in targets {
                for problem in validationProblems(text: occurrence.overrides[account.id] ?? occurrence.text, media: media, account: account,
                                                  options: options)
                where !problems.contains(where: { $0.hasSuffix(problem) }) {
                    problems.append("occurrence \(occurrence.index) (\(occurrence.time.wallClock.prefix(10))): \(problem)")
                }
            }
        }
        guard problems.isEmpty else {
            throw RequestError.refused(problems, "the series was refused")
        }
        var notes = [start.ambiguityNote].compactMap { $0 } + occurrences.compactMap(\.note)
        let pair = rule.occurrences(first: start, limit: 2).map { SeriesService.render($0, text: text, overrides: overrides) }
        for (account, _) in targets where account.network == .x && pair.count == 2 {
            if (pair[0].overrides[account.id] ?? pair[0].text) == (pair[1].overrides[account.id] ?? pair[1].text) {
                notes.append("X refuses a text it was sent before: every occurrence to \(account.reference) has the same text; "
                             + "add {{date}}, {{weekday}} or {{n}} to it")
            }
        }
        var post = NewPost(text: rendered[0].text, time: first.time, latenessLimitSeconds: lateness,
                           targets: targets.map { NewPost.Target(accountID: $0.0.id, textOverride: rendered[0].overrides[$0.0.id]) }, media: media)
        post.options = options
        let last = rendered.last!.time.wallClock.prefix(16).replacingOccurrences(of: "T", with: " ")
        let summary = "\(Counted.of(rendered.count, "occurrence")) created, through \(last)"
            + (ended ? "; that is all of them" : "; the next are created as they come within \(Int(SeriesService.horizon / 86_400)) days")
        return SeriesPlan(series: NewSeries(rule: rule.rrule, start: start, first: post, text: text, overrides: overrides,
                                            later: Array(rendered.dropFirst()), ended: ended, firstIndex: from.index),
                          notes: notes, summary: summary, firstTime: first.time)
    }

    /// A repeating post, stored with its first occurrences in one transaction; later ones are created as their time comes.
    package func scheduleSeries(_ rule: Recurrence, start: SeriesStart, request: SchedulePostRequest, targets: [(AccountRecord, String?)],
                        media: [MediaItem], lateness: Int, options: PostOptions, timeNotes: [String] = []) async throws -> Scheduled {
        guard let series else { throw RequestError(.unavailable, "this daemon keeps no repeating posts") }
        let plan = try seriesPlan(rule, start: start, text: request.text, targets: targets, media: media, lateness: lateness, options: options)
        if request.dryRun == true {
            var dryRun = preview(text: plan.series.first.text, media: media, time: plan.firstTime,
                                 targets: plan.series.first.targets.map { target in (targets.first { $0.0.id == target.accountID }!.0, target.textOverride) },
                                 options: options, notes: timeNotes + plan.notes)
            dryRun.occurrences = SeriesService.plannedForDryRun(rule, start: start.start, from: start.index, text: request.text,
                                                                accounts: targets.map(\.0.reference))
            return .preview(dryRun)
        }
        var view = try await series.store.insertSeries(plan.series, now: now())
        view.notes = timeNotes + plan.notes + ["series \(view.series?.id ?? 0) (\(rule.rrule)): \(plan.summary)"]
        series.added.signal()
        wake.signal()
        return .stored(PostView(view))
    }
    /// `edit ID --series --text T`: every occurrence still to come gets `T` with its placeholders filled in, each
    /// checked for its accounts (a per-account text stays), and the series keeps `T` for the occurrences it creates later.
    /// An occurrence edited on its own keeps what it was given, as a calendar's "all events" keeps an exception: it is
    /// left alone and named in the answer.
    package func editSeriesText(of current: PostRecord, text: String) async throws -> PostRecord {
        guard let series, let seriesView = current.series else {
            throw RequestError(.conflict, "post \(current.id) is not part of a series", hint: .leaveOut(.series))
        }
        let placeholders = SeriesText.problems(in: text, repeating: true)
        guard placeholders.isEmpty else { throw RequestError.refused(placeholders, "the new text was refused") }
        let start = now()
        let still = try await store.postsDue(from: start, to: start.addingTimeInterval(SeriesService.horizon * 14), accountID: nil, limit: 10_000)
            .filter { $0.series?.id == seriesView.id && $0.deliveries.allSatisfy { $0.state == .scheduled } }
        let leftAlone = still.filter { $0.series?.editedAlone == true }.map(\.id)
        let upcoming = still.filter { $0.series?.editedAlone != true }
        let accounts = AccountCache(store: store)
        var texts: [Int64: String] = [:]
        var problems: [String] = []
        for post in upcoming {
            guard let seriesIndex = post.series?.index, let due = post.dueAt else { continue }
            let occurrence = RecurrenceOccurrence(index: seriesIndex, time: ScheduleTime(instant: due, zoneIdentifier: post.dueZone, wallClock: post.dueLocal))
            let rendered = SeriesText.render(text, occurrence)
            texts[post.id] = rendered
            let attachments = try await attachments(of: post)
            for delivery in post.deliveries where delivery.text == nil {
                let account = try await accounts.account("\(delivery.accountId)")
                for problem in validationProblems(text: rendered, media: attachments, account: account, options: post.options ?? PostOptions()) where !problems.contains(where: { $0.hasSuffix(problem) }) {
                    problems.append("occurrence \(seriesIndex) (\(post.dueLocal.prefix(10))): \(problem)")
                }
            }
        }
        guard problems.isEmpty else {
            throw RequestError.refused(problems, "the new text was refused")
        }
        try await series.store.editSeriesText(seriesID: seriesView.id, template: text, texts: texts, now: start)
        var view = try await store.post(id: current.id)
        view.notes = ["series \(seriesView.id): \(Counted.of(texts.count, "occurrence")) still to come \(Counted.verb(texts.count, "has", "have")) the new text, and so will the next ones"]
        if !leftAlone.isEmpty {
            view.notes?.append("left alone, as each was edited on its own: \(Counted.of(leftAlone.count, "post")) "
                               + "\(leftAlone.map(String.init).joined(separator: ", ")) (each is edited on its own)")
        }
        return view
    }
}
