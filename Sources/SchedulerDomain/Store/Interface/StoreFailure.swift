/// Why the store could not be read or written just now, in words an operator can act on: "no space left on the
/// device", "locked by another process", not "SQLite error 13" or "unable to open database file" (issue 46).
package struct StoreFailure: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Cause: String, Sendable, CaseIterable {
        /// The file system holding the database has no room left.
        case diskFull = "disk_full"
        /// Another process holds the database's write lock (SQLite), or a lock timed out (PostgreSQL).
        case locked
        /// The daemon has no file descriptors left to open the database's files with.
        case descriptorsExhausted = "descriptors_exhausted"
        /// The database or its directory may be read but not written.
        case readOnly = "read_only"
        /// The database cannot be opened or reached (permissions, a server down, the network).
        case unavailable
        /// The file is damaged.
        case damaged
        /// Anything else, with the store's own words.
        case other
    }

    package var cause: Cause
    /// What is wrong, naming the file, directory or server.
    package var message: String
    /// What to do about it.
    package var action: String

    package init(_ cause: Cause, _ message: String, action: String) {
        self.cause = cause
        self.message = message
        self.action = action
    }

    package var description: String { "\(message); \(action)" }
}

/// A store that can say, of an error one of its calls threw, whether it is the store failing (and why) rather than a
/// refusal of the request; nil for errors that are not about the store itself.
package protocol StoreFailureDescribing: Sendable {
    func failure(of error: any Error) -> StoreFailure?
}
