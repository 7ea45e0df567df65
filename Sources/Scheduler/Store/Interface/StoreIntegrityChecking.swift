/// A store that can check its own data on demand, for `schedctl doctor`: SQLite reads every page; PostgreSQL
/// checks its own pages, so there the check is that the server answers with the schema this daemon speaks.
public protocol StoreIntegrityChecking: Sendable {
    func checkIntegrity() async throws -> StoreIntegrity
}

/// What an integrity check looked at, and what it found wrong (nil when nothing).
public struct StoreIntegrity: Sendable, Equatable {
    public var what: String
    public var problem: String?

    public init(what: String, problem: String? = nil) {
        self.what = what
        self.problem = problem
    }
}
