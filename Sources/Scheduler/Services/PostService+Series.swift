import Connectors
import Foundation
import SchedulerCore

extension PostService {
    /// `edit ID --series --text T`: every occurrence still to come gets `T` with its placeholders filled in, each
    /// checked for its accounts (a per-account text stays), and the series keeps `T` for the occurrences it creates later.
    func editSeriesText(of current: PostView, text: String) async throws -> PostView {
        guard let series, let seriesView = current.series else {
            throw RequestError(.conflict, "post \(current.id) is not part of a series; leave out --series")
        }
        let start = now()
        let upcoming = try await store.postsDue(from: start, to: start.addingTimeInterval(SeriesService.horizon * 14), accountID: nil, limit: 10_000)
            .filter { $0.series?.id == seriesView.id && $0.deliveries.allSatisfy { $0.state == .scheduled } }
        var texts: [Int64: String] = [:]
        var problems: [String] = []
        for post in upcoming {
            guard let seriesIndex = post.series?.index, let due = post.dueAt else { continue }
            let occurrence = RecurrenceOccurrence(index: seriesIndex, time: ScheduleTime(instant: due, zoneIdentifier: post.dueZone, wallClock: post.dueLocal))
            let rendered = SeriesText.render(text, occurrence)
            texts[post.id] = rendered
            var attachments: [MediaItem] = []
            for reference in post.media { if let media { attachments.append(try await media.sharedItem(id: reference.id, alt: reference.alt)) } }
            for delivery in post.deliveries where delivery.text == nil {
                let account = try await store.account(reference: "\(delivery.accountId)")
                for problem in validationProblems(text: rendered, media: attachments, account: account) where !problems.contains(where: { $0.hasSuffix(problem) }) {
                    problems.append("occurrence \(seriesIndex) (\(post.dueLocal.prefix(10))): \(problem)")
                }
            }
        }
        guard problems.isEmpty else {
            throw RequestError.badRequest(problems.count == 1 ? problems[0] : "the new text was refused: \(problems.joined(separator: "; "))", problems: problems)
        }
        try await series.store.editSeriesText(seriesID: seriesView.id, template: text, texts: texts, now: start)
        var view = try await store.post(id: current.id)
        view.notes = ["series \(seriesView.id): \(texts.count) occurrence(s) still to come have the new text, and so will the next ones"]
        return view
    }
}
