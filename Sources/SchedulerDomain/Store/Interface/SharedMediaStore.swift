import Foundation

/// Media kept in the store itself, so any daemon sharing it can publish any post: each daemon copies a file into
/// its own `media/` folder the first time it needs it. Only a shared store (PostgreSQL) keeps media; with SQLite
/// the state directory's folder is the only copy.
package protocol SharedMediaStore: Sendable {
    /// Stores the file's bytes under its SHA-256 (once: the same file stored twice is kept once), stamped `now`
    /// (again when it was there already, so the sweep's grace period starts from the latest upload).
    func putMedia(sha256: String, bytes: [UInt8], now: Date) async throws
    /// The file's bytes, or nil when the store has none under that SHA-256.
    func mediaBytes(sha256: String) async throws -> [UInt8]?
    /// Removes the files stamped before `cutoff` that no post names (uploads for a dry run or a refused schedule);
    /// returns how many.
    func removeUnreferencedMedia(storedBefore cutoff: Date) async throws -> Int
}
