/// A store that can check its own data on demand, for `schedctl doctor`: SQLite reads every page; PostgreSQL
/// checks its own pages, so there the check is that the server answers with the schema this daemon speaks.
package protocol StoreIntegrityChecking: Sendable {
    func checkIntegrity() async throws -> StoreIntegrity
    /// Whether a write could be made now, without making one: SQLite takes its write lock and lets it go, and looks at
    /// the free space beside the file; PostgreSQL's server keeps its own disk.
    func checkWritable() async -> StoreWritability
}

/// What ``StoreIntegrityChecking/checkWritable()`` found: a sentence for `doctor`, and what stops or soon stops writes.
package struct StoreWritability: Sendable, Equatable {
    package var what: String
    /// Why a write would fail now; nil when it would not.
    package var failure: StoreFailure?
    /// What will stop writes soon (little free space); nil when nothing.
    package var warning: String?

    package init(what: String, failure: StoreFailure? = nil, warning: String? = nil) {
        self.what = what
        self.failure = failure
        self.warning = warning
    }
}

/// What an integrity check looked at, and what it found wrong (nil when nothing).
package struct StoreIntegrity: Sendable, Equatable {
    package var what: String
    package var problem: String?

    package init(what: String, problem: String? = nil) {
        self.what = what
        self.problem = problem
    }
}
