/// The moving time of each whole kilometre (or mile) in order: what runners call splits.
///
/// It is fed the cumulative (distance, moving time) of each point; a split ends where the distance
/// crosses the next whole stretch, its time interpolated between the two points around it. Only the last mark is kept.
struct SplitTimes: Sendable {
    let length: Double
    private(set) var splits: [Double] = []
    private var previous: (distance: Double, time: Double)?
    /// The moving time at which the last whole stretch ended.
    private var lastEnd = 0.0

    init(length: Double) { self.length = length }

    mutating func add(distance: Double, movingTime: Double) {
        defer { previous = (distance, movingTime) }
        guard let previous, distance > previous.distance else { return }
        while Double(splits.count + 1) * length <= distance {
            let boundary = Double(splits.count + 1) * length
            let share = (boundary - previous.distance) / (distance - previous.distance)
            let end = previous.time + (movingTime - previous.time) * share
            splits.append(end - lastEnd)
            lastEnd = end
        }
    }
}
