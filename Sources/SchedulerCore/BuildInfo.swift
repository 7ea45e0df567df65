import CBuildInfo

/// Which build this program is, for `--version`, `status` and the packages: one answer for the three programs.
public enum BuildInfo {
    /// The version, such as `0.3.0`, or `0.3.0+dirty` when built from a tree with uncommitted changes.
    public static let version = String(cString: schedulerd_build_version)
    /// The git commit built, abbreviated; `unknown` from a plain `swift build` outside the Makefile.
    public static let commit = String(cString: schedulerd_build_commit)
    /// The day it was built (UTC, `YYYY-MM-DD`); `unknown` from a plain `swift build`.
    public static let date = String(cString: schedulerd_build_date)

    /// What `--version` prints: `0.3.0 (commit 1a2b3c4d5e6f, built 2026-11-26)`.
    public static var versionLine: String { "\(version) (commit \(commit), built \(date))" }
}
