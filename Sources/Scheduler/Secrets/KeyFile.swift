import Foundation
import OAuth

/// The 32-byte credential key on disk: created once with `O_EXCL` and mode 0600, never rewritten.
enum KeyFile {
    static func read(_ path: String) throws(CredentialVaultError) -> [UInt8] {
        let data: [UInt8]
        switch StartupFile.read(path, atMost: 4_096) {
        case .success(let read): data = read
        case .failure(let problem):
            throw CredentialVaultError("cannot read the credential key \(path): \(problem); " + recovery)
        }
        guard data.count == SecretBox.keyLength else {
            throw CredentialVaultError("\(path) is not a schedulerd credential key (expected \(SecretBox.keyLength) bytes, found \(data.count)); "
                + recovery)
        }
        return data
    }

    /// What a person can do about a damaged key: the stored credentials can only be opened with the original.
    private static let recovery = "restore the original key from a backup (the sealed account credentials open with no other), "
        + "or move it aside, start again and relink every account. schedulerd does not replace it by itself."

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
