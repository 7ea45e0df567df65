import CryptoPrimitives
import Foundation

/// The 32-byte credential key on disk: created once with `O_EXCL` and mode 0600, never rewritten.
package enum KeyFile {
    package static func read(_ path: String) throws(CredentialVaultError) -> [UInt8] {
        let data: [UInt8]
        switch StartupFile.read(path, atMost: 4_096) {
        case .success(let read): data = read
        case .failure(let problem):
            throw CredentialVaultError("cannot read the credential key \(path): \(problem); " + recovery(path))
        }
        guard data.count == SecretBox.keyLength else {
            throw CredentialVaultError("\(path) is not a schedulerd credential key (expected \(SecretBox.keyLength) bytes, found \(data.count)); "
                + recovery(path))
        }
        return data
    }

    /// What a person can do about a damaged key: the stored credentials can only be opened with the original, so either it
    /// comes back from a backup, or the credentials are forgotten with it (issue 25, bug 10: "move it aside and start
    /// again" could not work, since the daemon rightly makes no new key over sealed credentials).
    package static func recovery(_ path: String) -> String {
        "restore the original key from a backup (the sealed account credentials open with no other), "
            + "or, with schedulerd stopped, run `\(forgetCommand(keyPath: path))` to forget every account's "
            + "credentials and the key (posts are kept), then start schedulerd and relink each account. schedulerd does not replace "
            + "the key by itself."
    }

    /// `schedulerd store forget-credentials --state-dir DIR`, naming the state directory when the key lives in it.
    package static func forgetCommand(keyPath: String) -> String {
        let directory = (keyPath as NSString).lastPathComponent == "credentials.key" ? (keyPath as NSString).deletingLastPathComponent : "DIR"
        return "schedulerd store forget-credentials --state-dir \(directory)"
    }

    package static func readOrCreate(_ path: String) throws(CredentialVaultError) -> [UInt8] {
        if FileManager.default.fileExists(atPath: path) { return try read(path) }
        let key = SecretBox.generateKey()
        let fd = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            if errno == EEXIST { return try read(path) }
            throw CredentialVaultError("cannot create the credential key \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        let written = key.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == key.count, fsync(fd) == 0 else {
            unlink(path)
            throw CredentialVaultError("cannot write the credential key \(path): \(String(cString: strerror(errno)))")
        }
        return key
    }
}
