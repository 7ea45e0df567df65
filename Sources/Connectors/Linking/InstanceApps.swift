/// The apps schedulerd registered on servers of the person's choosing (Mastodon instances): one per instance and
/// redirect address, registered the first time and kept (sealed) for every later link, as an instance accepts only a
/// redirect address its app registered.
public protocol InstanceApps: Sendable {
    /// The app registered on `instance` for `redirectURI`, registering it with `register` when there is none.
    func app(instance: String, redirectURI: String,
             register: @Sendable () async throws(ConnectorError) -> (clientID: String, clientSecret: String)) async throws -> (clientID: String, clientSecret: String)
}
