import Foundation
import SchedulerDomain

/// PostgreSQL's errors reach the daemon as ``StoreError``s already worded (``PostgresStore/storeError(_:location:)``);
/// those that mean the database cannot be used now, rather than a refused request, are its failures.
extension PostgresStore: StoreFailureDescribing {
    package func failure(of error: any Error) -> StoreFailure? {
        guard let error = error as? StoreError, error.code == .cannotOpen else { return nil }
        if error.message.contains("SQLSTATE 53100") {
            return StoreFailure(.diskFull, error.message, action: "free space on the database server's disk; posts wait and nothing is lost meanwhile")
        }
        if error.message.contains("SQLSTATE 55P03") || error.message.contains("SQLSTATE 57014") {
            return StoreFailure(.locked, error.message, action: "look at `pg_stat_activity` for the session holding the lock, and end it")
        }
        if error.message.contains("SQLSTATE 25006") {
            return StoreFailure(.readOnly, error.message, action: "point [store] postgres at the primary server, not a read-only standby")
        }
        return StoreFailure(.unavailable, error.message, action: "check that the server runs and this machine can reach it (the doctor check tries)")
    }
}
