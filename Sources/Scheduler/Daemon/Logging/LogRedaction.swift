import Connectors
import Logging

/// The last line of defence that keeps secrets out of the log, whatever its format: a metadata value whose key
/// names a secret (`token`, `client_secret`, `account.password`, …) is written as `***`, and a value that quotes
/// one (`access_token=…`, `"refresh_token": "…"`, an `Authorization:` line) has it masked.
///
/// Messages are constant texts and errors are redacted where they are made (``Excerpt``, the OAuth and HTTP
/// clients' scrubbing); this catches what a call site forgets, the same way in text and in JSON.
package enum LogRedaction {
    package static let mask = "***"

    /// Key words that make a metadata key secret, matched against the key's last dotted part.
    private static let secretWords: Set<String> = [
        "token", "access_token", "refresh_token", "token_secret", "oauth_token", "oauth_token_secret", "secret",
        "client_secret", "consumer_secret", "app_secret", "password", "passphrase", "authorization", "cookie",
        "code_verifier", "api_key", "private_key", "credentials",
    ]

    /// Words whose presence in a value means it may quote a secret and is worth the slower pattern scrub.
    private static let telltales = ["token", "secret", "password", "authorization", "code_verifier"]

    /// Whether a metadata key names a secret: `token`, `x.client_secret`, `account.refresh_token`, `db.password`.
    package static func isSecret(key: String) -> Bool {
        let last = key.split(separator: ".").last.map { $0.lowercased() } ?? key.lowercased()
        return secretWords.contains(last) || last.hasSuffix("_secret") || last.hasSuffix("_token") || last.hasSuffix("password")
    }

    package static func redact(_ metadata: Logger.Metadata) -> Logger.Metadata {
        var result = metadata
        for (key, value) in metadata {
            result[key] = redact(value, key: key)
        }
        return result
    }

    package static func redact(_ value: Logger.MetadataValue, key: String) -> Logger.MetadataValue {
        if isSecret(key: key) { return .string(mask) }
        switch value {
        case .string(let text):
            return .string(scrub(text))
        case .stringConvertible(let convertible):
            let text = convertible.description
            let scrubbed = scrub(text)
            return scrubbed == text ? value : .string(scrubbed)
        case .dictionary(let nested):
            return .dictionary(redact(nested))
        case .array(let values):
            return .array(values.map { redact($0, key: key) })
        }
    }

    /// `text` with any quoted secret masked; most values hold no telltale word and are returned as they are.
    package static func scrub(_ text: String) -> String {
        let lowered = text.lowercased()
        guard telltales.contains(where: { lowered.contains($0) }) else { return text }
        return Excerpt.redacted(text, limit: Int.max)
    }
}
