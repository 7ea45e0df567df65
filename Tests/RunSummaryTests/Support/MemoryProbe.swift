import Foundation

/// The process's resident memory, from /proc/self/status (Linux), to show a large file is read in bounded memory.
enum MemoryProbe {
    /// Resets the peak (VmHWM) to the current resident size, where the kernel allows it; true when it did.
    @discardableResult
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }

    /// Peak resident memory in kilobytes, or nil off Linux.
    static var peakKilobytes: Int? { field("VmHWM:") }
    static var residentKilobytes: Int? { field("VmRSS:") }

    private static func field(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return nil }
        return Int(line.dropFirst(name.count).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
    }
}
