/// Why `store copy` stopped, with the exit status the command ends with; the message says what to do.
public struct StoreCopyError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// A wrong argument, URL or password, or a target that cannot be reached: 78 (EX_CONFIG).
        case configuration
        /// The source is not a schedulerd SQLite database this version can copy: 65 (EX_DATAERR).
        case unusableSource
        /// The target holds schedulerd rows or another program's tables: 65 (EX_DATAERR).
        case nonEmptyTarget
        /// A schedulerd still runs on the source's state directory: 75 (EX_TEMPFAIL).
        case sourceInUse
        /// The copy failed midway (the server or the disk); nothing was kept: 74 (EX_IOERR).
        case failed
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }

    /// sysexits.h, as the daemon's own exits.
    public var exitCode: Int32 {
        switch kind {
        case .configuration: 78
        case .unusableSource, .nonEmptyTarget: 65
        case .sourceInUse: 75
        case .failed: 74
        }
    }
}
