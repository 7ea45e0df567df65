/// The decoded parameters of one OAuth 2.0 request (query and form body together), by name.
///
/// RFC 6749 §3.1 and §3.2: a parameter sent twice is an error, and one sent without a value is
/// treated as absent. Built from ``PercentDecoding/parseForm(_:)`` pairs.
struct OAuth2Parameters: Sendable {
    private var values: [String: String] = [:]
    /// The first name that appeared more than once, if any.
    private(set) var repeated: String?

    init(_ pairs: [(String, String)]) {
        for (name, value) in pairs {
            if values[name] != nil, repeated == nil { repeated = name }
            values[name] = values[name] ?? value
        }
    }

    /// The value of `name`, or `nil` when it is absent or empty.
    subscript(name: String) -> String? {
        guard let value = values[name], !value.isEmpty else { return nil }
        return value
    }

    /// Refuses a repeated parameter, then returns the value of every name in `required`,
    /// or the refusal naming the first missing one.
    func require(_ required: [String]) -> Result<[String], OAuth2Refusal> {
        if let repeated {
            return .failure(OAuth2Refusal(.invalidRequest, "The parameter \"\(repeated)\" was sent more than once."))
        }
        var found: [String] = []
        for name in required {
            guard let value = self[name] else {
                return .failure(OAuth2Refusal(.invalidRequest, "A required parameter \"\(name)\" is missing."))
            }
            found.append(value)
        }
        return .success(found)
    }
}
