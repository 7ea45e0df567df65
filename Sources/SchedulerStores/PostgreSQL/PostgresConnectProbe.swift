import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO
import SchedulerDomain

/// One connection made and closed before anything else asks the database, within `[store] connect_timeout_s`.
///
/// The pool retries a failing connection for ever, and a request for a connection waits until one is made: a server
/// that offers no TLS while `sslmode` asks for it, a closed port or a wrong password kept start and `--check-config`
/// waiting in silence (issue 25, bug 17). This probe ends within the timeout with the cause and the setting to change:
/// `.invalid` when the configuration must change (no TLS offered, a certificate not trusted, a password or user refused,
/// an unknown host or database), `.cannotOpen` when the server cannot be reached (refused, no answer).
package enum PostgresConnectProbe {
    package static func check(_ configuration: PostgresConnection.Configuration, location: PostgresLocation, timeout seconds: Int,
                      logger: Logger) async throws(StoreError) {
        var bounded = configuration
        bounded.options.connectTimeout = .seconds(Int64(seconds))
        let configuration = bounded
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
                    try? await connection.close()
                }
                group.addTask {
                    try await Task.sleep(for: .seconds(seconds))
                    throw NoAnswer()
                }
                try await group.next()
                group.cancelAll()
            }
        } catch {
            throw explain(error, location: location, timeout: seconds)
        }
    }

    private struct NoAnswer: Error {}

    /// The cause in a person's words, with what to change.
    package static func explain(_ error: any Error, location: PostgresLocation, timeout: Int) -> StoreError {
        let place = location.place
        let url = "[store] url"
        if error is NoAnswer || isConnectTimeout(error) {
            return StoreError(.cannotOpen, "PostgreSQL at \(place) did not answer within \(timeout) s: check the host and port in \(url), that "
                + "PostgreSQL runs there and that no firewall drops the connection; on a slow link raise [store] connect_timeout_s")
        }
        guard let psql = error as? PSQLError else {
            return StoreError(.cannotOpen, "cannot connect to PostgreSQL at \(place): \(error)")
        }
        if let message = psql.serverInfo?[.message] {
            let state = psql.serverInfo?[.sqlState] ?? ""
            switch state {
            case "28P01", "28000":
                return StoreError(.invalid, "PostgreSQL at \(place) refused the login: \(message) (SQLSTATE \(state)); check the user in \(url) "
                    + "and the password in [store] password_file (or the credential postgres-password), and the server's pg_hba.conf")
            case "3D000":
                return StoreError(.invalid, "PostgreSQL at \(place): \(message); create it (createdb -O \(location.username) \(location.database)) "
                    + "or fix the database name in \(url)")
            default:
                return StoreError(.cannotOpen, "PostgreSQL at \(place) said: \(message) (SQLSTATE \(state))")
            }
        }
        switch psql.code {
        case .sslUnsupported:
            return StoreError(.invalid, "PostgreSQL at \(place) does not offer TLS, which sslmode=\(location.tls.rawValue)"
                + "\(location.tlsIsDefault ? " (the default)" : "") in \(url) asks for: turn ssl on in the server's postgresql.conf, or, on a "
                + "network you trust, set sslmode=disable in \(url)")
        case .authMechanismRequiresPassword:
            return StoreError(.invalid, "PostgreSQL at \(place) asks for a password: set [store] password_file or the credential postgres-password")
        case .failedToAddSSLHandler:
            return StoreError(.invalid, "TLS to PostgreSQL at \(place) cannot be set up: \(psql.underlying.map { "\($0)" } ?? "unknown cause")")
        default:
            break
        }
        if let tls = psql.underlying as? NIOSSLError {
            return StoreError(.invalid, "the TLS handshake with PostgreSQL at \(place) failed (\(tls)): the server's certificate is not trusted or "
                + "does not name the host; give its CA with sslrootcert=/path/ca.pem in \(url), or use sslmode=require to encrypt without checking")
        }
        if let connection = psql.underlying as? NIOConnectionError {
            if connection.connectionErrors.isEmpty, connection.dnsAError != nil || connection.dnsAAAAError != nil {
                return StoreError(.invalid, "the host '\(connection.host)' in \(url) cannot be resolved (unknown host); check its spelling")
            }
            if connection.connectionErrors.contains(where: { ($0.error as? IOError)?.errnoCode == ECONNREFUSED }) {
                return StoreError(.cannotOpen, "nothing listens at \(place) (connection refused): check the host and port in \(url), and that "
                    + "PostgreSQL runs there and listens on TCP (listen_addresses in postgresql.conf)")
            }
            let causes = connection.connectionErrors.map { "\($0.error)" }
            return StoreError(.cannotOpen, "cannot connect to PostgreSQL at \(place): \(causes.isEmpty ? "\(connection)" : causes.joined(separator: "; "))")
        }
        if let io = psql.underlying as? IOError, io.errnoCode == ECONNREFUSED || io.errnoCode == ENOENT {
            return StoreError(.cannotOpen, "nothing listens at \(place) (\(io.errnoCode == ENOENT ? "no such socket" : "connection refused")): "
                + "check \(url) and that PostgreSQL runs there")
        }
        return PostgresStore.storeError(psql, location: location)
    }

    private static func isConnectTimeout(_ error: any Error) -> Bool {
        if let channel = error as? ChannelError, case .connectTimeout = channel { return true }
        if let psql = error as? PSQLError, let underlying = psql.underlying { return isConnectTimeout(underlying) }
        return false
    }
}
