import Foundation

/// A run from a FIT file: the `record` messages as track points, the `session` messages' sport and totals ("FIT
/// Profile": record = 20, session = 18). The totals the watch showed (session distance and timer time) are the file's
/// own figures, as a TCX file's laps are; the route and splits come from the records.
struct FITRunReader {
    /// A session's sport and the totals the watch showed ("FIT Profile", session fields 2, 5, 6, 7, 8, 9, 11, 16, 17, 22).
    struct Session: Sendable, Equatable {
        var start: UInt32?
        var sport: Int64?
        var subSport: Int64?
        var elapsedSeconds: Double?
        var timerSeconds: Double?
        var distanceMeters: Double?
        var calories: Int?
        var heartRateAverage: Int?
        var heartRateMax: Int?
        var ascentMeters: Double?
    }

    /// "FIT Profile", enum `sport`.
    static let sportNames: [Int64: String] = [0: "generic", 1: "running", 2: "cycling", 3: "transition", 4: "fitness equipment",
                                              5: "swimming", 10: "training", 11: "walking", 17: "hiking", 21: "e-biking"]
    static let running: Int64 = 1

    private(set) var points: [TrackPoint] = []
    private(set) var sessions: [Session] = []
    /// The first file_id's `type` (4 activity, 5 workout, …) and `time_created`.
    private(set) var fileType: Int64?
    private(set) var timeCreated: UInt32?
    private var sawFileID = false
    /// Record field 8's rolling distance, in sixteenths of a metre, and the metres it added up to.
    private var packedDistance: (sixteenths: Int, metres: Double)?
    private(set) var dating = FITDating()

    /// Reads every message of `bytes`.
    static func read(_ bytes: [UInt8]) throws(FITError) -> FITRunReader {
        var reader = FITRunReader()
        try FITDecoder(bytes: bytes).decode { message throws(FITError) in reader.take(message) }
        return reader
    }

    mutating func take(_ message: FITMessage) {
        switch message.global {
        case 0 where !sawFileID:
            sawFileID = true
            fileType = message.values[0]
            timeCreated = message.values[4].map { UInt32(truncatingIfNeeded: $0) }
        case 20:
            guard var point = Self.point(message) else { return }
            if point.cumulativeDistance == nil, let metres = unpackDistance(message) { point.cumulativeDistance = metres }
            if let time = message.timestamp { dating.record(time, created: timeCreated) }
            points.append(point)
        case 18:
            sessions.append(Self.session(message))
            if let time = message.timestamp { dating.later(time) }
        default:
            if let time = message.timestamp { dating.later(time) }
        }
    }

    /// Record field 8, "compressed_speed_distance" ("FIT Profile"): 12 bits of speed (1/100 m/s), then 12 bits of
    /// distance in sixteenths of a metre that roll over every 256 m, so each record adds its step since the last.
    mutating func unpackDistance(_ message: FITMessage) -> Double? {
        guard let packed = message.bytes[8], packed.count == 3, packed != [0xFF, 0xFF, 0xFF] else { return nil }
        let sixteenths = Int(packed[1] >> 4) | Int(packed[2]) << 4
        let metres = packedDistance.map { $0.metres + Double((sixteenths - $0.sixteenths + 4_096) % 4_096) / 16 } ?? Double(sixteenths) / 16
        packedDistance = (sixteenths, metres)
        return metres
    }

    /// A record as a track point; nil when it carries nothing a run uses (every field invalid). A position beyond ±90°
    /// of latitude or ±180° of longitude cannot be on Earth (a semicircle reaches 180° either way): the point keeps its
    /// time, heart rate and distance without it.
    static func point(_ message: FITMessage) -> TrackPoint? {
        let v = message.values
        var point = TrackPoint()
        point.time = message.timestamp.map { Double($0) + FITDecoder.epoch }
        if let lat = v[0], let lon = v[1] {
            // Semicircles: 2^31 of them make 180 degrees.
            let coordinate = Coordinate(latitude: Double(lat) * 180 / 2_147_483_648, longitude: Double(lon) * 180 / 2_147_483_648)
            if abs(coordinate.latitude) <= 90, abs(coordinate.longitude) <= 180 { point.coordinate = coordinate }
        }
        // Enhanced altitude (field 78) before altitude (2): both metres × 5 + 500.
        if let altitude = v[78] ?? v[2] { point.elevation = Double(altitude) / 5 - 500 }
        if let heartRate = v[3] { point.heartRate = Int(heartRate) }
        if let cadence = v[4] { point.cadence = Int(cadence) }
        if let distance = v[5] { point.cumulativeDistance = Double(distance) / 100 }
        guard point.time != nil || point.coordinate != nil || point.cumulativeDistance != nil else { return nil }
        return point
    }

