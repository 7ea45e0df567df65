/// How a table is made to fit a width: which columns stay, and how wide each is.
extension TextTable {
    /// One way of fitting: the columns left out (or moved under their rows), those that may shrink, and whether they
    /// may shrink past their minimum to the floor.
    private struct Try {
        var leftOut: Set<Int>
        var shrinking: Set<Int>
        var toFloor = false
    }

    /// Each column's width once the table fits in `width` (or is as narrow as its fixed columns allow); nil for a
    /// column left out (a repeating one) or moved under its rows. First only the repeating and wrapping columns shrink;
    /// then the repeating ones are left out and the others shrink to their minimum; then the `goesUnder` columns go under their rows; the last
    /// try shrinks the columns to the floor.
    func widths(fitting width: Int) -> [Int?] {
        let natural = columns.indices.map { column in max(columns[column].header.count, rows.map { $0[column].width }.max() ?? 0) }
        let all = Set(columns.indices), repeating = Set(columns.indices.filter { columns[$0].repeats })
        let under = repeating.union(columns.indices.filter { columns[$0].goesUnder })
        // Wrapping columns lose nothing by shrinking, so they shrink beside the repeating ones in the first try.
        let lossless = repeating.union(columns.indices.filter { columns[$0].wraps })
        var tries = repeating.isEmpty ? [] : [Try(leftOut: [], shrinking: lossless)]
        tries.append(Try(leftOut: repeating, shrinking: all))
        if under != repeating { tries.append(Try(leftOut: under, shrinking: all)) }
        tries[tries.count - 1].toFloor = true
        for attempt in tries {
            var widths: [Int?] = natural.enumerated().map { attempt.leftOut.contains($0.offset) ? nil : $0.element }
            if shrink(&widths, into: width, attempt) || attempt.toFloor { return widths }
        }
        return natural
    }

    /// Shrinks the columns the attempt lets shrink, in `shrinkOrder`, to their minimum (and then to the floor), until
    /// the table fits in `width`; whether it does.
    private func shrink(_ widths: inout [Int?], into width: Int, _ attempt: Try) -> Bool {
        let shown = widths.compactMap { $0 }
        var excess = shown.reduce(0, +) + Self.gap.count * max(0, shown.count - 1) - width
        for pass in attempt.toFloor ? [false, true] : [false] {
            for column in shrinkOrder where excess > 0 && attempt.shrinking.contains(column) {
                guard let minimum = columns[column].minimum, let current = widths[column] else { continue }
                let giving = min(excess, max(0, current - (pass ? min(minimum, Self.floor) : minimum)))
                widths[column] = current - giving
                excess -= giving
            }
        }
        return excess <= 0
    }
}
