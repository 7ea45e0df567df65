import Glibc

/// Which names in the inbox are runs to read, and which rule a run follows.
package enum InboxFileNames {
    /// Names sync tools and browsers write while a file is on its way, never the file itself:
    /// - Syncthing: `.syncthing.NAME.tmp` (and `~syncthing~NAME.tmp` on Windows shares);
    /// - Dropbox: `.~NAME`, `~NAME.tmp` and its `.dropbox`/`.dropbox.cache` entries;
    /// - Resilio Sync `.!sync`, browsers' `.part`, `.crdownload`, `.download`, and any `.tmp`/`.partial`;
    /// - hidden files (a leading dot), which also covers editors' and `rsync`'s temporaries (`.NAME.XXXXXX`).
    package static func isTemporary(_ name: String) -> Bool {
        if name.hasPrefix(".") || name.hasPrefix("~") { return true }
        let lower = name.lowercased()
        return [".tmp", ".part", ".partial", ".crdownload", ".download", ".!sync", ".swp"].contains { lower.hasSuffix($0) }
    }

    /// The kinds of file the inbox reads; anything else is moved to `failed/` saying so.
    package static func isRunFile(_ name: String) -> Bool {
        let lower = name.lowercased()
        return [".fit", ".gpx", ".tcx"].contains { lower.hasSuffix($0) }
    }

    /// The first rule whose pattern fits the name (shell-style, as fnmatch(3); case-insensitive, since watches and
    /// phones name files `.FIT` or `.fit`).
    package static func rule(for name: String, in rules: [InboxRule]) -> InboxRule? {
        rules.first { fnmatch($0.match, name, caseFold) == 0 }
    }

    /// glibc's `FNM_CASEFOLD` (`<fnmatch.h>`), a GNU extension Swift does not import.
    private static let caseFold: Int32 = 1 << 4
}
