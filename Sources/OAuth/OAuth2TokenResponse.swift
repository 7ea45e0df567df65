import CryptoPrimitives
import Foundation
import JSONValue

/// A successful token endpoint answer (RFC 6749 section 5.1), read leniently.
///
/// Networks bend the RFC: LinkedIn omits `token_type`, some send `expires_in` as a string,
/// Facebook's long-lived Page tokens have no expiry at all. Missing `token_type` reads as
/// `Bearer`; other string and number fields land in ``extra`` (`refresh_token_expires_in`,
/// `id_token`…). The description shows neither token nor any ``extra`` value.
public struct OAuth2TokenResponse: Sendable, Equatable {
    public var accessToken: String
    public var tokenType: String
    /// Lifetime in seconds from when the response was received; `nil` when the server gave none.
    public var expiresIn: Int?
    /// Present when the server issued one. X's are single-use: store the new one before using it.
    public var refreshToken: String?
    /// The granted scopes as the server wrote them, when it says (they can differ from those asked).
    public var scope: String?
    /// Every other string or number field, numbers written in decimal.
    public var extra: [String: String]

    public init(
        accessToken: String,
        tokenType: String = "Bearer",
        expiresIn: Int? = nil,
        refreshToken: String? = nil,
        scope: String? = nil,
        extra: [String: String] = [:]
    ) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.expiresIn = expiresIn
        self.refreshToken = refreshToken
        self.scope = scope
        self.extra = extra
    }

    /// When the access token expires, counted from `now` (pass the time the response arrived).
    public func expiresAt(from now: Date) -> Date? {
        expiresIn.map { now.addingTimeInterval(TimeInterval($0)) }
    }

    private static let knownFields: Set<String> = ["access_token", "token_type", "expires_in", "refresh_token", "scope"]

    /// Reads a JSON object body, or a form-encoded one (older Facebook and GitHub answers).
    ///
    /// - Returns: `nil` when the body is neither, or has no non-empty `access_token`.
    static func parse(_ body: [UInt8]) -> OAuth2TokenResponse? {
        if let object = JSONValue.object(from: body) {
            return parse(fields: object)
        }
        let text = String(decoding: body, as: UTF8.self).trimmingSpaces
        guard !text.hasPrefix("{"), !text.hasPrefix("<"), let pairs = PercentDecoding.parseForm(text) else { return nil }
        return parse(fields: Dictionary(pairs.map { ($0.0, JSONValue.string($0.1)) }, uniquingKeysWith: { first, _ in first }))
    }

    static func parse(fields: [String: JSONValue]) -> OAuth2TokenResponse? {
        guard let accessToken = fields["access_token"]?.text, !accessToken.isEmpty else { return nil }
        var extra: [String: String] = [:]
        for (name, value) in fields where !knownFields.contains(name) {
            if let text = value.text { extra[name] = text }
        }
        let tokenType = fields["token_type"]?.text.flatMap { $0.isEmpty ? nil : $0 } ?? "Bearer"
        return OAuth2TokenResponse(
            accessToken: accessToken,
            tokenType: tokenType,
            expiresIn: fields["expires_in"]?.integer,
            refreshToken: fields["refresh_token"]?.text.flatMap { $0.isEmpty ? nil : $0 },
            scope: fields["scope"]?.text,
            extra: extra
        )
    }
}

extension OAuth2TokenResponse: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Type, lifetime, scope and the names of extra fields; never a token or an extra value.
    public var description: String {
        var text = "OAuth2TokenResponse(accessToken: redacted, tokenType: \(tokenType), expiresIn: "
        text += expiresIn.map(String.init) ?? "none"
        text += ", refreshToken: \(refreshToken == nil ? "none" : "redacted"), scope: \(scope ?? "none")"
        if !extra.isEmpty { text += ", extra: [\(extra.keys.sorted().joined(separator: ", "))]" }
        return text + ")"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(
            self,
            children: ["tokenType": tokenType, "expiresIn": expiresIn as Any, "scope": scope as Any],
            displayStyle: .struct
        )
    }
}
