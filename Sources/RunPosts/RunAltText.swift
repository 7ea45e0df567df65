import RunSummary

extension RunTexts {
    /// The picture's alt text: "Route map of Sunday Morning Run: 10.02 km", or "Summary of …" for a run without positions.
    public static func altText(_ summary: RunSummary, units: Units) -> String {
        let what = summary.route.count >= 2 ? "Route map of" : "Summary of"
        let title = summary.title.count > 200 ? String(summary.title.prefix(199)) + "…" : summary.title
        return "\(what) \(title): \(RunFormat.distance(summary.distanceMeters, units))"
    }
}
