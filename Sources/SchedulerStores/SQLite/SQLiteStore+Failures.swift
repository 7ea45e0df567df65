import Foundation
import GRDB
import SchedulerDomain

/// SQLite's result codes as an operator reads them (``StoreFailure``): SQLite says "database or disk is full", "database
/// is locked" or "unable to open database file"; these say which file, why, and what to do.
extension SQLiteStore: StoreFailureDescribing {
    package func failure(of error: any Error) -> StoreFailure? {
        guard let error = error as? DatabaseError else { return nil }
        let file = path ?? "the in-memory database"
        let directory = path.map { ($0 as NSString).deletingLastPathComponent } ?? "."
        switch error.resultCode {
        case .SQLITE_FULL:
            return Self.diskFull(directory)
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return StoreFailure(.locked, "the database \(file) is locked by another process: a write waited 5 s for it and gave up",
                                action: "find the process holding it (`fuser -v \(file)`: a `sqlite3` shell or a backup tool with a transaction "
                                    + "open) and end its transaction; schedulerd is the database's only writer, and nothing is lost while it waits")
        case .SQLITE_CANTOPEN, .SQLITE_IOERR:
            if DescriptorProbe.exhausted { return Self.descriptorsExhausted() }
            if let free = FreeSpace.bytes(at: directory), free < 1_048_576 { return Self.diskFull(directory) }
            return error.resultCode == .SQLITE_CANTOPEN
                ? StoreFailure(.unavailable, "the database \(file) cannot be opened (\(error.message ?? "SQLite could not open it"))",
                               action: "check that \(directory) and the files in it belong to the daemon's user and are readable and writable by it "
                                   + "(the doctor check looks at their modes)")
                : StoreFailure(.other, "reading or writing the database \(file) failed: \(error.message ?? "disk I/O error")",
                               action: "look at the system's log for disk errors (`journalctl -k`)")
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH:
            return StoreFailure(.readOnly, "the database \(file) cannot be written (\(error.message ?? "read-only"))",
                                action: "check that its file system is mounted read-write and that the daemon's user owns \(directory) and its files")
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            return StoreFailure(.damaged, "the database \(file) is damaged (\(error.message ?? "malformed"))",
                                action: "stop schedulerd, keep a copy of the file, and restore the last backup")
        default:
            return StoreFailure(.other, "the database \(file) failed: \(error.message ?? "SQLite error \(error.resultCode.rawValue)")",
                                action: "see the daemon's log")
        }
    }

    private static func diskFull(_ directory: String) -> StoreFailure {
        let free = FreeSpace.bytes(at: directory).map { ", \(FreeSpace.describe($0)) free" } ?? ""
        return StoreFailure(.diskFull, "no space left on the device holding \(directory)\(free)",
                            action: "free space on that file system (the database and its write-ahead log need room to grow); "
                                + "posts wait and nothing is lost meanwhile")
    }

    private static func descriptorsExhausted() -> StoreFailure {
        StoreFailure(.descriptorsExhausted, "the daemon has no file descriptors left to open the database with (its limit is \(DescriptorProbe.limit))",
                     action: "raise LimitNOFILE (or `ulimit -n`); the log says which listener refused connections, if connections took them")
    }
}
