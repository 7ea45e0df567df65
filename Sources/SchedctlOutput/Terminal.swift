import Foundation

/// How wide to draw and whether to colour: the terminal's own width when standard output is one, else `$COLUMNS`,
/// else 80 (a pipe or a file gets the same table every time); colour only on a terminal and never with `NO_COLOR`.
public struct Terminal: Sendable, Equatable {
    public var columns: Int
    public var color: Bool

    public init(columns: Int, color: Bool) {
        self.columns = columns
        self.color = color
    }

    /// The narrowest table drawn: below it, lines are cut rather than squeezed further.
    public static let minimumColumns = 20

    /// Decided from what the process sees: `isTerminal` (standard output is a tty), the width the tty reports (nil when
    /// it reports none), and the environment (`COLUMNS`, `NO_COLOR` — any value, even empty, per no-color.org).
    public init(isTerminal: Bool, reportedColumns: Int?, environment: [String: String]) {
        let fromEnvironment = environment["COLUMNS"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.flatMap { $0 > 0 ? $0 : nil }
        let width = (isTerminal ? reportedColumns : nil) ?? fromEnvironment ?? 80
        columns = max(Self.minimumColumns, width)
        color = isTerminal && environment["NO_COLOR"] == nil
    }

    /// Standard output's terminal as this process sees it.
    public static func current() -> Terminal {
        let isTerminal = isatty(STDOUT_FILENO) == 1
        var size = winsize()
        let reported = isTerminal && ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
        let environment = ["COLUMNS", "NO_COLOR"].reduce(into: [String: String]()) { $0[$1] = EnvironmentVariable.value($1) }
        return Terminal(isTerminal: isTerminal, reportedColumns: reported, environment: environment)
    }
}
