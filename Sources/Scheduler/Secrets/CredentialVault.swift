import Connectors
import Foundation
import OAuth

/// Seals account credentials with AES-256-GCM before they reach the database, and opens them only
/// when a request is about to be signed. Each blob is bound to its account row.
public struct CredentialVault: Sendable {
    private let box: SecretBox

    public init(key: [UInt8]) throws(CredentialVaultError) {
        do { box = try SecretBox(key: key) } catch { throw CredentialVaultError("the credential key is unusable: \(error.message)") }
    }

    /// The key from the systemd credential `schedulerd.key` when given, else from `state_dir/credentials.key`,
    /// which is created (mode 0600) on first start.
    public static func load(stateDirectory: String, environment: [String: String]) throws(CredentialVaultError) -> CredentialVault {
        if let directory = environment["CREDENTIALS_DIRECTORY"] {
            let path = (directory as NSString).appendingPathComponent("schedulerd.key")
            if FileManager.default.fileExists(atPath: path) { return try CredentialVault(key: try KeyFile.read(path)) }
        }
        let path = (stateDirectory as NSString).appendingPathComponent("credentials.key")
        return try CredentialVault(key: try KeyFile.readOrCreate(path))
    }

    public func seal(_ credentials: AccountCredentials, accountID: Int64) throws -> [UInt8] {
        let plaintext = try JSONEncoder().encode(credentials)
        return try box.seal(Array(plaintext), associatedData: Self.associatedData(accountID))
    }

    /// Fails with a message saying the account needs relinking when the key does not match.
    public func open(_ sealed: [UInt8], accountID: Int64) throws(CredentialVaultError) -> AccountCredentials {
        let plaintext: [UInt8]
        do { plaintext = try box.open(sealed, associatedData: Self.associatedData(accountID)) } catch {
            throw CredentialVaultError("the credentials of account \(accountID) cannot be opened with this key (wrong key, or altered data); relink the account")
        }
        guard let credentials = try? JSONDecoder().decode(AccountCredentials.self, from: Data(plaintext)) else {
            throw CredentialVaultError("the credentials of account \(accountID) are in an unknown format; relink the account")
        }
        return credentials
    }

    private static func associatedData(_ accountID: Int64) -> [UInt8] {
        Array("schedulerd account \(accountID)".utf8)
    }
}

/// The key or a sealed blob cannot be used; the message says which and what to do.
public struct CredentialVaultError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
