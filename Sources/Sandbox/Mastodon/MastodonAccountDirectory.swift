#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A local account of the emulated instance.
struct MastodonAccount: Sendable, Equatable {
    var id: String
    var username: String
    var displayName: String
    var createdAt: Date
}

/// The instance's local accounts, made through the helper route or on first sign-in at the authorize endpoint. An
/// account's id comes from its username (``MastodonIDGenerator/accountID(for:taken:)``): `runner` has the same id in
/// every sandbox, so relinking after a restart lands on runner's account in the daemon.
///
/// An actor so that two requests naming one new username get one account.
actor MastodonAccountDirectory {
    private var accounts: [String: MastodonAccount] = [:]
    private var idsByUsername: [String: String] = [:]
    private var ids: MastodonIDGenerator

    /// The username the authorize endpoint and the token helper sign in as when none is named.
    static let defaultUsername = "sandbox_user"

    init(salt: Int) {
        ids = MastodonIDGenerator(salt: salt)
    }

    /// Makes an account; a username is ASCII letters, digits and `_` (with `.` or `-` inside), at most 30 long,
    /// unique without regard to case, as Mastodon's `UniqueUsernameValidator` and `USERNAME_RE` want.
    func create(username: String, displayName: String?, now: Date) throws(MastodonError) -> MastodonAccount {
        guard Self.isValidUsername(username) else {
            throw .validationFailed("Username must contain only letters, numbers and underscores", reasonCode: "invalid_username")
        }
        guard idsByUsername[username.lowercased()] == nil else {
            throw .validationFailed("Username has already been taken", reasonCode: "username_taken")
        }
        let account = MastodonAccount(id: String(ids.accountID(for: username, taken: { self.accounts[String($0)] != nil })),
                                      username: username, displayName: displayName ?? username, createdAt: now)
        accounts[account.id] = account
        idsByUsername[username.lowercased()] = account.id
        return account
    }

    /// The account called `username`, made now if there is none (the sandbox's stand-in for signing up).
    func account(named username: String, now: Date) throws(MastodonError) -> MastodonAccount {
        if let existing = account(username: username) { return existing }
        return try create(username: username, displayName: nil, now: now)
    }

    func account(id: String) -> MastodonAccount? {
        accounts[id]
    }

    func account(username: String) -> MastodonAccount? {
        idsByUsername[username.lowercased()].flatMap { accounts[$0] }
    }

    static func isValidUsername(_ username: String) -> Bool {
        let characters = Array(username)
        guard (1...30).contains(characters.count) else { return false }
        let isWord = { (character: Character) in character.isASCII && (character.isLetter || character.isNumber || character == "_") }
        guard let first = characters.first, let last = characters.last, isWord(first), isWord(last) else { return false }
        return characters.allSatisfy { isWord($0) || $0 == "." || $0 == "-" }
    }
}
