import Foundation

/// A due time as the person gave it: the instant to publish, plus the zone and wall-clock time
/// they meant, kept so a listing can show "07:30 Europe/Paris" and a DST change never shifts it.
public struct ScheduleTime: Sendable, Equatable {
    /// The UTC instant the post is due.
    public var instant: Date
    /// The IANA zone the wall-clock time is read in.
    public var zoneIdentifier: String
    /// The wall-clock time in that zone, `yyyy-MM-dd'T'HH:mm:ss`.
    public var wallClock: String
    /// Set when the wall-clock time happens twice (clocks going back) and the first one was taken.
    public var ambiguityNote: String?
    /// Set when a bare time of day (`07:30`) had passed today and tomorrow's was taken.
    public var dayNote: String?
    /// True when the zone was needed to read the time (a wall-clock form), false for an instant (`in 2h`, RFC 3339).
    public var readInZone = false

    /// What the person should be told about how their time was read, in order.
    public var notes: [String] { [dayNote, ambiguityNote].compactMap { $0 } }

    public init(instant: Date, zoneIdentifier: String, wallClock: String, ambiguityNote: String? = nil) {
        self.instant = instant
        self.zoneIdentifier = zoneIdentifier
        self.wallClock = wallClock
        self.ambiguityNote = ambiguityNote
    }
}

/// Why a time a person typed could not be used; the message says what to type instead.
public struct ScheduleTimeError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
