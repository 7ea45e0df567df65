/// Decides whether the runner was moving between two consecutive points.
///
/// An interval counts as moving when its average speed is at least ``minimumSpeed`` (a slow walk
/// is about 1 m/s; standing at a crossing, or a watch paused and then resumed a while later, leaves
/// the runner in place and the speed near zero). Gaps between GPX segments are always pauses.
enum MovingTime {
    /// Metres per second below which an interval is standing still.
    static let minimumSpeed = 0.5

    static func isMoving(seconds: Double, meters: Double) -> Bool {
        seconds > 0 && meters / seconds >= minimumSpeed
    }
}
