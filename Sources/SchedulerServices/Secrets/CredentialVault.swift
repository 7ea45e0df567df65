import Connectors
import CryptoPrimitives
import Foundation
import SchedulerCore

/// Seals account credentials with AES-256-GCM before they reach the database, and opens them only
/// when a request is about to be signed. Each blob is bound to its account row.
package struct CredentialVault: Sendable {
    private let box: SecretBox
    /// The key itself, for a backup (`schedctl backup` writes it apart from the database copy).
    package let key: CredentialKeyBytes

    package init(key: [UInt8]) throws(CredentialVaultError) {
        self.key = CredentialKeyBytes(bytes: key)
        do { box = try SecretBox(key: key) } catch { throw CredentialVaultError("the credential key is unusable: \(error.message)") }
    }

    /// The key from the systemd credential `schedulerd.key` when given, else from `state_dir/credentials.key`.
    ///
    /// A new key (mode 0600) is created only when `sealedCredentials` is 0: a key missing while accounts hold
    /// credentials sealed under it is an error saying how to restore it, never a fresh key that would leave
    /// every account unopenable. `CREDENTIALS_DIRECTORY` alone does not mean the key is a credential (the
    /// shipped unit passes only the X secret that way), so an absent `schedulerd.key` there falls back to the
    /// state directory, and the refusal names both places.
    package static func load(stateDirectory: String, environment: [String: String],
                            sealedCredentials: Int) throws(CredentialVaultError) -> CredentialVault {
        var credentialPath: String?
        if let directory = environment["CREDENTIALS_DIRECTORY"] {
            let path = (directory as NSString).appendingPathComponent("schedulerd.key")
            if FileManager.default.fileExists(atPath: path) { return try CredentialVault(key: try KeyFile.read(path)) }
            credentialPath = path
        }
        let path = (stateDirectory as NSString).appendingPathComponent("credentials.key")
        if sealedCredentials > 0, !FileManager.default.fileExists(atPath: path) {
            throw missingKey(path, credentialPath: credentialPath, sealedCredentials: sealedCredentials)
        }
        return try CredentialVault(key: try KeyFile.readOrCreate(path))
    }

    /// Where ``load(stateDirectory:environment:sealedCredentials:)`` reads the key from: the systemd credential when
    /// it exists, else the state directory's file.
    package static func keyPath(stateDirectory: String, environment: [String: String]) -> String {
        if let directory = environment["CREDENTIALS_DIRECTORY"] {
            let path = (directory as NSString).appendingPathComponent("schedulerd.key")
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        return (stateDirectory as NSString).appendingPathComponent("credentials.key")
    }

    /// What to do when the key is gone but the credentials it sealed are still in the database.
    package static func missingKey(_ path: String, credentialPath: String?, sealedCredentials: Int) -> CredentialVaultError {
        let places = credentialPath.map { "neither the systemd credential schedulerd.key (\($0)) nor \(path) exists" } ?? "\(path) is missing"
        let systemd = credentialPath == nil ? "" : " (or give it to the unit with LoadCredential=schedulerd.key:PATH)"
        return CredentialVaultError("the credential key is missing: \(places), but \(Counted.of(sealedCredentials, "account")) in the database \(Counted.verb(sealedCredentials, "holds", "hold")) "
            + "credentials sealed under it. Restore the key from a backup to \(path)\(systemd) and start again; or, when no backup "
            + "has it, run `\(KeyFile.forgetCommand(keyPath: path))` to forget those credentials (posts are kept), then "
            + "start schedulerd and relink each account. schedulerd does not create a new key over sealed credentials; nothing was changed")
    }

    package func seal(_ credentials: AccountCredentials, accountID: Int64) throws -> [UInt8] {
        let plaintext = try JSONEncoder().encode(credentials)
        return try box.seal(Array(plaintext), associatedData: Self.associatedData(accountID))
    }

    /// Fails with a message saying the account needs relinking when the key does not match.
    package func open(_ sealed: [UInt8], accountID: Int64) throws(CredentialVaultError) -> AccountCredentials {
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
package struct CredentialVaultError: Error, Sendable, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
