/// The v1.1-era error body X's `/oauth/*` and `/1.1/*` endpoints answer with: `{"errors":[{"code","message"}]}`.
///
/// `reason` is a sandbox-only extra saying exactly what was wrong; real X says less.
struct XLegacyErrors: Encodable, Sendable {
    struct Entry: Encodable, Sendable {
        var code: Int
        var message: String
    }

    var errors: [Entry]
    var reason: String?

    init(code: Int, message: String, reason: String? = nil) {
        self.errors = [Entry(code: code, message: message)]
        self.reason = reason
    }

    /// 32 "Could not authenticate you." (135 for a timestamp out of bounds), for a signature refusal.
    static func authentication(_ rejection: OAuth1Rejection) -> XLegacyErrors {
        rejection.code == .staleTimestamp
            ? XLegacyErrors(code: 135, message: "Timestamp out of bounds.", reason: rejection.message)
            : XLegacyErrors(code: 32, message: "Could not authenticate you.", reason: rejection.message)
    }
}
