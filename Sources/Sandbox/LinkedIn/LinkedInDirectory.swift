/// A sandbox LinkedIn member, who administers one organization (a Page).
struct LinkedInMember: Sendable, Equatable {
    /// The OpenID `sub` and the id in `urn:li:person:{id}`.
    var id: String
    var givenName: String
    var familyName: String
    var email: String
    /// The organization the member administers.
    var organization: LinkedInOrganization

    var name: String { "\(givenName) \(familyName)" }
    var urn: String { "urn:li:person:\(id)" }
}

/// A LinkedIn organization (company or showcase Page).
struct LinkedInOrganization: Sendable, Equatable {
    var id: Int64
    var localizedName: String
    var vanityName: String

    var urn: String { "urn:li:organization:\(id)" }
}

/// The sandbox LinkedIn's members, created on first use by username (`sandbox_user`).
actor LinkedInDirectory {
    private var members: [String: LinkedInMember] = [:]
    private var idsByUsername: [String: String] = [:]
    private var numbering = UserNumbering()

    /// The member called `username`, created (with their organization) when new, with the ids its name
    /// gives (``UserNumbering``).
    func member(named username: String) -> LinkedInMember {
        if let id = idsByUsername[username.lowercased()], let member = members[id] { return member }
        let number = numbering.number(for: username)
        let given = username.prefix(1).uppercased() + username.dropFirst()
        let member = LinkedInMember(
            id: Self.memberID(number),
            givenName: given,
            familyName: "Sandbox",
            email: "\(username.lowercased())@sandbox.example",
            organization: LinkedInOrganization(id: 90_000_000 + number, localizedName: "\(given) Running Club", vanityName: "\(username.lowercased())-running-club")
        )
        members[member.id] = member
        idsByUsername[username.lowercased()] = member.id
        return member
    }

    /// The member with this id, if any.
    func member(id: String) -> LinkedInMember? {
        members[id]
    }

    /// The organization with this id, if any member administers it.
    func organization(id: Int64) -> LinkedInOrganization? {
        members.values.first { $0.organization.id == id }?.organization
    }

    /// Whether `username` is one the sandbox accepts: 1–30 ASCII letters, digits, `-` or `_`.
    static func isValidUsername(_ username: String) -> Bool {
        (1...30).contains(username.count)
            && username.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") }
    }

    /// A 10-character id shaped like LinkedIn's (`aB3dE5gH7j`), unique per number.
    private static func memberID(_ number: Int64) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var value = UInt64(number) &* 0x9E37_79B9_7F4A_7C15
        var id = ""
        for _ in 0..<10 {
            id.append(alphabet[Int(value % UInt64(alphabet.count))])
            value /= UInt64(alphabet.count)
        }
        return id
    }
}
