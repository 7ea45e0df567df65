import Foundation

/// Reads a GPX 1.1 or TCX file, streaming, and summarises it.
public enum RunFile {
    /// `title` replaces the generated one; `timeZone` is the runner's zone.
    public static func summarize(path: String, timeZone: TimeZone, title: String? = nil) throws(RunFileError) -> RunSummary {
        throw RunFileError(path: path, problem: "run summaries are not implemented yet")
    }
}
