import Foundation

/// A progress line on standard error while a long import is read and checked, only on a terminal.
final class ImportProgress {
    let total: Int
    private var done = 0
    private let shown: Bool

    init(total: Int) {
        self.total = total
        shown = isatty(STDERR_FILENO) == 1 && total >= 100
    }

    func advance(_ what: String) {
        done += 1
        guard shown, done % 100 == 0 || done == total else { return }
        let width = 30
        let filled = width * done / max(total, 1)
        say("\(what) [" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] \(done)/\(total)")
    }

    func say(_ text: String) {
        guard shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(text)".utf8))
    }

    func finish() {
        guard shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
}
