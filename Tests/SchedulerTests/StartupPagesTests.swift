import Foundation
import Testing
@testable import Scheduler

/// The start-up hand-back: which mappings it advises, and that advised pages leave the process's resident set. Only a
/// mapping of the test's own is advised: handing back the whole test process would slow the tests beside it.
@Suite struct StartupPagesTests {
    @Test func privateFileMappingsAreListed_neverSharedOnesTheHeapStacksOrAnonymousMemory() {
        let maps = """
            55d0a0000000-55d0a0400000 r--p 00000000 08:01 1234  /usr/bin/schedulerd
            55d0a0400000-55d0a2000000 r-xp 00400000 08:01 1234  /usr/bin/schedulerd
            55d0a2000000-55d0a2100000 rw-p 02000000 08:01 1234  /usr/bin/schedulerd
            55d0a3000000-55d0a3200000 rw-p 00000000 00:00 0     [heap]
            7ef000000000-7ef000008000 rw-s 00000000 08:01 777   /var/lib/schedulerd/schedulerd.sqlite-shm
            7f0000000000-7f0000021000 rw-p 00000000 00:00 0
            7f1000000000-7f1000010000 r--p 00000000 08:01 99    /usr/lib/x86_64-linux-gnu/libc.so.6 (deleted)
            7f2000000000-7f2000001000 r--p 00000000 00:00 0     [vvar]
            7ffc00000000-7ffc00021000 rw-p 00000000 00:00 0     [stack]
            7f3000000000-7f3000001000 ---p 00000000 08:01 99    /usr/lib/x86_64-linux-gnu/libc.so.6
            not a mapping line
            """
        #expect(FileMapping.all(in: maps) == [
            FileMapping(range: 0x55d0_a000_0000..<0x55d0_a040_0000, writable: false),
            FileMapping(range: 0x55d0_a040_0000..<0x55d0_a200_0000, writable: false),
            FileMapping(range: 0x55d0_a200_0000..<0x55d0_a210_0000, writable: true),
            FileMapping(range: 0x7f10_0000_0000..<0x7f10_0001_0000, writable: false),
            FileMapping(range: 0x7f30_0000_0000..<0x7f30_0000_1000, writable: false),
        ])
    }

    /// A file of this test's own, mapped read-only and read through; its resident size is read from /proc/self/smaps
    /// before and after.
    @Test func advisedPagesLeaveTheResidentSet_andReadBackTheSame() async throws {
        try await Self.withMappedFile(protection: PROT_READ) { mapped, length in
            let bytes = mapped.assumingMemoryBound(to: UInt8.self)
            let sum = Self.readEveryPage(bytes, length)
            let before = try Self.residentKilobytes(of: mapped)
            #expect(before >= 7 * 1024, "every page was read, so the mapping is resident (\(before) KB)")

            // Found as the daemon finds its own: in this process's /proc/self/maps.
            let listing = try #require(StartupPages.readProcFile("/proc/self/maps"))
            let listed = FileMapping.all(in: listing).filter { $0.range.lowerBound == UInt(bitPattern: mapped) }
            #expect(listed == [FileMapping(range: UInt(bitPattern: mapped)..<UInt(bitPattern: mapped) + UInt(length), writable: false)])

            let outcome = StartupPages.handBack(listed)

            #expect(outcome.refusal == nil)
            #expect(outcome.bytesSpanned == length, "every page was the file's, so every page is advised")
            let after = try Self.residentKilobytes(of: mapped)
            #expect(after < before / 4, "advised pages are no longer mapped: \(before) KB before, \(after) KB after")
            #expect(Self.pagesInThePageCache(mapped, length) == length / 4096, "a read-only mapping's pages stay in the page cache")
            #expect(Self.readEveryPage(bytes, length) == sum, "pages read after the hand-back hold the file's bytes")
        }
    }

    /// In a writable private mapping, pages the process wrote are its own (copied on write) and must keep what was
    /// written; only the pages still the file's are advised.
    @Test func inAWritableMapping_onlyUnwrittenPagesAreAdvised_andWrittenOnesKeepTheirBytes() async throws {
        try await Self.withMappedFile(protection: PROT_READ | PROT_WRITE) { mapped, length in
            let bytes = mapped.assumingMemoryBound(to: UInt8.self)
            _ = Self.readEveryPage(bytes, length)
            let written = 0..<16
            for page in written { bytes[page * 4096 + 1] = 0xEE }
            let before = try Self.residentKilobytes(of: mapped)

            let mapping = FileMapping(range: UInt(bitPattern: mapped)..<UInt(bitPattern: mapped) + UInt(length), writable: true)
            let pagemap = open("/proc/self/pagemap", O_RDONLY)
            try #require(pagemap >= 0)
            let runs = StartupPages.unwrittenFilePages(of: mapping, pagemap: pagemap)
            close(pagemap)
            let firstUnwritten = UInt(bitPattern: mapped) + UInt(written.count * 4096)
            #expect(!runs.isEmpty && runs.allSatisfy { $0.lowerBound >= firstUnwritten }, "no written page is advised: \(runs)")

            let outcome = StartupPages.handBack([mapping])

            #expect(outcome.refusal == nil)
            #expect(outcome.bytesSpanned == runs.reduce(0) { $0 + Int($1.count) })
            let after = try Self.residentKilobytes(of: mapped)
            #expect(after < before / 4, "unwritten pages are no longer resident: \(before) KB before, \(after) KB after")
            #expect(after >= written.count * 4, "written pages stay resident (\(after) KB)")
            for page in written { #expect(bytes[page * 4096 + 1] == 0xEE, "page \(page) keeps what was written") }
            #expect(bytes[16 * 4096 + 1] == UInt8(truncatingIfNeeded: 16), "an unwritten page reads the file's byte again")
        }
    }

    /// An 8 MB file of this test's own (each page's bytes its page number), mapped private with `protection`.
    static func withMappedFile(protection: Int32, _ body: (UnsafeMutableRawPointer, Int) async throws -> Void) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("startup-pages-\(UUID().uuidString)").path
        let length = 8 << 20
        try Data((0..<length).map { UInt8(truncatingIfNeeded: $0 / 4096) }).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let mapped = try #require(mmap(nil, length, protection, MAP_PRIVATE, descriptor, 0))
        try #require(mapped != MAP_FAILED)
        defer { munmap(mapped, length) }
        try await body(mapped, length)
    }

    /// How many of the mapping's pages the page cache holds (`mincore`, which says so for a file this process may write).
    private static func pagesInThePageCache(_ mapped: UnsafeMutableRawPointer, _ length: Int) -> Int {
        var vector = [UInt8](repeating: 0, count: length / 4096)
        guard mincore(mapped, length, &vector) == 0 else { return -1 }
        return vector.filter { $0 & 1 == 1 }.count
    }

    static func readEveryPage(_ bytes: UnsafeMutablePointer<UInt8>, _ length: Int) -> Int {
        var sum = 0
        for page in stride(from: 0, to: length, by: 4096) { sum &+= Int(bytes[page]) }
        return sum
    }

    /// The Rss line of the smaps entry that starts at `address`.
    static func residentKilobytes(of address: UnsafeMutableRawPointer) throws -> Int {
        let smaps = try #require(StartupPages.readProcFile("/proc/self/smaps"))
        let start = String(UInt(bitPattern: address), radix: 16)
        var inMapping = false
        for line in smaps.split(separator: "\n") {
            if let range = line.split(separator: " ").first, range.contains("-"), !range.hasSuffix(":") {
                inMapping = range.split(separator: "-").first.map { $0.drop { $0 == "0" } == start.drop { $0 == "0" } } ?? false
            } else if inMapping, line.hasPrefix("Rss:") {
                return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? -1
            }
        }
        Issue.record("no smaps entry starts at \(start)")
        return -1
    }
}
