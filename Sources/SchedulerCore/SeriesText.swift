import Foundation

/// The placeholders a post's text may use, filled in for each occurrence of a repeating post: `{{date}}`
/// (2027-03-01), `{{weekday}}` (Monday) and `{{n}}` (the occurrence's number, from 1). X refuses to post the same
/// text twice, so a weekly post usually needs one of them. The one place they are filled in, whether the
/// occurrence is created by its series, edited with `--series`, or edited alone.
public enum SeriesText {
    public static let keys = ["n", "date", "weekday"]
    public static let placeholders = keys.map { "{{\($0)}}" }

    public static func render(_ template: String, _ occurrence: RecurrenceOccurrence) -> String {
        TemplateTags.filling(template, with: values(occurrence))
    }

    /// What each placeholder stands for in `occurrence`.
    static func values(_ occurrence: RecurrenceOccurrence) -> [String: String] {
        var weekday = ""
        if let fields = WallClockFields(stored: occurrence.time.wallClock) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            if let day = calendar.date(from: DateComponents(year: fields.year, month: fields.month, day: fields.day)) {
                weekday = Weekday.name(Weekday.of(day, in: calendar))
            }
        }
        return ["date": String(occurrence.time.wallClock.prefix(10)), "weekday": weekday, "n": String(occurrence.index)]
    }

    /// Each `{{…}}` of `text` that would go out as typed, in words: a key that is no placeholder, or, in a post
    /// that does not repeat (`repeating` false), any placeholder, since only occurrences have a number and a date.
    /// `what` names the text in the message ("the text", "the text for x:@club").
    public static func problems(in text: String, repeating: Bool, what: String = "the text") -> [String] {
        var problems: [String] = []
        for tag in TemplateTags.scan(text) ?? [] {
            let known = tag.sigil == nil && keys.contains(tag.key)
            let problem: String
            if !known {
                problem = "\(what) has \(tag.text), which is not a placeholder; the placeholders are "
                    + "\(placeholders.joined(separator: ", ")), filled in for each occurrence of a repeating post"
            } else if !repeating {
                problem = "\(what) has \(tag.text), which is filled in only in a repeating post (--repeat); this post does not repeat, "
                    + "so it would go out as typed"
            } else { continue }
            if !problems.contains(problem) { problems.append(problem) }
        }
        return problems
    }
}
