/// Dates a run whose records count seconds since the watch was switched on.
///
/// A FIT time below 0x10000000 is not a date but "seconds since the device was powered on" ("FIT Profile", type
/// `date_time`): read as a date it falls in 1990. Such a run is dated from the file's other times: the file_id's
/// `time_created` when it is a date (the file is created as the recording starts, so the first record is taken to be
/// then), else the first dated message after the records (a lap, the session or the activity, written as the
/// recording stops, so the last record is taken to be then). A file with no date anywhere is refused: a post dated
/// 1990, or dated the day it was read, would be wrong either way.
struct FITDating: Sendable {
    /// Times below this count seconds since power-on.
    static let firstDate: UInt32 = 0x1000_0000

    private var firstRelative: UInt32?
    private var lastRelative: UInt32?
    /// Seconds to add to a power-on time to make it a FIT date, once known.
    private(set) var offset: Int64?

    /// A record's time; `created` is the file_id's time_created.
    mutating func record(_ time: UInt32, created: UInt32?) {
        guard time < Self.firstDate else { later(time); return }
        if firstRelative == nil, offset == nil, let created, created >= Self.firstDate {
            offset = Int64(created) - Int64(time)
        }
        firstRelative = firstRelative ?? time
        lastRelative = time
    }

    /// A dated time seen after power-on times: the moment of the last of them.
    mutating func later(_ time: UInt32) {
        guard time >= Self.firstDate, offset == nil, let lastRelative else { return }
        offset = Int64(time) - Int64(lastRelative)
    }

    /// The points and sessions with power-on times made dates; refused when the file holds power-on times and no date.
    func dated(_ points: [TrackPoint], _ sessions: [FITRunReader.Session]) throws(FITError) -> ([TrackPoint], [FITRunReader.Session]) {
        guard firstRelative != nil else { return (points, sessions) }
        guard let offset else {
            throw FITError(0, "its times count seconds since the watch was switched on (FIT times below 0x10000000), not dates, "
                + "and nothing else in it is dated (no file_id time_created, no dated lap or session): the run cannot be dated")
        }
        let limit = Double(Self.firstDate) + FITDecoder.epoch
        var points = points, sessions = sessions
        for index in points.indices {
            if let time = points[index].time, time < limit { points[index].time = time + Double(offset) }
        }
        for index in sessions.indices {
            if let start = sessions[index].start, start < Self.firstDate { sessions[index].start = UInt32(truncatingIfNeeded: Int64(start) + offset) }
        }
        return (points, sessions)
    }
}
