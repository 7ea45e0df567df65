/// The least moving time over any stretch of a given length (a whole kilometre or mile).
///
/// It is fed the cumulative (distance, moving time) of each point and keeps only the points of the
/// last ``length`` metres, so memory stays bounded however long the run. Time between points is
/// interpolated linearly, so a stretch may start or end between two points; with that, the fastest
/// stretch always starts or ends at a point, and both kinds of stretch are checked as points arrive.
struct FastestStretch: Sendable {
    private struct Mark: Sendable { var distance: Double; var time: Double }

    let length: Double
    /// Points within the last `length` metres, oldest first (a ring kept as an array with a head index).
    private var marks: [Mark] = []
    private var head = 0
    /// The newest point that fell out of the window: the start of a stretch ending at the newest point lies after it.
    private var anchor: Mark?
    private var previous: Mark?
    private(set) var fastest: Double?

    init(length: Double) { self.length = length }

    mutating func add(distance: Double, movingTime: Double) {
        let mark = Mark(distance: distance, time: movingTime)
        if let previous, mark.distance <= previous.distance { return }  // no progress: nothing new to measure

        // Stretches starting at an earlier point and ending between `previous` and this point.
        while head < marks.count, marks[head].distance + length <= mark.distance {
            let start = marks[head]
            if let previous {
                let end = Self.interpolate(previous, mark, at: start.distance + length)
                record(end - start.time)
            }
            anchor = start
            head += 1
        }
        // The stretch ending at this point, starting between `anchor` and the oldest point still kept.
        if let anchor {
            let after = head < marks.count ? marks[head] : mark
            let start = Self.interpolate(anchor, after, at: mark.distance - length)
            record(mark.time - start)
        }
        marks.append(mark)
        previous = mark
        if head > 1024, head * 2 > marks.count {
            marks.removeFirst(head)
            head = 0
        }
    }

    private mutating func record(_ seconds: Double) {
        if fastest.map({ seconds < $0 }) ?? true { fastest = seconds }
    }

    private static func interpolate(_ a: Mark, _ b: Mark, at distance: Double) -> Double {
        let span = b.distance - a.distance
        guard span > 0 else { return b.time }
        return a.time + (b.time - a.time) * (distance - a.distance) / span
    }
}
