
/// How the daemon writes its log lines on standard error (`log_format` in the configuration, `--log-format`).
///
/// `text` is for people reading the journal; `json` is for log shippers (one object per line, nothing to parse by
/// pattern), which journald passes on unchanged as each entry's `MESSAGE`.
package enum LogFormat: String, Sendable, CaseIterable {
    case text
    case json

    /// The accepted spellings, for error messages: "text or json".
    package static var choices: String { allCases.map(\.rawValue).joined(separator: " or ") }
}
