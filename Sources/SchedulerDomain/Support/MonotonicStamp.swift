import Foundation

/// A reading of the kernel's boot-time clock (`CLOCK_BOOTTIME`) with the boot it belongs to. No step of the wall
/// clock moves it (an NTP correction, `date -s`, a VM resumed with a stale clock), so the time between two readings of
/// one boot is the time that really passed, across restarts of the daemon too; readings of different boots (a reboot,
/// another machine) cannot be compared, and say so.
///
/// Ages that decide whether something may be sent again are measured with it (issue 46): Mastodon keeps an
/// `Idempotency-Key` for an hour of real time, and a wall clock stepped back an hour made a key 1 h 50 min old look
/// 50 min old.
package struct MonotonicStamp: Sendable, Equatable, CustomStringConvertible {
    /// `/proc/sys/kernel/random/boot_id`: a new one at every boot.
    package let boot: String
    /// Nanoseconds since boot, suspend included.
    package let nanoseconds: UInt64

    package static func now() -> MonotonicStamp {
        var time = timespec()
        clock_gettime(CLOCK_BOOTTIME, &time)
        return MonotonicStamp(boot: currentBoot, nanoseconds: UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec))
    }

    package init(boot: String, nanoseconds: UInt64) {
        self.boot = boot
        self.nanoseconds = nanoseconds
    }

    /// Reads the stored form, `BOOT@NANOSECONDS`; nil for anything else.
    package init?(_ text: String) {
        let parts = text.split(separator: "@")
        guard parts.count == 2, !parts[0].isEmpty, let nanoseconds = UInt64(parts[1]) else { return nil }
        self.init(boot: String(parts[0]), nanoseconds: nanoseconds)
    }

    /// The stored form: `BOOT@NANOSECONDS`.
    package var description: String { "\(boot)@\(nanoseconds)" }

    /// Seconds from this reading to `later`, or nil when they belong to different boots (or `later` is not later).
    package func seconds(until later: MonotonicStamp) -> TimeInterval? {
        guard later.boot == boot, later.nanoseconds >= nanoseconds else { return nil }
        return TimeInterval(later.nanoseconds - nanoseconds) / 1e9
    }

    /// This boot's id; a machine without one (no /proc) gets one per process, so readings are trusted within the process only.
    package static let currentBoot: String = {
        let text = (try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return text.isEmpty || text.contains("@") ? "process-\(getpid())-\(UUID().uuidString)" : text
    }()
}
