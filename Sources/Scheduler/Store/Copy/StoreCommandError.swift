
/// Why `store copy`, `store restore` or `store forget-credentials` stopped, with the exit status the command ends with;
/// the message says what to do. Each works on a whole store with no daemon running on it, so they fail the same ways.
package struct StoreCommandError: Error, Sendable, CustomStringConvertible {
    package enum Kind: Sendable, Equatable {
        /// A wrong argument, URL, password or key file, or a target that cannot be reached: 78 (EX_CONFIG).
        case configuration
        /// The source is not a schedulerd database this version can copy, or the key does not open it: 65 (EX_DATAERR).
        case unusableSource
        /// The target holds schedulerd data (or another key), or another program's tables: 65 (EX_DATAERR).
        case nonEmptyTarget
        /// A schedulerd runs on the state directory the command reads or fills: 75 (EX_TEMPFAIL).
        case inUse
        /// The command failed midway (the server or the disk); nothing was kept: 74 (EX_IOERR).
        case failed
    }

    package var kind: Kind
    package var message: String

    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    package var description: String { message }

    /// sysexits.h, as the daemon's own exits.
    package var exitCode: Int32 {
        switch kind {
        case .configuration: 78
        case .unusableSource, .nonEmptyTarget: 65
        case .inUse: 75
        case .failed: 74
        }
    }
}
