/// A sandbox Threads profile, as `GET /me?fields=id,username,name,threads_biography,…` shows it.
struct ThreadsUser: Sendable, Equatable {
    /// The app-scoped Threads user id: digits, larger than 2^53, so a client that reads the code exchange's numeric
    /// `user_id` as a double gets it wrong (docs/research/threads.md §1).
    var id: String
    var username: String
    var name: String
    var biography: String

    var profilePictureURL: String { "https://scontent.threads.example/v/\(id)/profile.jpg" }
}

/// The sandbox's Threads profiles, made on first use by username (`sandbox_user` in the authorization window, or the
/// helper), with the same id for the same name in every sandbox (``UserNumbering``).
actor ThreadsDirectory {
    private var users: [String: ThreadsUser] = [:]
    private var idsByUsername: [String: String] = [:]
    private var numbering = UserNumbering()

    /// Above 2^53 (9,007,199,254,740,992) and apart from the Facebook emulation's id ranges.
    private static let idBase: Int64 = 26_100_000_000_000_000

    /// The profile called `username`, made when new; `name` and `biography` apply only then.
    func user(named username: String, name: String? = nil, biography: String? = nil) -> (user: ThreadsUser, created: Bool) {
        if let id = idsByUsername[username.lowercased()], let user = users[id] { return (user, false) }
        let number = numbering.number(for: username)
        let first = username.prefix(1).uppercased() + username.dropFirst()
        let user = ThreadsUser(
            id: String(Self.idBase + number), username: username.lowercased(), name: name ?? "\(first) Sandbox",
            biography: biography ?? "Runs, mostly. (A sandbox profile.)"
        )
        users[user.id] = user
        idsByUsername[user.username] = user.id
        return (user, true)
    }

    /// The profile with this id, if any.
    func user(id: String) -> ThreadsUser? {
        users[id]
    }

    /// The profile with this id or username, if any.
    func find(_ idOrUsername: String) -> ThreadsUser? {
        users[idOrUsername] ?? idsByUsername[idOrUsername.lowercased()].flatMap { users[$0] }
    }

    /// Whether `username` is one Threads could have: 1 to 30 ASCII letters, digits, `.` or `_`.
    static func isValidUsername(_ username: String) -> Bool {
        (1...30).contains(username.count)
            && username.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == ".") }
    }
}
