import Foundation
import SchedulerCore
import SchedulerDomain

extension PostService {
    /// Every text of a schedule request (the post's, each account's, a thread's parts, the first comments) checked for
    /// `{{…}}` that would go out as typed (see ``SeriesText/problems(in:repeating:what:)``). Threads and first comments
    /// never repeat.
    package func placeholderProblems(_ request: SchedulePostRequest, repeating: Bool) -> [String] {
        var problems = SeriesText.problems(in: request.text, repeating: repeating)
        for (reference, text) in (request.overrides ?? [:]).sorted(by: { $0.key < $1.key }) {
            problems += SeriesText.problems(in: text, repeating: repeating, what: "the text for \(reference)")
        }
        for (index, part) in (request.thread ?? []).enumerated() {
            problems += SeriesText.problems(in: part.text, repeating: false, what: "part \(index + 2) of the thread")
        }
        if let comment = request.firstComment { problems += SeriesText.problems(in: comment, repeating: false, what: "the first comment") }
        for (reference, comment) in (request.firstCommentFor ?? [:]).sorted(by: { $0.key < $1.key }) {
            problems += SeriesText.problems(in: comment, repeating: false, what: "the first comment for \(reference)")
        }
        return problems
    }

    /// An edit's texts as they will go out: for an occurrence of a series, its placeholders filled in for that
    /// occurrence (at `time`, its new time when it moves), as its series fills them; any other post must have none.
    package func fillingPlaceholders(_ request: EditPostRequest, of post: PostRecord, at time: ScheduleTime?) throws -> EditPostRequest {
        let repeating = post.series != nil
        var problems = request.text.map { SeriesText.problems(in: $0, repeating: repeating) } ?? []
        for (reference, text) in (request.overrides ?? [:]).sorted(by: { $0.key < $1.key }) {
            problems += SeriesText.problems(in: text, repeating: repeating, what: "the text for \(reference)")
        }
        guard problems.isEmpty else {
            throw RequestError.refused(problems, "the change was refused")
        }
        guard let series = post.series, let due = time ?? post.dueAt.map({ ScheduleTime(instant: $0, zoneIdentifier: post.dueZone, wallClock: post.dueLocal) })
        else { return request }
        let occurrence = RecurrenceOccurrence(index: series.index, time: due)
        var filled = request
        filled.text = request.text.map { SeriesText.render($0, occurrence) }
        filled.overrides = request.overrides?.mapValues { SeriesText.render($0, occurrence) }
        return filled
    }
}
