import Connectors
import Foundation
@testable import SchedulerServices
import Testing
@testable import Scheduler

/// Sealing account credentials, and the key file they are sealed under.
@Suite struct CredentialVaultTests {
    let credentials = AccountCredentials.oauth1(token: "1700-token", tokenSecret: "very-secret")

    @Test(arguments: [
        AccountCredentials.oauth1(token: "1700-token", tokenSecret: "very-secret"),
        .oauth2(accessToken: "access", refreshToken: "refresh", expiresAt: Date(timeIntervalSince1970: 1_900_000_000)),
        .oauth2(accessToken: "access", refreshToken: nil, expiresAt: nil),
    ])
    func sealThenOpen_roundTrips(credentials: AccountCredentials) throws {
        let vault = try CredentialVault(key: testKey())

        let sealed = try vault.seal(credentials, accountID: 1)

        #expect(try vault.open(sealed, accountID: 1) == credentials)
    }

    @Test func seal_neverStoresTheSecretsInTheClear() throws {
        let vault = try CredentialVault(key: testKey())
        let sealed = try vault.seal(credentials, accountID: 1)
        let bytes = String(decoding: sealed, as: UTF8.self)
        #expect(!bytes.contains("very-secret"))
        #expect(!bytes.contains("1700-token"))
    }

    @Test func open_withTheBlobOfAnotherAccount_isRefused() throws {
        let vault = try CredentialVault(key: testKey())
        let sealed = try vault.seal(credentials, accountID: 1)

        let error = #expect(throws: CredentialVaultError.self) { try vault.open(sealed, accountID: 2) }

        #expect(error?.message.contains("account 2") == true)
        #expect(error?.message.contains("relink") == true)
        #expect(error?.message.contains("very-secret") == false)
    }

    @Test func open_whenTheBlobWasAltered_isRefused() throws {
        let vault = try CredentialVault(key: testKey())
        var sealed = try vault.seal(credentials, accountID: 1)
        sealed[sealed.count / 2] ^= 0x01

        #expect(throws: CredentialVaultError.self) { try vault.open(sealed, accountID: 1) }
    }

    @Test func open_underADifferentKey_refusesAndSaysToRelink() throws {
        let sealed = try CredentialVault(key: testKey(1)).seal(credentials, accountID: 1)

        let error = #expect(throws: CredentialVaultError.self) { try CredentialVault(key: testKey(2)).open(sealed, accountID: 1) }

        #expect(error?.message.contains("wrong key") == true)
        #expect(error?.message.contains("relink the account") == true)
    }

    @Test func init_withAShortKey_throws() {
        let error = #expect(throws: CredentialVaultError.self) { try CredentialVault(key: Array(repeating: 1, count: 16)) }
        #expect(error?.message.contains("unusable") == true)
    }

    @Test func load_createsTheKeyFileWith0600AndReusesIt() throws {
        let directory = try TemporaryDirectory()
        let keyPath = directory.file("credentials.key")

        let first = try CredentialVault.load(stateDirectory: directory.path, environment: [:], sealedCredentials: 0)
        let key = try #require(FileManager.default.contents(atPath: keyPath))
        let second = try CredentialVault.load(stateDirectory: directory.path, environment: [:], sealedCredentials: 0)

        #expect(permissions(keyPath) == 0o600)
        #expect(key.count == 32)
        #expect(FileManager.default.contents(atPath: keyPath) == key)
        let sealed = try first.seal(credentials, accountID: 5)
        #expect(try second.open(sealed, accountID: 5) == credentials)
    }

