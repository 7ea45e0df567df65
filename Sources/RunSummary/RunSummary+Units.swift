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

    /// The fastest whole kilometre or whole mile: the least of ``splits(in:)``, the split the run's texts name, the card
    /// highlights and a run thread marks ⚡ (issue 25, bug 3: one definition, so they never disagree). Nil for a run
    /// shorter than one kilometre or mile.
    public func fastestSplit(in units: Units) -> Double? {
        splits(in: units).min()
    }

    /// The splits shown as the fastest: those whose time, in the whole seconds it is shown in, is the fastest split's.
    /// Empty when every split shows the same time (marking one of equals would be a rounding's choice, not the runner's).
    public func fastestSplitIndexes(in units: Units) -> Set<Int> {
        let shown = splits(in: units).map { $0.rounded() }
        guard let best = shown.min(), shown.contains(where: { $0 > best }) else { return [] }
        return Set(shown.indices.filter { shown[$0] == best })
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
