import Foundation
import RunSummary
import Testing

@testable import RunCard

/// The card's splits and elevation profile: laid out when the run has them, drawn where they are laid out, and left
/// out (the map taking the room) when it does not.
@Suite struct CardPanelsTests {
    static let accent = RGB8(Palette.accent.bytes)
    static let bar = RGB8(Palette.bar.bytes)

    @Test func theTenKilometreLoop_hasAProfilePanelAndASplitRowPerWholeKilometre() throws {
        let summary = try Fixtures.tenKilometreLoop()
        let whole = Int(summary.distanceMeters / 1000)
        #expect(whole >= 9, "the loop measures \(summary.distanceMeters) m")
        let plan = CardPlan(summary, units: .metric)
        let profile = try #require(plan.profile, "a profile panel")
        let splits = try #require(plan.splits, "a splits panel")
        #expect(plan.splitRows.count == whole && plan.splitRows.map(\.label) == (1...whole).map { "\($0)" })
        #expect(plan.splitUnit == "km")
        // Map and splits side by side above the profile, none overlapping, all within the middle of the card.
        #expect(plan.map.maxX < splits.minX && plan.map.maxY < profile.minY && splits.maxY < profile.minY)
        #expect(profile.maxY <= CardLayout.mapPanel.maxY && profile.width == CardLayout.mapPanel.width)
    }

    @Test func inMiles_theSplitsAreMiles() throws {
        let summary = try Fixtures.tenKilometreLoop()
        let plan = CardPlan(summary, units: .imperial)
        #expect(plan.splitUnit == "mi")
        #expect(plan.splitRows.count == Int(summary.distanceMeters / RunFormat.metersPerMile))
        #expect(plan.splitRows.map(\.seconds) == summary.mileSplitSeconds)
    }

    @Test func theProfileAndTheSplitsAreDrawnWhereTheyAreLaidOut() throws {
        let summary = try Fixtures.tenKilometreLoop()
        let bytes = try RunCard.render(summary, units: .metric)
        try Data(bytes).write(to: FileManager.default.temporaryDirectory.appendingPathComponent("run-card-ten-km-loop.png"))
        let image = try DecodedPNG(bytes)
        let plan = CardPlan(summary, units: .metric)
        let profile = try #require(plan.profile), splits = try #require(plan.splits)

        // The profile's line is in the route's colour, across the whole plot's width.
        let plot = ProfilePanel.plotArea(in: profile)
        let columns = stride(from: Int(plot.minX) + 2, to: Int(plot.maxX) - 2, by: 20).filter {
            image.count(Self.accent, x: $0..<$0 + 1, y: Int(plot.minY) - 4..<Int(plot.maxY) + 4) > 0
        }
        #expect(columns.count == stride(from: Int(plot.minX) + 2, to: Int(plot.maxX) - 2, by: 20).underestimatedCount)
        // The line climbs: near the plot's top somewhere (the hill), near its bottom at the start.
        let topBand = image.count(Self.accent, x: Int(plot.minX)..<Int(plot.maxX), y: Int(plot.minY) - 4..<Int(plot.minY) + 12)
        #expect(topBand > 0, "the hill's top reaches the top of the plot")

        // One bar per row: the fastest in the route's colour, the others in the bars' colour.
        let area = SplitsPanel.rowArea(in: splits)
        let height = SplitsPanel.rowHeight(plan.splitRows.count, in: splits)
        let fastest = plan.fastestRows
        #expect(fastest.count == 1)
        for (index, row) in plan.splitRows.enumerated() {
            let y = Int(area.minY + (Double(index) + 0.5) * height)
            let colour = fastest.contains(index) ? Self.accent : Self.bar
            #expect(image.count(colour, x: Int(area.minX)..<Int(area.maxX), y: y..<y + 1) > 40, "row \(row.label)")
        }
        // The map still shows the route.
        #expect(image.count(Self.accent, x: Int(plan.map.minX)..<Int(plan.map.maxX), y: Int(plan.map.minY)..<Int(plan.map.maxY)) > 2000)
    }

    @Test func theRowsHoldingTheFastestSplitAreHighlighted_evenWhenSplitsShareARow() {
        var summary = Fixtures.summary(route: Fixtures.lRoute())
        summary.kilometreSplitSeconds = [301.2, 288.4, 295.0, 288.3]
        #expect(CardPlan(summary, units: .metric).fastestRows == [1, 3], "4:48 twice, as the texts and the thread have it")
        summary.kilometreSplitSeconds = [517.2, 516.9, 517.1]
        #expect(CardPlan(summary, units: .metric).fastestRows.isEmpty, "8:37 three times")
        // A marathon's 42 kilometres, two to a row: the row holding the fastest kilometre (the 17th) is the one marked.
        summary.kilometreSplitSeconds = (1...42).map { $0 == 17 ? 280 : 300 }
        let plan = CardPlan(summary, units: .metric)
        #expect(plan.fastestRows.map { plan.splitRows[$0].label } == ["17–18"])
    }

    @Test func aRunWithoutSplitsOrElevations_keepsTheWholeMiddleForTheMap() {
        let plan = CardPlan(Fixtures.treadmill(), units: .metric)
        #expect(plan.map == CardLayout.mapPanel && plan.splits == nil && plan.profile == nil && plan.splitRows.isEmpty)
        // One whole kilometre is no table.
        var short = Fixtures.summary(route: Fixtures.lRoute())
        short.kilometreSplitSeconds = [301]
        #expect(CardPlan(short, units: .metric).splits == nil)
    }

    @Test func aMarathonsSplitsShareRows_asFewToARowAsFit() throws {
        var summary = Fixtures.summary(route: Fixtures.realisticRoute())
        summary.kilometreSplitSeconds = (0..<42).map { 300 + Double($0 % 7) }
        summary.elevationProfile = (0...100).map { ElevationSample(distanceMeters: Double($0) * 420, elevationMeters: 20 + Double($0 % 10)) }
        let plan = CardPlan(summary, units: .metric)
        #expect(plan.splitRows.count == 21)
        #expect(plan.splitRows.first == SplitRow(first: 1, last: 2, seconds: 601))
        #expect(plan.splitRows.last?.label == "41–42")
        #expect(SplitsPanel.rowHeight(plan.splitRows.count, in: try #require(plan.splits)) >= CardPlan.minimumRowHeight)
        _ = try DecodedPNG(try RunCard.render(summary, units: .metric))
    }

    @Test func aFlatRun_hasNoElevationFigure() {
        var flat = Fixtures.summary(route: Fixtures.lRoute())
        flat.elevationGainMeters = 0.1
        #expect(!Figure.list(flat, units: .metric).map(\.label).contains("ELEVATION GAIN"))
        #expect(!Figure.list(flat, units: .imperial).map(\.label).contains("ELEVATION GAIN"))
        flat.elevationGainMeters = 0.6  // 1 m, 2 ft: worth saying
        #expect(Figure.list(flat, units: .metric).contains { $0.label == "ELEVATION GAIN" && $0.value == "1" })
    }
}
