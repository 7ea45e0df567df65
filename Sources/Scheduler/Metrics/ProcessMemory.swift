import Foundation

/// The process's memory as the kernel counts it, from `/proc/self/statm` (pages: total size, then resident).
enum ProcessMemory {
    struct Reading: Equatable {
        var residentBytes: Int
        var virtualBytes: Int
    }

    /// nil where there is no `/proc` (not Linux).
    static func read() -> Reading? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        return parse(text, pageSize: Int(sysconf(Int32(_SC_PAGESIZE))))
    }

    static func parse(_ statm: String, pageSize: Int) -> Reading? {
        let fields = statm.split(separator: " ").prefix(2).compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard fields.count == 2 else { return nil }
        return Reading(residentBytes: fields[1] * pageSize, virtualBytes: fields[0] * pageSize)
    }
}
