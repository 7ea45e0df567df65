/// Whether an account can be published to; anything but `active` holds its deliveries back.
public enum AccountStatus: String, Codable, Sendable, CaseIterable {
    case active
    case needsRelink = "needs_relink"
    case revoked
}

/// How an account's credentials were obtained, which decides how requests are signed.
public enum AuthKind: String, Codable, Sendable {
    case oauth1
    case oauth2
    /// A Bluesky app password, exchanged for a session whose tokens renew.
    case appPassword = "app_password"
    case none
}
