/// Shortens and redacts a network's answer before it is stored on an attempt or shown to a person.
public enum Excerpt {
    /// Keys whose values are blanked wherever they appear, in JSON, forms or headers.
    static let secretKeys = ["access_token", "refresh_token", "token_secret", "oauth_token_secret", "oauth_token",
                             "oauth_signature", "client_secret", "code_verifier", "authorization", "password", "token"]

    /// At most `limit` characters of `body`, with every value of a secret-looking key replaced by `***`.
    public static func redacted(_ body: String, limit: Int = 500) -> String {
        var text = body
        for key in secretKeys {
            text = text.replacing(try! Regex("(?i)(\"\(key)\"\\s*:\\s*\")[^\"]*(\")"), with: { "\($0.output[1].substring ?? "")***\($0.output[2].substring ?? "")" })
            text = text.replacing(try! Regex("(?i)(\\b\(key)=)(\"[^\"]*\"|[^&\\s\",]*)"), with: { "\($0.output[1].substring ?? "")***" })
            text = text.replacing(try! Regex("(?im)^([ \\t]*\(key)[ \\t]*:[ \\t]*)[^\\r\\n]*"), with: { "\($0.output[1].substring ?? "")***" })
        }
        if text.count > limit { text = String(text.prefix(limit)) + "…" }
        return text
    }
}
