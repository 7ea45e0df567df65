import Foundation
import OAuth

/// The 32-byte credential key on disk: created once with `O_EXCL` and mode 0600, never rewritten.
enum KeyFile {
    static func read(_ path: String) throws(CredentialVaultError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CredentialVaultError("cannot read the credential key \(path): \(String(cString: strerror(errno)))")
        }
        guard data.count == SecretBox.keyLength else {
            throw CredentialVaultError("\(path) is not a schedulerd credential key (expected \(SecretBox.keyLength) bytes, found \(data.count)); "
                + "restore the right key, or move it aside and relink every account")
        }
        return Array(data)
    }

    static func readOrCreate(_ path: String) throws(CredentialVaultError) -> [UInt8] {
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
