/// The device authorization grant (RFC 8628), for a machine without a browser.
extension OAuth2Client {
    /// The grant type the token endpoint is polled with.
    static let deviceCodeGrantType = "urn:ietf:params:oauth:grant-type:device_code"

    /// Asks for a device code and a user code to show the person.
    ///
    /// - Throws: ``OAuthError/Code/invalidRequest`` when no device authorization endpoint is
    ///   configured (X and LinkedIn offer none), or what the server answered.
    public func startDeviceAuthorization() async throws(OAuthError) -> DeviceAuthorization {
        guard let endpoint = configuration.deviceAuthorizationEndpoint else {
            throw OAuthError(
                code: .invalidRequest,
                message: "This network offers no device authorization endpoint; link the account with the browser flow instead."
            )
        }
        var parameters: [(String, String)] = []
        if let scope = configuration.scopeParameter { parameters.append(("scope", scope)) }
        let action = "Starting device authorization at \(OAuthError.displayURL(endpoint))"
        let redactor = redactor(for: [])
        let response = try await send(endpoint: endpoint, method: "POST", parameters: parameters, action: action, redactor: redactor)
        let errorBody = self.errorBody(response.body)
        guard response.isSuccess, errorBody == nil else {
            throw OAuthError.fromResponse(response, body: errorBody, action: action, redactor: redactor)
        }
        guard let device = DeviceAuthorization.parse(response.body) else {
            throw OAuthError(
                code: .invalidResponse,
                message: "\(action) failed: the answer lacks device_code, user_code, verification_uri or expires_in. Check the endpoint URL.",
                httpStatus: response.status
            )
        }
        return device
    }

    /// Polls the token endpoint until the person approves, refuses or the code expires.
    ///
    /// Waits ``DeviceAuthorization/interval`` seconds before each poll; `authorization_pending`
    /// polls again, `slow_down` adds 5 seconds to the interval for good (RFC 8628 section 3.5).
    /// Once the waits add up to ``DeviceAuthorization/expiresIn`` it stops without asking the
    /// server again.
    ///
    /// - Parameter sleep: how to wait; tests pass one that records the durations instead of sleeping.
    /// - Throws: ``OAuthError/Code/expiredToken`` (start again), ``OAuthError/Code/accessDenied``
    ///   (the person refused), ``OAuthError/Code/cancelled`` when the task is cancelled, or what the
    ///   server answered.
    public func pollDeviceToken(
        _ device: DeviceAuthorization,
        sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) async throws(OAuthError) -> OAuth2TokenResponse {
        let action = "Polling for the device authorization at \(OAuthError.displayURL(configuration.tokenEndpoint))"
        let redactor = redactor(for: [device.deviceCode])
        let parameters = [("grant_type", Self.deviceCodeGrantType), ("device_code", device.deviceCode)]
        var interval = max(device.interval, 1)
        var waited = 0
        while true {
            guard waited + interval <= device.expiresIn else { throw Self.expired(action, serverSaidSo: false) }
            do {
                try await sleep(.seconds(interval))
            } catch {
                throw OAuthError(code: .cancelled, message: "\(action) was cancelled while waiting.", cause: error)
            }
            waited += interval
            let response = try await send(
                endpoint: configuration.tokenEndpoint,
                method: configuration.tokenRequestMethod,
                parameters: parameters,
                action: action,
                redactor: redactor
            )
            switch errorBody(response.body)?.rfcError {
            case "authorization_pending":
                continue
            case "slow_down":
                interval += 5
            case "expired_token":
                throw Self.expired(action, serverSaidSo: true)
            case "access_denied":
                throw OAuthError(
                    code: .accessDenied,
                    message: "The person declined the request on the verification page. Start again to link the account.",
                    httpStatus: response.status,
                    serverErrorCode: "access_denied"
                )
            default:
                return try tokens(from: response, action: action, redactor: redactor)
            }
        }
    }

    private static func expired(_ action: String, serverSaidSo: Bool) -> OAuthError {
        OAuthError(
            code: .expiredToken,
            message: "\(action) failed: the code expired before the person approved it. Start again and enter the new code sooner.",
            serverErrorCode: serverSaidSo ? "expired_token" : nil
        )
    }
}
