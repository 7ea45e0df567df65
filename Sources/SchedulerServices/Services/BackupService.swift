import Foundation
import SchedulerCore
import SchedulerDomain

/// `schedctl backup`: what may be copied and the copy itself. The database is copied by the store (one copy at a time,
/// in the state directory); a PostgreSQL store is refused here, since pg_dump backs it up. The routes only stream what
/// this gives them.
package struct BackupService: Sendable {
    /// nil: the store is PostgreSQL, which pg_dump backs up.
    package let copies: (any BackupCopying)?
    package let key: CredentialKeyBytes

    package static let postgresRefusal = "this daemon keeps its state in PostgreSQL, which the daemon's backup does not copy: back it up with pg_dump "
        + "(e.g. `pg_dump --format=custom --file=schedulerd.dump DBNAME`), and keep a copy of the credential key "
        + "(state_dir/credentials.key, or the schedulerd.key systemd credential) apart from the dump"

    /// The credential key's bytes, which the client keeps apart from the database copy.
    package func credentialKey() throws -> [UInt8] {
        guard copies != nil else { throw RequestError(.conflict, Self.postgresRefusal) }
        return key.bytes
    }

    /// A consistent copy of the database, open for reading; it is unlinked already and goes when it is closed.
    package func copy() async throws -> BackupCopy {
        guard let copies else { throw RequestError(.conflict, Self.postgresRefusal) }
        return try await copies.make()
    }
    package init(copies: (any BackupCopying)?, key: CredentialKeyBytes) {
        self.copies = copies
        self.key = key
    }
}
