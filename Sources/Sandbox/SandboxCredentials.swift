/// Fixed, deliberately public consumer credentials for the sandbox networks.
///
/// The sandbox stands in for each network's developer portal, where an app is registered and gets a
/// consumer key pair. These values are not secrets: they let `schedulerd --sandbox` and the tests
/// sign requests without anyone registering anything.
public enum SandboxCredentials {
    /// The consumer (API) key of the sandbox X app.
    public static let xConsumerKey = "sandbox-x-consumer-key"
    /// The consumer (API) secret of the sandbox X app; public on purpose, it only opens the sandbox.
    public static let xConsumerSecret = "sandbox-x-consumer-secret-not-a-real-secret"
}
