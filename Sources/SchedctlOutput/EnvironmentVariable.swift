import Foundation

/// One environment variable, read with `getenv`. `ProcessInfo.processInfo.environment` copies the whole environment
/// into a dictionary at every call (a quarter of a millisecond of schedctl's start, twice over when the socket's
/// path and its source were both asked), where schedctl needs two or three names.
public enum EnvironmentVariable {
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
