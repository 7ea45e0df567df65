#if canImport(Glibc)
import Glibc
import SchedulerServer
import SchedulerServices
#endif

/// Hands the pages only start-up needed back to the kernel, once, before the daemon starts serving.
///
/// Why: most of an idle daemon's resident memory is clean pages of its program and libraries, and most of those were
/// touched once: the configuration parser, the migrations, ICU's time-zone tables, OpenSSL's set-up. The kernel maps
/// file pages 64 KB around each one touched (fault-around), so a few scattered calls keep megabytes resident that
/// nothing reads again. `MADV_DONTNEED` and `MADV_PAGEOUT` (Linux 5.4) unmap them from this process now rather than at
/// the next memory pressure; what the daemon uses afterwards comes back on first touch.
///
/// Only pages still as the file has them are advised, as `/proc/self/pagemap` tells: of read-only mappings (program
/// text, read-only data) and of writable ones (the self-contained build's linker merges the read-only data, ICU's
/// among it, into one); never a page the process wrote, the heap or the stacks. Measured in docs/benchmarks.md
/// ("Idle memory").
package enum StartupPages {
    /// What one hand-back did: the ranges advised and the bytes they span, or why it could not.
    package struct Outcome: Sendable, Equatable {
        package var rangesAdvised = 0
        package var bytesSpanned = 0
        /// Set when the kernel refused the advice (older than 5.4, or a sandbox that forbids it): nothing was lost.
        package var refusal: String?
    }

    /// Advises this process's file mappings listed in `/proc/self/maps`.
    package static func handBack() -> Outcome {
        #if os(Linux)
        guard let maps = readProcFile("/proc/self/maps") else { return Outcome(refusal: "cannot read /proc/self/maps") }
        return handBack(FileMapping.all(in: maps))
        #else
        return Outcome(refusal: "not Linux")
        #endif
    }

    /// Advises the given mappings of this process, in order; stops at the first refusal that would refuse them all.
    ///
    /// A read-only mapping's file pages are dropped with `MADV_DONTNEED`: this process stops mapping them, the page
    /// cache keeps them (a later touch is a minor fault, and the next start of the daemon reads no disk), and nothing
    /// can write them between the page map's answer and the advice. A writable mapping's are advised `MADV_PAGEOUT`,
    /// which never discards: another thread may write one of its pages in that moment, and `MADV_DONTNEED` would
    /// throw the write away. Pages the process wrote (RELRO's relocations, written data) are never advised.
    package static func handBack(_ mappings: [FileMapping]) -> Outcome {
        var outcome = Outcome()
        #if os(Linux)
        let pagemap = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC)
        guard pagemap >= 0 else { return Outcome(refusal: "cannot read /proc/self/pagemap (\(String(cString: strerror(errno))))") }
        defer { close(pagemap) }
        for mapping in mappings {
            for range in unwrittenFilePages(of: mapping, pagemap: pagemap) {
                guard let start = UnsafeMutableRawPointer(bitPattern: range.lowerBound) else { continue }
                if madvise(start, Int(range.count), mapping.writable ? MADV_PAGEOUT : MADV_DONTNEED) != 0 {
                    let code = errno
                    // EINVAL: a kernel without MADV_PAGEOUT; EPERM, ENOSYS: a seccomp filter. The rest would be refused alike.
                    if code == EINVAL || code == EPERM || code == ENOSYS {
                        outcome.refusal = String(cString: strerror(code))
                        return outcome
                    }
                    continue  // ENOMEM for one range (it went away since the listing): the others still count
                }
                outcome.rangesAdvised += 1
                outcome.bytesSpanned += Int(range.count)
            }
        }
        #else
        outcome.refusal = "not Linux"
        #endif
        return outcome
    }

    /// The runs of a mapping's pages that are present and still the file's (pagemap bit 61 set: not copied on write).
    /// The flags are readable without privileges; only the frame numbers are hidden.
    package static func unwrittenFilePages(of mapping: FileMapping, pagemap: Int32) -> [Range<UInt>] {
        let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
        let count = Int(UInt(mapping.range.count) / page)
        var entries = [UInt64](repeating: 0, count: count)
        let wanted = count * MemoryLayout<UInt64>.size
        let read = entries.withUnsafeMutableBytes { pread(pagemap, $0.baseAddress, wanted, off_t(mapping.range.lowerBound / page) * 8) }
        guard read == wanted else { return [] }
        let present: UInt64 = 1 << 63, file: UInt64 = 1 << 61
        var runs: [Range<UInt>] = []
        var runStart: UInt?
        for index in 0...count {
            let address = mapping.range.lowerBound + UInt(index) * page
            let isFilePage = index < count && entries[index] & (present | file) == present | file
            if isFilePage, runStart == nil { runStart = address }
            if !isFilePage, let start = runStart {
                runs.append(start..<address)
                runStart = nil
            }
        }
        return runs
    }

    /// A /proc file read to its end (its size says 0, so it is read in chunks).
    package static func readProcFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return count == 0 ? String(decoding: bytes, as: UTF8.self) : nil }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}

/// One line of `/proc/PID/maps` that maps a file privately: program text, read-only data, the relocated data RELRO
/// made read-only, and writable data mapped from the file (where a linker merged read-only data into it too).
package struct FileMapping: Equatable {
    package let range: Range<UInt>
    package let writable: Bool

    /// The file mappings of a maps listing (`start-end perms offset dev inode path`), in its order.
    package static func all(in maps: String) -> [FileMapping] {
        maps.split(separator: "\n").compactMap { line in
            // The path is padded with spaces, which the split leaves at the start of the sixth field.
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            // Private mappings only: a shared one (SQLite's -shm index) is memory other processes use as much.
            guard fields.count == 6, fields[5].drop(while: { $0 == " " }).first == "/", fields[1].count == 4, fields[1].last == "p"
            else { return nil }
            let bounds = fields[0].split(separator: "-")
            guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16), end > start else { return nil }
            return FileMapping(range: start..<end, writable: fields[1].dropFirst().first == "w")
        }
    }
}
