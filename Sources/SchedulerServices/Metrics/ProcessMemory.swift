import Foundation

/// The process's memory as the kernel counts it, from `/proc/self/statm` (pages: total size, resident, then resident
/// and backed by a file or shared memory).
package enum ProcessMemory {
    package struct Reading: Equatable {
        package var residentBytes: Int
        package var virtualBytes: Int
        /// What of the resident memory is a file's pages (the program's and its libraries'): what IdlePagesService hands back.
        package var fileResidentBytes: Int
    }

    /// nil where there is no `/proc` (not Linux).
    package static func read() -> Reading? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        return parse(text, pageSize: Int(sysconf(Int32(_SC_PAGESIZE))))
    }

    package static func parse(_ statm: String, pageSize: Int) -> Reading? {
        let fields = statm.split(separator: " ").prefix(3).compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard fields.count == 3 else { return nil }
        return Reading(residentBytes: fields[1] * pageSize, virtualBytes: fields[0] * pageSize, fileResidentBytes: fields[2] * pageSize)
    }
}
