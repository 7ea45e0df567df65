/// Columns padded to their widest cell and made to fit a width (issue 25, bug 8: tables ran to 155 columns). When the
/// natural table is too wide, the columns that may shrink give up room in their order (`shrinkOrder`, by default
/// right to left) down to their minimum, then, if that is not enough, down to a few characters; a cut cell ends in
/// "…", and a column that wraps breaks its cells over several lines instead. Columns without a minimum (ids, times,
/// states, accounts) are never cut. Before any column is cut past its minimum, a column that repeats what another shows
/// (an account's NAME beside its ACCOUNT) is left out, then a column that may go under its row is printed there as
/// `header: value` (issue 48, item 13: at 80 columns the account, the value a person types next, was cut while NAME
/// repeated it). The last column is left ragged, so no line carries trailing spaces.
public struct TextTable: Sendable {
    public struct Column: Sendable {
        public var header: String
        /// How far the column may shrink to fit; nil for a column that keeps its width (ids, times, states).
        public var minimum: Int?
        /// Whether a cell too wide for the column goes on over further lines rather than being cut.
        public var wraps: Bool
        /// Where a wrapping cell's lines may break (a space; two for slots, whose days and times stay together).
        public var breaksAt: String
        /// Whether the column says again what another one shows, so that the table may leave it out.
        public var repeats: Bool
        /// Whether the column's cells may go under their rows, `header: value` on a line of their own, when the
        /// table does not fit otherwise.
        public var goesUnder: Bool

        public init(_ header: String, shrinksTo minimum: Int? = nil, wraps: Bool = false, breaksAt: String = " ", repeats: Bool = false,
                    goesUnder: Bool = false) {
            self.header = header
            self.minimum = minimum
            self.wraps = wraps
            self.breaksAt = breaksAt
            self.repeats = repeats
            self.goesUnder = goesUnder
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

    /// The header and rows as lines, each ending in a newline.
    public func render(width: Int, color: Bool) -> String {
        let fitted = widths(fitting: width)
        let shown = columns.indices.filter { fitted[$0] != nil }
        let widths = shown.map { fitted[$0]! }
        let header = columns.map { Cell($0.header) }
        let moved = columns.indices.filter { fitted[$0] == nil && columns[$0].goesUnder }
        let indent = String(repeating: " ", count: (widths.first ?? 0) + Self.gap.count)
        return ([header] + rows).enumerated().map { number, row in
            let goneUnder = number == 0 ? "" : moved.map { lines(under: row[$0], column: $0, indent: indent, width: width, color: color) }.joined()
            let cells = shown.enumerated().map { index, column in lines(of: row[column], column: column, width: widths[index]) }
            let height = cells.map(\.count).max() ?? 1
            return (0..<height).map { line in
                cells.enumerated().map { index, lines in
                    let fitted = line < lines.count ? lines[line] : Cell("")
                    let padding = index == cells.count - 1 ? "" : String(repeating: " ", count: max(0, widths[index] - fitted.width))
                    return fitted.rendered(color: color) + padding
                }.joined(separator: Self.gap).trimmingTrailingSpaces() + "\n"
            }.joined() + goneUnder + (number == 0 ? [] : under[number - 1] ?? []).map { $0.rendered(color: color) + "\n" }.joined()
        }.joined()
    }

    /// A cell of a column moved under its row: `header: value`, indented to the second column, wrapped to the width
    /// when the column wraps, else cut to one line as in the column.
    private func lines(under cell: Cell, column: Int, indent: String, width: Int, color: Bool) -> String {
        guard !cell.plain.isEmpty else { return "" }
        let label = indent + columns[column].header.lowercased() + ": "
        guard columns[column].wraps else { return Cell(label).rendered(color: color) + cell.clipped(to: max(1, width - label.count)).rendered(color: color) + "\n" }
        let style = cell.spans.first?.style
        return Wrap.labelled(label, cell.plain, width: width).split(separator: "\n").map { Cell(String($0), style).rendered(color: color) + "\n" }.joined()
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