    @Test func load_twoDirectories_getDifferentKeys() throws {
        let one = try TemporaryDirectory()
        let two = try TemporaryDirectory()
        let sealed = try CredentialVault.load(stateDirectory: one.path, environment: [:], sealedCredentials: 0).seal(credentials, accountID: 1)

        #expect(throws: CredentialVaultError.self) {
            try CredentialVault.load(stateDirectory: two.path, environment: [:], sealedCredentials: 0).open(sealed, accountID: 1)
        }
    }

    @Test func load_whenTheKeyFileHasTheWrongSize_saysWhatIsWrong() throws {
        let directory = try TemporaryDirectory()
        let keyPath = directory.file("credentials.key")
        #expect(FileManager.default.createFile(atPath: keyPath, contents: Data(repeating: 9, count: 10), attributes: [.posixPermissions: 0o600]))

        let error = #expect(throws: CredentialVaultError.self) {
            try CredentialVault.load(stateDirectory: directory.path, environment: [:], sealedCredentials: 0)
        }

        #expect(error?.message.contains(keyPath) == true)
        #expect(error?.message.contains("expected 32 bytes, found 10") == true)
        #expect(FileManager.default.contents(atPath: keyPath) == Data(repeating: 9, count: 10))
    }

    @Test func load_prefersTheSystemdCredential() throws {
        let state = try TemporaryDirectory()
        let credentialsDirectory = try TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: credentialsDirectory.file("schedulerd.key"), contents: Data(testKey(3))))

        let vault = try CredentialVault.load(stateDirectory: state.path,
                                             environment: ["CREDENTIALS_DIRECTORY": credentialsDirectory.path], sealedCredentials: 1)

        let sealed = try CredentialVault(key: testKey(3)).seal(credentials, accountID: 1)
        #expect(try vault.open(sealed, accountID: 1) == credentials)
        #expect(!FileManager.default.fileExists(atPath: state.file("credentials.key")))
    }

    @Test func load_whenTheKeyIsGoneButCredentialsAreSealed_refusesAndCreatesNoKey() throws {
        let directory = try TemporaryDirectory()
        let keyPath = directory.file("credentials.key")

        let error = #expect(throws: CredentialVaultError.self) {
            try CredentialVault.load(stateDirectory: directory.path, environment: [:], sealedCredentials: 2)
        }

        #expect(!FileManager.default.fileExists(atPath: keyPath), "no new key over sealed credentials")
        let message = error?.message ?? ""
        #expect(message.contains(keyPath) && message.contains("2 accounts in the database hold"), "\(message)")
        #expect(message.contains("backup") && message.contains("schedulerd store forget-credentials --state-dir \(directory.path)"), "\(message)")
        #expect(!message.contains("move the database aside"), "advice that loses every post is not given: \(message)")
        #expect(!message.contains("LoadCredential"), "no systemd advice outside systemd: \(message)")
    }

    @Test func load_whenTheSystemdKeyIsAbsentAndCredentialsAreSealed_namesBothPlacesAndCreatesNoKey() throws {
        let state = try TemporaryDirectory()
        let credentialsDirectory = try TemporaryDirectory()

        let error = #expect(throws: CredentialVaultError.self) {
            try CredentialVault.load(stateDirectory: state.path, environment: ["CREDENTIALS_DIRECTORY": credentialsDirectory.path],
                                     sealedCredentials: 1)
        }

        let message = error?.message ?? ""
        #expect(message.contains(credentialsDirectory.file("schedulerd.key")) && message.contains(state.file("credentials.key")), "\(message)")
        #expect(message.contains("LoadCredential=schedulerd.key"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: state.file("credentials.key")))
        #expect(!FileManager.default.fileExists(atPath: credentialsDirectory.file("schedulerd.key")))
    }

    @Test func load_withOtherSystemdCredentialsOnly_usesTheStateDirectoryKey() throws {
        let state = try TemporaryDirectory()
        let credentialsDirectory = try TemporaryDirectory()
        let sealed = try CredentialVault.load(stateDirectory: state.path, environment: [:], sealedCredentials: 0).seal(credentials, accountID: 1)

        let vault = try CredentialVault.load(stateDirectory: state.path, environment: ["CREDENTIALS_DIRECTORY": credentialsDirectory.path],
                                             sealedCredentials: 1)

        #expect(try vault.open(sealed, accountID: 1) == credentials)
    }

    @Test func credentialsDescription_hidesTheSecrets() {
        let text = "\(credentials) \(AccountCredentials.oauth2(accessToken: "ACCESS-42", refreshToken: "REFRESH-42", expiresAt: nil))"
        for secret in ["very-secret", "1700-token", "ACCESS-42", "REFRESH-42"] {
            #expect(!text.contains(secret), "\(text)")
        }
    }
}
