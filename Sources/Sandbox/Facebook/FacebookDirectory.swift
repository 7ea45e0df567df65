/// A sandbox Facebook user.
struct FacebookUser: Sendable, Equatable {
    /// The app-scoped user id.
    var id: String
    var name: String
    var firstName: String
    var lastName: String
    var email: String
    /// The one Page this user manages.
    var page: FacebookPage
}

/// A Facebook Page, with the Instagram professional account connected to it.
struct FacebookPage: Sendable, Equatable {
    var id: String
    var name: String
    var category: String
    var instagram: InstagramAccount
}

/// An Instagram professional (business) account, reached through Graph.
struct InstagramAccount: Sendable, Equatable {
    /// The IG user id (`1784…`), used in `/{ig-user-id}/media`.
    var id: String
    var username: String
    var name: String
}

/// The sandbox Facebook's people, each with one Page and one Instagram professional account.
///
/// Created on first use by username (`sandbox_user`), so a test can sign in as anyone.
actor FacebookDirectory {
    private var users: [String: FacebookUser] = [:]
    private var idsByUsername: [String: String] = [:]
    private var numbering = UserNumbering()

    /// The user called `username`, created (with their Page and IG account) when new, with the ids its
    /// name gives (``UserNumbering``).
    func user(named username: String) -> FacebookUser {
        if let id = idsByUsername[username.lowercased()], let user = users[id] { return user }
        let number = numbering.number(for: username)
        let first = username.prefix(1).uppercased() + username.dropFirst()
        let instagram = InstagramAccount(id: String(17_841_400_000_000_000 + number), username: username.lowercased(), name: "\(first) Sandbox")
        let page = FacebookPage(id: String(105_000_000_000_000 + number), name: "\(first)'s Running Club", category: "Sports Club", instagram: instagram)
        let user = FacebookUser(
            id: String(10_200_000_000_000_000 + number),
            name: "\(first) Sandbox",
            firstName: first,
            lastName: "Sandbox",
            email: "\(username.lowercased())@sandbox.example",
            page: page
        )
        users[user.id] = user
        idsByUsername[username.lowercased()] = user.id
        return user
    }

    /// The user with this id, if any.
    func user(id: String) -> FacebookUser? {
        users[id]
    }

    /// Whether `username` is one the sandbox accepts: 1–30 ASCII letters, digits, `.` or `_`.
    static func isValidUsername(_ username: String) -> Bool {
        (1...30).contains(username.count)
            && username.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == ".") }
    }
}
