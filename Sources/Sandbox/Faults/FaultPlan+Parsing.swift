extension FaultPlan {
    /// Reads a comma-separated list of kind names (`server_error,rate_limit`), or `all`.
    ///
    /// Shared by `sandboxd --faults` and `PUT /_sandbox/faults` so both accept the same names.
    /// - Throws: ``FaultPlanError`` naming the first unknown kind and listing the known ones.
    public static func parseKinds(_ text: String) throws(FaultPlanError) -> Set<FaultKind> {
        let names = text.split(separator: ",").map { $0.trimmed(of: " \t") }
        return try parseKinds(names)
    }

    /// Reads kind names one by one; `all` stands for every everyday kind (``FaultKind/everyday``).
    public static func parseKinds(_ names: [String]) throws(FaultPlanError) -> Set<FaultKind> {
        var kinds = Set<FaultKind>()
        for name in names {
            if name == "all" {
                kinds.formUnion(FaultKind.everyday)
            } else if let kind = FaultKind(rawValue: name) {
                kinds.insert(kind)
            } else {
                throw FaultPlanError(code: .unknownKind, message: "\"\(name)\" is not a fault kind; use any of \(FaultKind.names), or all.")
            }
        }
        guard !kinds.isEmpty else {
            throw FaultPlanError(code: .unknownKind, message: "Name at least one fault kind: \(FaultKind.names), or all.")
        }
        return kinds
    }

    /// Reads a duration as people type it: `1.5s`, `1500ms`, `2m`, or a bare number of seconds.
    ///
    /// - Returns: `nil` when the text is not a non-negative number with an optional `ms`, `s` or `m`,
    ///   or is absurdly large.
    public static func parseDuration(_ text: String) -> Duration? {
        let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60)]
        let unit = units.first { text.hasSuffix($0.suffix) } ?? ("", 1)
        guard let count = Double(text.dropLast(unit.suffix.count)), count.isFinite, count >= 0 else { return nil }
        let milliseconds = (count * unit.seconds * 1_000).rounded()
        guard milliseconds < 1e15 else { return nil }
        return .milliseconds(Int64(milliseconds))
    }
}

extension StringProtocol {
    /// The text without leading and trailing characters from `set`, without needing Foundation.
    fileprivate func trimmed(of set: String) -> String {
        let trimmedFront = drop { set.contains($0) }
        return String(trimmedFront.reversed().drop { set.contains($0) }.reversed())
    }
}
