import Foundation

/// Positions with known distances between them, for tracks whose answers the test knows in advance.
///
/// Local east/north metres are turned into degrees with the same mean Earth radius the reader uses,
/// so a path of N metres measures N metres (to well under 0.1 % at these sizes).
struct LocalFrame {
    var originLatitude = 48.8566
    var originLongitude = 2.3522
    static let metresPerDegree = 6_371_008.8 * Double.pi / 180

    func position(east: Double, north: Double) -> (latitude: Double, longitude: Double) {
        let latitude = originLatitude + north / Self.metresPerDegree
        let longitude = originLongitude + east / (Self.metresPerDegree * cos(originLatitude * Double.pi / 180))
        return (latitude, longitude)
    }

    /// The point `metres` along a circular loop of `circumference`, starting at the loop's south end.
    func onLoop(circumference: Double, metres: Double) -> (latitude: Double, longitude: Double) {
        let radius = circumference / (2 * Double.pi)
        let angle = metres / radius
        return position(east: radius * sin(angle), north: radius - radius * cos(angle))
    }
}

/// Builders of whole tracks: a stream of points, one per second unless said otherwise.
enum SyntheticTrack {
    /// Laps of a loop at a fixed pace, sampled every second, with one stop (standing still) after `stopAfterMetres`.
    /// `heartRate` gives each point's heart rate from its index.
    static func loop(circumference: Double, laps: Int, secondsPerKilometre: Double, stopAfterMetres: Double,
                     stopSeconds: Int, heartRate: (Int) -> Int = { _ in 150 }) -> [SyntheticPoint] {
        let frame = LocalFrame()
        let speed = 1000 / secondsPerKilometre
        let total = circumference * Double(laps)
        var points: [SyntheticPoint] = []
        var time = Timestamps.sundayMorning
        var metres = 0.0
        var stopped = false
        func add() {
            let position = frame.onLoop(circumference: circumference, metres: metres)
            points.append(SyntheticPoint(time: time, latitude: position.latitude, longitude: position.longitude,
                                         elevation: 35, heartRate: heartRate(points.count), cadence: 85, distance: metres))
        }
        add()
        while metres < total - 1e-9 {
            if !stopped, metres >= stopAfterMetres - 1e-9 {
                stopped = true
                for _ in 0..<stopSeconds { time += 1; add() }
            }
            time += 1
            metres = min(total, metres + speed)
            add()
        }
        return points
    }

    /// A straight run north at `speed` m/s over `profile`: (metres, elevation) corners joined by straight lines.
    static func line(metres total: Double, speed: Double, elevation profile: [(Double, Double)],
                     noise: Double = 0, seed: UInt64 = 7) -> [SyntheticPoint] {
        let frame = LocalFrame()
        var random = SeededNoise(seed: seed)
        var points: [SyntheticPoint] = []
        var metres = 0.0
        var time = Timestamps.sundayMorning
        while true {
            let position = frame.position(east: 0, north: metres)
            let height = interpolate(profile, at: metres) + random.next(amplitude: noise)
            points.append(SyntheticPoint(time: time, latitude: position.latitude, longitude: position.longitude,
                                         elevation: height, heartRate: 140, distance: metres))
            if metres >= total { break }
            metres = min(total, metres + speed)
            time += 1
        }
        return points
    }

    static func interpolate(_ profile: [(Double, Double)], at metres: Double) -> Double {
        guard let first = profile.first else { return 0 }
        var previous = first
        for corner in profile.dropFirst() {
            if metres <= corner.0 {
                let span = corner.0 - previous.0
                return span > 0 ? previous.1 + (corner.1 - previous.1) * (metres - previous.0) / span : corner.1
            }
            previous = corner
        }
        return previous.1
    }
}
