import Foundation
import NIOSSL
import PostgresNIO
import SchedulerDomain

/// Where the shared database is, parsed from `[store] url` (libpq's URI form): `postgresql://USER@HOST:PORT/DB?sslmode=…`,
/// or a Unix socket as `postgresql://USER@/DB?host=/run/postgresql&port=5432`. The password is never part of it.
package struct PostgresLocation: Sendable, Equatable, CustomStringConvertible {
    package enum Endpoint: Sendable, Equatable {
        case tcp(host: String, port: Int)
        /// The socket directory (libpq's `host=/dir`) and the port that names the socket file in it.
        case socket(directory: String, port: Int)
    }

    /// libpq's `sslmode`, minus `allow` (which would fall back to plain text after a TLS failure).
    package enum TLSMode: String, Sendable, Equatable, CaseIterable {
        case disable, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    package var endpoint: Endpoint
    package var username: String
    package var database: String
    package var tls: TLSMode
    /// `sslrootcert`: the CA bundle for `verify-ca` and `verify-full` (the system's trust store otherwise).
    package var rootCertificatePath: String?
    /// True when the URL gave no `sslmode` and `verify-full` was taken, so an error can say it was the default.
    package var tlsIsDefault = false

    /// `db.example.org:5432`, or the socket file: where a connection goes, for messages.
    package var place: String {
        switch endpoint {
        case .tcp(let host, let port): "\(host):\(port)"
        case .socket(let directory, let port): "\(directory)/.s.PGSQL.\(port)"
        }
    }

    /// The URL without anything secret (it never holds a secret anyway), for `--check-config` and logs.
    package var description: String {
        switch endpoint {
        case .tcp(let host, let port): "postgresql://\(username)@\(host):\(port)/\(database)?sslmode=\(tls.rawValue)"
        case .socket(let directory, let port): "postgresql://\(username)@/\(database)?host=\(directory)&port=\(port)"
        }
    }

    /// Parses `url`, saying what is wrong and how to write it instead.
    package init(url: String) throws(StoreError) {
        func invalid(_ problem: String) -> StoreError {
            StoreError(.invalid, "\(problem); write it as postgresql://USER@HOST:5432/DATABASE?sslmode=verify-full "
                       + "(or postgresql://USER@/DATABASE?host=/run/postgresql for a local socket)")
        }
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased() else {
            throw invalid("'\(url.prefix(80))' is not a URL")
        }
        guard scheme == "postgresql" || scheme == "postgres" else {
            throw invalid("the scheme is '\(scheme)', not postgresql")
        }
        if components.password != nil {
            throw StoreError(.invalid, "the URL holds a password; remove it and put the password in the file named by "
                             + "[store] password_file, or in the systemd credential postgres-password (never inline, where "
                             + "logs, backups and `ps` could show it)")
        }
        guard let user = components.user?.removingPercentEncoding, !user.isEmpty else {
            throw invalid("no user name (postgresql://USER@…)")
        }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        guard let database = path.removingPercentEncoding, !database.isEmpty, !database.contains("/") else {
            throw invalid("no database name after the host (…/DATABASE)")
        }
        var parameters: [String: String] = [:]
        for item in components.queryItems ?? [] {
            guard let value = item.value else { throw invalid("the parameter '\(item.name)' has no value") }
            parameters[item.name] = value
        }
        let known: Set = ["sslmode", "sslrootcert", "host", "port"]
        if let unknown = parameters.keys.sorted().first(where: { !known.contains($0) }) {
            throw invalid("unknown parameter '\(unknown)' (known: \(known.sorted().joined(separator: ", ")))")
        }
        var port = components.port ?? 5432
        if let text = parameters["port"] {
            guard let value = Int(text), (1...65_535).contains(value) else { throw invalid("port '\(text)' is not a port number") }
            port = value
        }
        guard (1...65_535).contains(port) else { throw invalid("port \(port) is not a port number") }
        let host = parameters["host"] ?? components.host ?? ""
        if host.hasPrefix("/") {
            endpoint = .socket(directory: host, port: port)
        } else if !host.isEmpty {
            endpoint = .tcp(host: host, port: port)
        } else {
            throw invalid("no host (a name, an address, or host=/socket/directory)")
        }
        let mode = parameters["sslmode"] ?? "verify-full"
        guard let tls = TLSMode(rawValue: mode) else {
            throw invalid("sslmode '\(mode)' is not one of \(TLSMode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if case .socket = endpoint, parameters["sslmode"] != nil, [.require, .verifyCA, .verifyFull].contains(tls) {
            throw invalid("sslmode=\(mode) asks for TLS, which a Unix socket does not use; leave sslmode out for a socket")
        }
        self.username = user
        self.database = database
        self.tls = tls
        self.rootCertificatePath = parameters["sslrootcert"]
        self.tlsIsDefault = parameters["sslmode"] == nil
    }

    /// The pool's configuration, with the password read from its file or credential.
    package func clientConfiguration(password: String?) throws(StoreError) -> PostgresClient.Configuration {
        switch endpoint {
        case .socket(let directory, let port):
            return PostgresClient.Configuration(unixSocketPath: "\(directory)/.s.PGSQL.\(port)", username: username, password: password,
                                                database: database)
        case .tcp(let host, let port):
            let tls: PostgresClient.Configuration.TLS = switch try tlsSettings() {
            case nil: .disable
            case (let configuration, true)?: .require(configuration)
            case (let configuration, false)?: .prefer(configuration)
            }
            return PostgresClient.Configuration(host: host, port: port, username: username, password: password, database: database, tls: tls)
        }
    }

    /// The configuration of a single connection (the listener's own, outside the pool).
    package func connectionConfiguration(password: String?) throws(StoreError) -> PostgresConnection.Configuration {
        switch endpoint {
        case .socket(let directory, let port):
            return PostgresConnection.Configuration(unixSocketPath: "\(directory)/.s.PGSQL.\(port)", username: username, password: password,
                                                    database: database)
        case .tcp(let host, let port):
            let tls: PostgresConnection.Configuration.TLS = switch try tlsSettings() {
            case nil: .disable
            case (let configuration, true)?: try Self.context(.require, configuration)
            case (let configuration, false)?: try Self.context(.prefer, configuration)
            }
            return PostgresConnection.Configuration(host: host, port: port, username: username, password: password, database: database, tls: tls)
        }
    }

    private enum Strictness { case require, prefer }

    private static func context(_ strictness: Strictness, _ configuration: TLSConfiguration) throws(StoreError) -> PostgresConnection.Configuration.TLS {
        do {
            let context = try NIOSSLContext(configuration: configuration)
            return strictness == .require ? .require(context) : .prefer(context)
        } catch {
            throw StoreError(.invalid, "TLS cannot be set up: \(error)")
        }
    }

    /// The TLS configuration and whether TLS is required; nil for `sslmode=disable`.
    private func tlsSettings() throws(StoreError) -> (TLSConfiguration, required: Bool)? {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let rootCertificatePath {
            guard FileManager.default.isReadableFile(atPath: rootCertificatePath) else {
                throw StoreError(.invalid, "sslrootcert \(rootCertificatePath) cannot be read")
            }
            configuration.trustRoots = .file(rootCertificatePath)
        }
        switch tls {
        case .disable:
            return nil
        case .prefer:
            configuration.certificateVerification = .none
            return (configuration, false)
        case .require:
            // As libpq: encrypted, but the certificate is not checked.
            configuration.certificateVerification = .none
            return (configuration, true)
        case .verifyCA:
            configuration.certificateVerification = .noHostnameVerification
            return (configuration, true)
        case .verifyFull:
            configuration.certificateVerification = .fullVerification
            return (configuration, true)
        }
    }
}
