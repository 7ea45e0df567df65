/// What `events` says when it has none to print.
public enum EventsText {
    /// Issue 16, bug 11: `events --since 999` said "no events yet" when there were events, just none after 999.
    /// `last`: the id of the newest event there is, nil when there is none at all.
    public static func none(since: Int64?, last: Int64?) -> String {
        guard let last else { return "no events yet" }
        guard let since else { return "no events yet" }
        return since >= last ? "no events after #\(since); the last is #\(last)" : "no events after #\(since)"
    }
}
