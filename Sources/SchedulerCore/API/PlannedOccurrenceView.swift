import Foundation

/// An occurrence of a repeating post that is not a post yet: the daemon makes each occurrence four weeks before it is
/// due, so a series far ahead has only its first; the calendar and `schedule --repeat --dry-run` show the rest as
/// planned, with their times in their zone and in UTC, so a DST change can be checked before it comes (issue 25, bug 20).
public struct PlannedOccurrenceView: Codable, Sendable, Equatable {
    /// Nil in a dry run (no series is stored).
    public var seriesId: Int64?
    /// Its number in the series, from 1.
    public var index: Int
    /// The instant it is due.
    public var dueAt: Date
    /// Its wall-clock time (`2027-03-28T18:30:00`) in ``dueZone``.
    public var dueLocal: String
    public var dueZone: String
    /// Its text, the placeholders filled in.
    public var text: String
    /// The accounts it goes to, as `network:@handle`.
    public var accounts: [String]
    /// Set when the clocks skip its time that day and the first minute after it is taken.
    public var note: String?

    enum CodingKeys: String, CodingKey {
        case index, text, accounts, note
        case seriesId = "series_id", dueAt = "due_at", dueLocal = "due_local", dueZone = "due_zone"
    }

    public init(seriesId: Int64?, index: Int, dueAt: Date, dueLocal: String, dueZone: String, text: String, accounts: [String], note: String? = nil) {
        self.seriesId = seriesId; self.index = index; self.dueAt = dueAt; self.dueLocal = dueLocal; self.dueZone = dueZone
        self.text = text; self.accounts = accounts; self.note = note
    }
}
