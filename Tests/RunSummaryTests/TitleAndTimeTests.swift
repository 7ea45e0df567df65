import Foundation
import Testing
@testable import RunSummary

/// The title running apps give a run, read in the runner's zone, and the timestamps it is read from.
@Suite struct TitleAndTimeTests {
    func date(_ text: String) -> Date { Date(timeIntervalSince1970: Timestamp.parse(text)!) }

    @Test(arguments: [
        ("2024-05-05T05:30:00Z", "Europe/Paris", "Sunday Morning Run"),
        ("2024-05-05T05:30:00Z", "America/Los_Angeles", "Saturday Night Run"),
        ("2024-05-05T10:00:00Z", "UTC", "Sunday Morning Run"),
        ("2024-05-05T12:00:00Z", "UTC", "Sunday Afternoon Run"),
        ("2024-05-06T17:00:00Z", "UTC", "Monday Evening Run"),
        ("2024-05-07T21:00:00Z", "UTC", "Tuesday Night Run"),
        ("2024-05-08T04:59:59Z", "UTC", "Wednesday Night Run"),
        ("2024-05-08T05:00:00Z", "UTC", "Wednesday Morning Run"),
    ])
    func titles(start: String, zone: String, title: String) {
        #expect(RunTitle.make(start: date(start), timeZone: TimeZone(identifier: zone)!) == title)
    }

    @Test func aTitleGivenReplacesTheGeneratedOne() throws {
        let files = try TemporaryFiles()
        let path = try files.write("run.gpx", TrackWriter.gpx(segments: [SyntheticTrack.line(metres: 300, speed: 3, elevation: [(0, 0)])]))
        let summary = try RunFile.summarize(path: path, timeZone: .init(identifier: "UTC")!, title: "Parkrun PB!")
        #expect(summary.title == "Parkrun PB!")
        #expect(try RunFile.summarize(path: path, timeZone: .init(identifier: "Asia/Tokyo")!).title == "Sunday Afternoon Run")
    }

    @Test func rfc3339Forms() {
        #expect(Timestamp.parse("2024-05-05T05:30:00Z") == 1_714_887_000)
        #expect(Timestamp.parse("2024-05-05T05:30:00.250Z") == 1_714_887_000.25)
        #expect(Timestamp.parse("2024-05-05T07:30:00+02:00") == 1_714_887_000)
        #expect(Timestamp.parse("2024-05-05T00:30:00.5-05:00") == 1_714_887_000.5)
        #expect(Timestamp.parse("1970-01-01T00:00:00Z") == 0)
        #expect(Timestamp.parse("2000-02-29T00:00:00Z") == 951_782_400)
        for bad in ["2024-05-05 05:30", "2024-05-05T05:30:00", "2024-13-05T05:30:00Z", "yesterday", "2024-05-05T05:30:00.Z", ""] {
            #expect(Timestamp.parse(bad) == nil, "\(bad)")
        }
    }

    @Test func haversineOnAKnownArc() {
        // A degree of latitude on the mean sphere.
        let metres = Haversine.distance(Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 1, longitude: 0))
        #expect(abs(metres - 6_371_008.8 * Double.pi / 180) < 1e-6)
    }

    @Test func theRouteThinnerKeepsAtMostTheLimitEvenlyAndTheLastPoint() {
        var route = RouteAccumulator(capacity: 100)
        for index in 0..<10_007 { route.add(Coordinate(latitude: Double(index), longitude: 0)) }
        let kept = route.route
        #expect(kept.count <= 100 && kept.count > 50)
        #expect(kept.first?.latitude == 0)
        #expect(kept.last?.latitude == 10_006)
        let gaps = Set(zip(kept.dropLast(), kept.dropFirst().dropLast()).map { $1.latitude - $0.latitude })
        #expect(gaps.count == 1)  // evenly spread
    }
}
