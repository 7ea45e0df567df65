import CryptoPrimitives
import HTTPClient

/// Building and sending requests to the server's endpoints with the configured client authentication.
extension OAuth2Client {
    /// Sends `parameters` to `endpoint`: in a form body for POST, in the query for GET, with the
    /// client's credentials where ``OAuth2ClientConfiguration/authentication`` says.
    ///
    /// - Throws: ``OAuthError/Code/transport`` or ``OAuthError/Code/cancelled`` when no response came.
    func send(
        endpoint: String,
        method: String,
        parameters: [(String, String)],
        action: String,
        redactor: SecretRedactor
    ) async throws(OAuthError) -> HTTPResponse {
        let request = makeRequest(endpoint: endpoint, method: method, parameters: parameters)
        do {
            return try await transport.send(request)
        } catch {
            throw OAuthError.fromTransport(error, action: action, redactor: redactor)
        }
    }

    func makeRequest(endpoint: String, method: String, parameters: [(String, String)]) -> HTTPRequest {
        var parameters = parameters
        var queryParameters: [(String, String)] = []
        var headers = [HTTPHeader("Accept", "application/json")]
        switch configuration.authentication {
        case .basic:
            headers.append(HTTPHeader("Authorization", basicAuthorization))
        case .formParameters:
            parameters += [("client_id", configuration.clientID), ("client_secret", configuration.clientSecret ?? "")]
        case .queryParameters:
            queryParameters = [("client_id", configuration.clientID), ("client_secret", configuration.clientSecret ?? "")]
        case .none:
            parameters.append(("client_id", configuration.clientID))
        }
        let method = method.uppercased()
        var body: [UInt8]?
        if method == "GET" {
            queryParameters = parameters + queryParameters
        } else {
            headers.append(HTTPHeader("Content-Type", "application/x-www-form-urlencoded"))
            body = Array(PercentEncoding.encodeForm(parameters).utf8)
        }
        return HTTPRequest(
            method: method,
            url: Self.appendingQuery(queryParameters, to: endpoint),
            headers: headers,
            body: body,
            connectTimeout: min(configuration.timeout, .seconds(10)),
            timeout: configuration.timeout,
            freshConnection: true
        )
    }

    /// `Basic base64(enc(client_id) ":" enc(client_secret))` (RFC 6749 section 2.3.1).
    ///
    /// Encoding each half first keeps a `:` in the client ID from splitting it in the wrong place.
    /// Spaces become `%20`, which a form decoder reads as a space just as it reads `+`.
    var basicAuthorization: String {
        let pair = PercentEncoding.encode(configuration.clientID) + ":" + PercentEncoding.encode(configuration.clientSecret ?? "")
        return "Basic " + Base64.encode(Array(pair.utf8))
    }
}
