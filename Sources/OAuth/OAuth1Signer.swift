#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CryptoPrimitives

/// Signs requests with OAuth 1.0a HMAC-SHA1 (RFC 5849), as X's user-context endpoints require.
///
/// ```swift
/// let signer = OAuth1Signer(credentials: credentials)
/// let header = signer.authorizationHeader(method: "POST", url: "https://api.x.com/2/tweets")
/// // send it as `Authorization: \(header)` with the JSON body, which is not signed
/// ```
public struct OAuth1Signer: Sendable {
    /// The only signature method this library implements.
    public static let signatureMethod = "HMAC-SHA1"

    /// Whose request is being signed.
    public var credentials: OAuth1Credentials
    /// Whether to send `oauth_version="1.0"`. RFC 5849 makes it optional; X's docs send it, so it defaults to on.
    public var includesVersion = true

    public init(credentials: OAuth1Credentials) {
        self.credentials = credentials
    }

    /// The full `Authorization` header value (`OAuth oauth_consumer_key="…", …`) for one request.
    ///
    /// Signed: the query parameters of `url`, `formParameters`, and the protocol parameters.
    /// Pass `formParameters` only for a single-part `application/x-www-form-urlencoded` body, as
    /// decoded pairs (send the body built by ``PercentEncoding/encodeForm(_:)``); a JSON or
    /// multipart body is not signed, so pass nothing for it.
    ///
    /// - Parameters:
    ///   - extraOAuthParameters: protocol parameters such as `oauth_callback` or `oauth_verifier`;
    ///     signed and sent in the header. One with the name of a default (`oauth_token`, …)
    ///     replaces it. A `realm` is sent first and, as RFC 5849 section 3.4.1.3.1 says, not signed.
    ///     An `oauth_signature` here is ignored: the signer computes it.
    ///   - nonce: defaults to 32 random alphanumerics; fixed values are for tests and vectors.
    ///   - timestamp: defaults to the current Unix time in seconds.
    public func authorizationHeader(
        method: String,
        url: String,
        formParameters: [(String, String)] = [],
        extraOAuthParameters: [(String, String)] = [],
        nonce: String? = nil,
        timestamp: Int? = nil
    ) -> String {
        var protocolParameters = protocolParameters(
            extra: extraOAuthParameters,
            nonce: nonce ?? SecureRandom.alphanumeric(32),
            timestamp: timestamp ?? Self.currentUnixTime()
        )
        let parsed = RequestURL(url)
        let signed = (parsed?.queryParameters ?? []) + formParameters + protocolParameters.filter { $0.0 != "realm" }
        let baseString = Self.signatureBaseString(method: method, baseURI: parsed?.baseURI ?? Self.baseURI(url), parameters: signed)
        let signature = Self.signature(
            baseString: baseString,
            consumerSecret: credentials.consumerSecret,
            tokenSecret: credentials.tokenSecret
        )
        protocolParameters.append(("oauth_signature", signature))
        return Self.headerValue(protocolParameters)
    }

    /// The `oauth_*` parameters this signer sends, before the signature is added.
    func protocolParameters(extra: [(String, String)], nonce: String, timestamp: Int) -> [(String, String)] {
        var parameters: [(String, String)] = [
            ("oauth_consumer_key", credentials.consumerKey),
            ("oauth_nonce", nonce),
            ("oauth_signature_method", Self.signatureMethod),
            ("oauth_timestamp", String(timestamp)),
        ]
        if let token = credentials.token { parameters.append(("oauth_token", token)) }
        if includesVersion { parameters.append(("oauth_version", "1.0")) }
        let overridden = Set(extra.map(\.0))
        parameters.removeAll { overridden.contains($0.0) }
        return parameters + extra.filter { $0.0 != "oauth_signature" }
    }

    /// Formats `OAuth realm="…", name="value", …`: realm first, the rest sorted, values encoded.
    static func headerValue(_ parameters: [(String, String)]) -> String {
        let realm = parameters.filter { $0.0 == "realm" }
        let rest = parameters.filter { $0.0 != "realm" }.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
        var out: [UInt8] = Array("OAuth ".utf8)
        out.reserveCapacity(512)
        for (index, (name, value)) in (realm + rest).enumerated() {
            if index > 0 { out += ", ".utf8 }
            PercentEncoding.append(name, to: &out)
            out += "=\"".utf8
            PercentEncoding.append(value, to: &out)
            out.append(UInt8(ascii: "\""))
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func currentUnixTime() -> Int {
        Int(time(nil))
    }
}

extension OAuth1Signer: CustomStringConvertible {
    /// Names the consumer key only; the secrets never appear.
    public var description: String {
        "OAuth1Signer(\(credentials))"
    }
}
