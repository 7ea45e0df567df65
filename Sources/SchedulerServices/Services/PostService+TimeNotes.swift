import Foundation
import SchedulerCore

extension PostService {
    /// What to tell the person about how their TIME was read: the zone a local time was read in when they gave no `--tz`
    /// (theirs, or the daemon's when the client sent none), then a day moved or a time that happens twice.
    package func timeNotes(_ time: ScheduleTime, request: SchedulePostRequest) -> [String] {
        var notes: [String] = []
        if time.readInZone, request.tz == nil {
            let whose = request.clientTz != nil ? "your zone" : "the daemon's zone"
            let local = time.wallClock.prefix(16).replacingOccurrences(of: "T", with: " ")
            notes.append("\(local) read in \(time.zoneIdentifier) (\(whose)); name a zone with the time to read it in another")
        }
        return notes + time.notes
    }
}
