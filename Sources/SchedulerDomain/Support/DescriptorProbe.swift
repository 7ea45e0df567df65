import Foundation

/// Whether this process has run out of file descriptors, asked the only way that cannot be wrong: by opening one.
/// SQLite says "unable to open database file" whatever the reason; this tells the reason apart.
package enum DescriptorProbe {
    package static var exhausted: Bool {
        let fd = open("/dev/null", O_RDONLY | O_CLOEXEC)
        if fd >= 0 {
            close(fd)
            return false
        }
        return errno == EMFILE || errno == ENFILE
    }

    /// The process's soft limit on descriptors.
    package static var limit: Int {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        return Int(clamping: limit.rlim_cur)
    }
}

/// Free space on the file system holding `path`, in bytes (what an unprivileged process may use), or nil when it cannot be read.
package enum FreeSpace {
    package static func bytes(at path: String) -> Int64? {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        return Int64(info.f_bavail) * Int64(info.f_frsize)
    }

    /// `12 MB`, `3.4 GB`: for messages.
    package static func describe(_ bytes: Int64) -> String {
        let units = ["bytes", "KB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1_000 && unit < units.count - 1 {
            value /= 1_000
            unit += 1
        }
        return unit == 0 ? "\(bytes) bytes" : String(format: value < 10 ? "%.1f" : "%.0f", value) + " " + units[unit]
    }
}
