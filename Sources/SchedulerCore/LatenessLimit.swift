import Foundation

/// Reads a lateness limit (`--lateness`, `lateness` in a request, `default_lateness`): how late a post may still go out.
///
/// A limit under ``minimumSeconds`` is refused rather than stored: the engine starts a publish a moment after its due
/// time, and a transient network error is retried 5 s later, so with `0s` every post would be marked `missed`
/// (issue 16, bug 1). One minute is the shortest limit that always leaves room for the start and a retry.
public enum LatenessLimit {
    public static let minimumSeconds = 60

    /// Whole seconds, at least ``minimumSeconds``; the error says what to type instead.
    public static func seconds(_ text: String) throws(ScheduleTimeError) -> Int {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("-") {
            throw ScheduleTimeError("lateness '\(text)' is negative; give how late the post may still go out, at least 1m (e.g. 30m or 2h)")
        }
        // A bare `0` has no unit, but its meaning is plain: it gets the minimum's message, not "not a duration".
        guard let seconds = DurationParser.seconds(trimmed) ?? (Int(trimmed) == 0 ? 0 : nil) else {
            throw ScheduleTimeError("lateness '\(text)' is not a duration such as 30m or 2h")
        }
        guard seconds >= minimumSeconds else {
            throw ScheduleTimeError("lateness '\(text)' is under the minimum of 1m: a post needs a moment to start and one retry, "
                                    + "so with less it would always be missed; give e.g. 1m or 30m")
        }
        return seconds
    }
}