    static func session(_ message: FITMessage) -> Session {
        let v = message.values
        return Session(start: v[2].map { UInt32(truncatingIfNeeded: $0) }, sport: v[5], subSport: v[6],
                       elapsedSeconds: v[7].map { Double($0) / 1000 }, timerSeconds: v[8].map { Double($0) / 1000 },
                       distanceMeters: v[9].map { Double($0) / 100 }, calories: v[11].map { Int($0) },
                       heartRateAverage: v[16].map { Int($0) }, heartRateMax: v[17].map { Int($0) }, ascentMeters: v[22].map { Double($0) })
    }

    /// The run of the file: its one running session (or the file's only activity when it has no session), with the
    /// records in that session's time; a file with no running session is refused with the sports it holds. A file with
    /// several runs (a multi-sport day) gives the one `number` chooses, from 1, and without a choice is refused,
    /// listing each run's start and distance for the person to choose. A file that is not an activity (``FITFileType``) is
    /// refused named for what it is, and power-on times are made dates first (``FITDating``).
    func run(number: Int? = nil) throws(FITError) -> (points: [TrackPoint], session: Session?) {
        if let fileType, fileType != FITFileType.activity { throw FITError(0, FITFileType.refusal(fileType)) }
        let (points, sessions) = try dating.dated(self.points, self.sessions)
        let runs = sessions.filter { $0.sport == Self.running }
        if sessions.isEmpty {
            if let number, number != 1 { throw FITError(0, "holds one activity, so there is no run \(number)") }
            return (points, nil)
        }
        guard !runs.isEmpty else {
            let sports = Set(sessions.map { Self.sportNames[$0.sport ?? 0] ?? "sport \($0.sport ?? 0)" }).sorted().joined(separator: ", ")
            throw FITError(0, "is a \(sports) activity, not a run")
        }
        guard let number else {
            guard runs.count == 1 else { throw FITError(0, "holds \(runs.count) runs (\(Self.list(runs))); choose one with --run-number N") }
            return within(runs[0], points, sessions)
        }
        guard (1...runs.count).contains(number) else {
            throw FITError(0, "holds \(runs.count) run\(runs.count == 1 ? "" : "s")\(runs.count > 1 ? " (\(Self.list(runs)))" : ""), so there is no run \(number)")
        }
        return within(runs[number - 1], points, sessions)
    }

    /// "1: started 2026-11-22T07:02:00Z, 5.00 km; 2: started 2026-11-22T18:30:00Z, 3.10 km".
    static func list(_ runs: [Session]) -> String {
        runs.enumerated().map { index, run in
            var words = ["\(index + 1):"]
            if let start = run.start {
                let date = Date(timeIntervalSince1970: Double(start) + FITDecoder.epoch)
                words.append("started " + RunFormat.rfc3339(date, timeZone: TimeZone(identifier: "UTC")!) + ",")
            }
            words.append(run.distanceMeters.map { String(format: "%.2f km", $0 / 1_000) } ?? "distance unknown")
            return words.joined(separator: " ")
        }.joined(separator: "; ")
    }

    /// The records within one session's own time, when the file holds other sessions; all of them otherwise.
    private func within(_ session: Session, _ points: [TrackPoint], _ sessions: [Session]) -> (points: [TrackPoint], session: Session?) {
        guard sessions.count > 1, let start = session.start, let elapsed = session.elapsedSeconds else { return (points, session) }
        // A multi-sport file: only the records within the run's own time.
        let from = Double(start) + FITDecoder.epoch, to = from + elapsed
        return (points.filter { ($0.time ?? from) >= from && ($0.time ?? from) <= to }, session)
    }
}
