import Hummingbird
import SchedulerCore

/// `/_sandbox/listings`: how the networks' listings behave (``ListingBehaviour``).
///
/// - `GET /_sandbox/listings`: `{"lag_seconds": 0, "rewrite_text": true}`.
/// - `PUT /_sandbox/listings`: changes either or both (`{"lag_seconds": 3}`); a field left out keeps its
///   value; a bad body gets 400 saying why. Posts already made follow the new lag too.
struct ListingControlRoutes: Sendable {
    let settings: ListingSettings
    static let bodyLimit = 4 * 1024

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/_sandbox/listings") { _, _ in
            Self.document(settings.current)
        }
        router.put("/_sandbox/listings") { request, _ in
            await replace(request)
        }
    }

    private func replace(_ request: Request) async -> Response {
        var request = request
        guard let bytes = await request.collectBytes(upTo: Self.bodyLimit),
              case .object(let fields)? = JSONValue.parse(ByteBuffer(bytes: bytes)) else {
            return Self.refusal("The body must be a JSON object like {\"lag_seconds\": 3, \"rewrite_text\": true}.")
        }
        if let unknown = fields.keys.sorted().first(where: { $0 != "lag_seconds" && $0 != "rewrite_text" }) {
            return Self.refusal("\"\(unknown)\" is not a listing setting; use lag_seconds, rewrite_text.")
        }
        var behaviour = settings.current
        if let value = fields["lag_seconds"] {
            guard let lag = Self.lag(value) else {
                return Self.refusal("\"lag_seconds\" must be a number of seconds from 0 to 3600.")
            }
            behaviour.lag = lag
        }
        if let value = fields["rewrite_text"] {
            guard case .bool(let rewrites) = value else { return Self.refusal("\"rewrite_text\" must be true or false.") }
            behaviour.rewritesText = rewrites
        }
        settings.replace(behaviour)
        return Self.document(behaviour)
    }

    private static func lag(_ value: JSONValue) -> Duration? {
        let seconds: Double
        switch value {
        case .integer(let number): seconds = Double(number)
        case .double(let number): seconds = number
        default: return nil
        }
        guard seconds.isFinite, seconds >= 0, seconds <= ListingBehaviour.longestLag.timeInterval else { return nil }
        return .milliseconds(Int64((seconds * 1_000).rounded()))
    }

    private static func document(_ behaviour: ListingBehaviour) -> Response {
        Response.json(JSONValue.object([
            "lag_seconds": .double(behaviour.lag.timeInterval),
            "rewrite_text": .bool(behaviour.rewritesText),
        ]), status: .ok)
    }

    private static func refusal(_ message: String) -> Response {
        Response.json(["error": "invalid_listing_setting", "message": message], status: .badRequest)
    }
}
