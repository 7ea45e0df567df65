import Foundation

/// What a process's resident memory is made of, from `/proc/PID/smaps`: each mapped file's resident pages (the
/// binary, the Swift runtime, Foundation and ICU's data, OpenSSL, libcurl, SQLite…) and the anonymous memory (heap and
/// stacks), so the idle figure says which library costs what.
struct MappedMemory {
    /// Resident kilobytes by mapped file (its last path component), and under `[anonymous]` the rest.
    let residentKilobytes: [String: Int]

    init(pid: Int32) {
        // Read to its end: a /proc file says it is empty, and a read sized by that stops after the first page.
        let text = String(decoding: FileHandle(forReadingAtPath: "/proc/\(pid)/smaps")?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        var byFile: [String: Int] = [:]
        var current = "[anonymous]"
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), fields.count >= 5, first.first?.isHexDigit == true {
                // A mapping's header: address range, permissions, offset, device, inode, then its path if it has one.
                current = fields.count >= 6 ? String(fields[5].split(separator: "/").last ?? fields[5]) : "[anonymous]"
                if current.hasPrefix("[") && current != "[anonymous]" { current = "[anonymous]" }  // [heap], [stack]…
            } else if fields.first == "Rss:", fields.count >= 2, let kilobytes = Int(fields[1]) {
                byFile[current, default: 0] += kilobytes
            }
        }
        residentKilobytes = byFile
    }

    /// The `count` largest, as `name 12.3 MB`, largest first, and the total of the others.
    func largest(_ count: Int) -> String {
        let sorted = residentKilobytes.sorted { $0.value > $1.value }
        let shown = sorted.prefix(count).map { "\($0.key) \(String(format: "%.1f", Double($0.value) / 1024)) MB" }
        let rest = sorted.dropFirst(count).reduce(0) { $0 + $1.value }
        return (shown + ["\(sorted.count - min(count, sorted.count)) others \(String(format: "%.1f", Double(rest) / 1024)) MB"]).joined(separator: ", ")
    }
}
