import SchedctlOutput
import Testing

/// Width and colour as gh and kubectl decide them: the tty's width, else `COLUMNS`, else 80; colour on a terminal only,
/// never with `NO_COLOR`.
@Suite struct TerminalTests {
    @Test func aTerminal_usesItsOwnWidth_andColour() {
        #expect(Terminal(isTerminal: true, reportedColumns: 132, environment: ["COLUMNS": "90"]) == Terminal(columns: 132, color: true))
    }

    @Test func aPipe_takesCOLUMNS_else80_andNeverColour() {
        #expect(Terminal(isTerminal: false, reportedColumns: nil, environment: [:]) == Terminal(columns: 80, color: false))
        #expect(Terminal(isTerminal: false, reportedColumns: nil, environment: ["COLUMNS": "120"]) == Terminal(columns: 120, color: false))
        #expect(Terminal(isTerminal: false, reportedColumns: nil, environment: ["COLUMNS": "wide"]).columns == 80)
    }

    @Test func noColor_turnsColourOff_evenWhenEmpty() {
        #expect(!Terminal(isTerminal: true, reportedColumns: 100, environment: ["NO_COLOR": "1"]).color)
        #expect(!Terminal(isTerminal: true, reportedColumns: 100, environment: ["NO_COLOR": ""]).color)
    }

    @Test func aTerminalThatReportsNoWidth_fallsBackToCOLUMNS_andAVeryNarrowOneIsWidened() {
        #expect(Terminal(isTerminal: true, reportedColumns: nil, environment: ["COLUMNS": "100"]).columns == 100)
        #expect(Terminal(isTerminal: false, reportedColumns: nil, environment: ["COLUMNS": "5"]).columns == Terminal.minimumColumns)
    }
}
