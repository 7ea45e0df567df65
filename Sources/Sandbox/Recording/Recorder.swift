/// The sandbox's memory of what every network accepted, refused, issued and revoked, in arrival order.
///
/// One actor shared by all network emulations and all their listeners, so `GET /_sandbox/received`
/// shows a single timeline whichever listener is asked, and a test can assert on exactly what
/// reached "the network". Nothing recorded here holds a token, secret, code or verifier.
public actor Recorder {
    private var accepted: [ReceivedRequest] = []
    private var refused: [RejectedRequest] = []
    private var issuedTokens: [IssuedToken] = []
    private var revocations: [TokenRevocation] = []
    private var retiredVersionCalls: [RetiredVersionCall] = []
    /// Every token and secret value handed out, kept apart from the records so leak tests know what to look for.
    private var secretValues: [String] = []

    public init() {}

    /// Remembers an accepted publish.
    public func record(_ request: ReceivedRequest) {
        accepted.append(request)
    }

    /// Remembers a refused request.
    public func record(_ request: RejectedRequest) {
        refused.append(request)
    }

    /// Remembers that a credential was issued.
    public func record(_ token: IssuedToken) {
        issuedTokens.append(token)
    }

    /// Remembers a revocation.
    public func record(_ revocation: TokenRevocation) {
        revocations.append(revocation)
    }

    /// Remembers a call that named a retired API version.
    public func record(_ call: RetiredVersionCall) {
        retiredVersionCalls.append(call)
    }

    /// Every call that named a retired API version, oldest first.
    public func retiredVersions() -> [RetiredVersionCall] {
        retiredVersionCalls
    }

    /// Every accepted publish, oldest first.
    /// Remembers a value the sandbox issued as a secret (access and refresh tokens, OAuth 1.0a token pairs).
    public func rememberSecret(_ value: String) {
        secretValues.append(value)
    }

    /// Every secret value issued so far: only for tests that prove none of them leaked.
    public func secrets() -> [String] {
        secretValues
    }

    public func received() -> [ReceivedRequest] {
        accepted
    }

    /// Every refused request, oldest first.
    public func rejected() -> [RejectedRequest] {
        refused
    }

    /// Every credential issued, oldest first.
    public func issued() -> [IssuedToken] {
        issuedTokens
    }

    /// Every revocation, oldest first.
    public func revoked() -> [TokenRevocation] {
        revocations
    }
}
