import HTTPTypes
import Hummingbird

extension RateLimitStatus {
    /// The `x-rate-limit-*` headers X sends with every answer to a rate-limited endpoint.
    var headers: HTTPFields {
        var fields = HTTPFields()
        fields[Self.limitName] = String(limit)
        fields[Self.remainingName] = String(remaining)
        fields[Self.resetName] = String(reset)
        return fields
    }

    private static let limitName = HTTPField.Name("x-rate-limit-limit")!
    private static let remainingName = HTTPField.Name("x-rate-limit-remaining")!
    private static let resetName = HTTPField.Name("x-rate-limit-reset")!
}
