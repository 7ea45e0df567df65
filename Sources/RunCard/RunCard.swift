import CCairo
import Foundation
import RunSummary

/// The picture of a run: a 1080×1350 PNG (4:5, which Instagram takes) with the route and the key figures.
public enum RunCard {
    public static let width = 1080
    public static let height = 1350

    /// PNG bytes.
    public static func render(_ summary: RunSummary, units: Units) throws -> [UInt8] {
        throw RunCardError("the run card is not implemented yet")
    }
}

/// Why the picture could not be drawn.
public struct RunCardError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
