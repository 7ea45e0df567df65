/// Columns padded to their widest cell and cut to fit a width: when the natural table is too wide, the columns that
/// may shrink give up room in their order (`shrinkOrder`, by default right to left) down to their minimum, each cut
/// cell ending in "…". The last column is left ragged, so no line carries trailing spaces.
public struct TextTable: Sendable {
    public struct Column: Sendable {
        public var header: String
        /// How far the column may shrink to fit; nil for a column that keeps its width (ids, times).
        public var minimum: Int?

        public init(_ header: String, shrinksTo minimum: Int? = nil) {
            self.header = header
            self.minimum = minimum
        }
    }

    public var columns: [Column]
    public var rows: [[Cell]]
    /// The order in which shrinkable columns give up room.
    public var shrinkOrder: [Int]
    /// Lines printed whole under a row (by its index), outside the columns: what must not be cut, such as a URL.
    public var under: [Int: [Cell]]

    public init(_ columns: [Column], rows: [[Cell]], shrinkOrder: [Int]? = nil, under: [Int: [Cell]] = [:]) {
        self.columns = columns
        self.rows = rows
        self.shrinkOrder = shrinkOrder ?? columns.indices.reversed()
        self.under = under
    }

    static let gap = "  "

    /// Each column's width once the table fits in `width` (or is as narrow as its minimums allow).
    func widths(fitting width: Int) -> [Int] {
        var widths = columns.indices.map { column in
            max(columns[column].header.count, rows.map { $0[column].width }.max() ?? 0)
        }
        var excess = widths.reduce(0, +) + Self.gap.count * (columns.count - 1) - width
        for column in shrinkOrder where excess > 0 {
            guard let minimum = columns[column].minimum else { continue }
            let giving = min(excess, max(0, widths[column] - minimum))
            widths[column] -= giving
            excess -= giving
        }
        return widths
    }

    /// The header and rows as lines, each ending in a newline.
    public func render(width: Int, color: Bool) -> String {
        let widths = widths(fitting: width)
        let header = columns.map { Cell($0.header) }
        return ([header] + rows).enumerated().map { number, row in
            row.enumerated().map { index, cell in
                let fitted = cell.clipped(to: widths[index])
                let padding = index == row.count - 1 ? "" : String(repeating: " ", count: widths[index] - fitted.width)
                return fitted.rendered(color: color) + padding
            }.joined(separator: Self.gap).trimmingTrailingSpaces() + "\n"
                + (number == 0 ? [] : under[number - 1] ?? []).map { $0.rendered(color: color) + "\n" }.joined()
        }.joined()
    }
}

extension String {
    /// Without spaces at the end (an empty last cell leaves none).
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
