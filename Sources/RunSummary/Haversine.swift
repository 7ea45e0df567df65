import Foundation

/// Great-circle distance between two positions, for files that give positions but no distance of their own.
enum Haversine {
    /// The mean Earth radius (IUGG), in metres.
    static let earthRadius = 6_371_008.8

    static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let toRadians = Double.pi / 180
        let lat1 = a.latitude * toRadians, lat2 = b.latitude * toRadians
        let dLat = lat2 - lat1
        let dLon = (b.longitude - a.longitude) * toRadians
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadius * asin(min(1, sqrt(h)))
    }
}
