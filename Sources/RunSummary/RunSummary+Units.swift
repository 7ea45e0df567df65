/// Paces and splits per mile, for runners who count in miles; the summary itself is kept in metres and seconds.
extension RunSummary {
    /// Kilometres in a mile: a per-kilometre time times this is the per-mile time.
    public static let kilometresPerMile = 1.609344

    /// Moving time per mile; nil when the distance is zero.
    public var paceSecondsPerMile: Double? { paceSecondsPerKilometre.map { $0 * Self.kilometresPerMile } }

    /// Moving time per kilometre or per mile.
    public func pace(in units: Units) -> Double? {
        units == .metric ? paceSecondsPerKilometre : paceSecondsPerMile
    }

    /// The fastest whole kilometre or whole mile.
    public func fastestSplit(in units: Units) -> Double? {
        units == .metric ? fastestKilometreSeconds : fastestMileSeconds
    }

    /// The moving time of each whole kilometre or mile, in order.
    public func splits(in units: Units) -> [Double] {
        units == .metric ? kilometreSplitSeconds : mileSplitSeconds
    }

    /// The climbing worth saying: nil without elevations, and nil for a flat run, whose climbing rounds to nothing in
    /// the units shown (a post or a card saying "0 m up" reads as a fault, not a figure).
    public func elevationGainShown(in units: Units) -> Double? {
        guard let gain = elevationGainMeters, gain.isFinite else { return nil }
        let amount = units == .metric ? gain : gain / RunFormat.metersPerFoot
        return amount.rounded() >= 1 ? gain : nil
    }
}
