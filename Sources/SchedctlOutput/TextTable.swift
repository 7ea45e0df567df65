/// Columns padded to their widest cell and made to fit a width (issue 25, bug 8: tables ran to 155 columns). When the
/// natural table is too wide, the columns that may shrink give up room in their order (`shrinkOrder`, by default
/// right to left) down to their minimum, then, if that is not enough, down to a few characters; a cut cell ends in
/// "…", and a column that wraps breaks its cells over several lines instead. Columns without a minimum (ids, times,
/// states) are never cut. The last column is left ragged, so no line carries trailing spaces.
public struct TextTable: Sendable {
    public struct Column: Sendable {
        public var header: String
        /// How far the column may shrink to fit; nil for a column that keeps its width (ids, times, states).
        public var minimum: Int?
        /// Whether a cell too wide for the column goes on over further lines rather than being cut.
        public var wraps: Bool
        /// Where a wrapping cell's lines may break (a space; two for slots, whose days and times stay together).
        public var breaksAt: String

        public init(_ header: String, shrinksTo minimum: Int? = nil, wraps: Bool = false, breaksAt: String = " ") {
            self.header = header
            self.minimum = minimum
            self.wraps = wraps
            self.breaksAt = breaksAt
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
    /// What a shrinking column keeps when its minimum is not enough: a character or two and the "…".
    static let floor = 3

    /// Each column's width once the table fits in `width` (or is as narrow as its fixed columns allow).
    func widths(fitting width: Int) -> [Int] {
        var widths = columns.indices.map { column in
            max(columns[column].header.count, rows.map { $0[column].width }.max() ?? 0)
        }
        var excess = widths.reduce(0, +) + Self.gap.count * (columns.count - 1) - width
        for pass in [false, true] {
            for column in shrinkOrder where excess > 0 {
                guard let minimum = columns[column].minimum else { continue }
                let giving = min(excess, max(0, widths[column] - (pass ? min(minimum, Self.floor) : minimum)))
                widths[column] -= giving
                excess -= giving
            }
        }
        return widths
    }

    /// The header and rows as lines, each ending in a newline.
    public func render(width: Int, color: Bool) -> String {
        let widths = widths(fitting: width)
        let header = columns.map { Cell($0.header) }
        return ([header] + rows).enumerated().map { number, row in
            let cells = row.enumerated().map { index, cell in lines(of: cell, column: index, width: widths[index]) }
            let height = cells.map(\.count).max() ?? 1
            return (0..<height).map { line in
                cells.enumerated().map { index, lines in
                    let fitted = line < lines.count ? lines[line] : Cell("")
                    let padding = index == cells.count - 1 ? "" : String(repeating: " ", count: max(0, widths[index] - fitted.width))
                    return fitted.rendered(color: color) + padding
                }.joined(separator: Self.gap).trimmingTrailingSpaces() + "\n"
            }.joined() + (number == 0 ? [] : under[number - 1] ?? []).map { $0.rendered(color: color) + "\n" }.joined()
        }.joined()
    }

    /// A cell as the lines it takes in a column `width` wide: cut to one, or broken over several when the column wraps.
    private func lines(of cell: Cell, column: Int, width: Int) -> [Cell] {
        guard columns[column].wraps, cell.width > width else { return [cell.clipped(to: width)] }
        let style = cell.spans.first?.style
        return Wrap.lines(cell.plain, width: width, separator: columns[column].breaksAt).map { Cell($0, style) }
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
