import Foundation

/// The secrets one account publishes with. Only ever stored sealed; `description` never shows them.
public enum AccountCredentials: Sendable, Equatable, Codable, CustomStringConvertible {
    /// An OAuth 1.0a token pair (X); the consumer key and secret come from the configuration.
    case oauth1(token: String, tokenSecret: String)
    /// An OAuth 2.0 bearer token and what is needed to renew it.
    case oauth2(accessToken: String, refreshToken: String?, expiresAt: Date?)

    public var description: String {
        switch self {
        case .oauth1: "oauth1(token: ***, tokenSecret: ***)"
        case .oauth2(_, let refresh, let expiresAt):
            "oauth2(accessToken: ***, refreshToken: \(refresh == nil ? "none" : "***"), expiresAt: \(expiresAt.map { "\($0)" } ?? "none"))"
        }
    }

    private enum CodingKeys: String, CodingKey {
        case kind, token, tokenSecret = "token_secret", accessToken = "access_token"
        case refreshToken = "refresh_token", expiresAt = "expires_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .kind) {
        case "oauth1":
            self = .oauth1(token: try container.decode(String.self, forKey: .token),
                           tokenSecret: try container.decode(String.self, forKey: .tokenSecret))
        case "oauth2":
            let expires = try container.decodeIfPresent(Double.self, forKey: .expiresAt)
            self = .oauth2(accessToken: try container.decode(String.self, forKey: .accessToken),
                           refreshToken: try container.decodeIfPresent(String.self, forKey: .refreshToken),
                           expiresAt: expires.map { Date(timeIntervalSince1970: $0) })
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "unknown credential kind \(other)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .oauth1(let token, let secret):
            try container.encode("oauth1", forKey: .kind)
            try container.encode(token, forKey: .token)
            try container.encode(secret, forKey: .tokenSecret)
        case .oauth2(let access, let refresh, let expiresAt):
            try container.encode("oauth2", forKey: .kind)
            try container.encode(access, forKey: .accessToken)
            try container.encodeIfPresent(refresh, forKey: .refreshToken)
            try container.encodeIfPresent(expiresAt?.timeIntervalSince1970, forKey: .expiresAt)
        }
    }
}
