import CryptoPrimitives

/// Decides which registered client is calling a token or revoke endpoint, the way RFC 6749 §2.3 says.
///
/// Pure, so every refusal is unit-tested. A client must authenticate exactly the way it is
/// registered: Basic for X's confidential client, parameters for LinkedIn and Facebook, nothing
/// but `client_id` for a public client. Secrets are compared in constant time.
struct ClientAuthenticator: Sendable {
    /// The clients this server knows, by id.
    var clients: [String: RegisteredClient]

    init(_ clients: [RegisteredClient]) {
        self.clients = Dictionary(clients.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The calling client, or `invalid_client` / `invalid_request` saying what was wrong.
    ///
    /// - Parameters:
    ///   - authorization: the raw `Authorization` header, if any.
    ///   - parameters: the query and form parameters together.
    func authenticate(authorization: String?, parameters: OAuth2Parameters) -> Result<RegisteredClient, OAuth2Refusal> {
        if let authorization, let scheme = authorization.split(separator: " ").first, scheme.lowercased() == "basic" {
            return authenticateBasic(authorization, parameters: parameters)
        }
        guard let id = parameters["client_id"] else {
            return .failure(OAuth2Refusal(.invalidClient, "Client authentication failed: no client_id and no HTTP Basic credentials."))
        }
        guard let client = clients[id] else {
            return .failure(OAuth2Refusal(.invalidClient, "Client authentication failed: the client_id is not registered."))
        }
        switch client.authentication {
        case .basic:
            return .failure(OAuth2Refusal(.invalidClient, "Missing valid authorization header: this confidential client authenticates with HTTP Basic."))
        case .none:
            return .success(client)
        case .parameters:
            guard let given = parameters["client_secret"], let secret = client.secret else {
                return .failure(OAuth2Refusal(.invalidClient, "Client authentication failed: client_secret is missing."))
            }
            guard ConstantTime.equals(given, secret) else {
                return .failure(OAuth2Refusal(.invalidClient, "Client authentication failed: the client_secret is wrong."))
            }
            return .success(client)
        }
    }

    /// Checks `Basic base64(enc(id):enc(secret))`, where both halves are form-encoded first (RFC 6749 §2.3.1).
    private func authenticateBasic(_ header: String, parameters: OAuth2Parameters) -> Result<RegisteredClient, OAuth2Refusal> {
        guard let (id, secret) = Self.basicCredentials(header) else {
            return .failure(OAuth2Refusal(.invalidClient, "The Basic Authorization header is not base64(client_id:client_secret)."))
        }
        guard let client = clients[id] else {
            return .failure(OAuth2Refusal(.invalidClient, "Client authentication failed: the client_id is not registered."))
        }
        guard client.authentication == .basic, let expected = client.secret else {
            return .failure(OAuth2Refusal(.invalidClient, "Client authentication failed: this client sends its credentials as request parameters, not HTTP Basic."))
        }
        guard parameters["client_secret"] == nil else {
            return .failure(OAuth2Refusal(.invalidRequest, "The client used more than one authentication method (Basic and client_secret)."))
        }
        if let bodyID = parameters["client_id"], bodyID != id {
            return .failure(OAuth2Refusal(.invalidClient, "The client_id parameter differs from the Basic credentials."))
        }
        guard ConstantTime.equals(secret, expected) else {
            return .failure(OAuth2Refusal(.invalidClient, "Client authentication failed: the client secret is wrong."))
        }
        return .success(client)
    }

    /// The decoded `(client_id, client_secret)` of a Basic header, or `nil` when it is malformed.
    static func basicCredentials(_ header: String) -> (String, String)? {
        let parts = header.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, let bytes = Base64.decode(String(parts[1])) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let colon = text.firstIndex(of: ":"),
            let id = PercentDecoding.decodeFormComponent(String(text[..<colon])),
            let secret = PercentDecoding.decodeFormComponent(String(text[text.index(after: colon)...])),
            !id.isEmpty
        else { return nil }
        return (id, secret)
    }
}
