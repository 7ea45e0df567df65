/// The body inside Graph's error answer, `{"error": {…}}`, which Facebook, Instagram and Threads share: the message,
/// its type and codes, whether it is transient, the person-facing title and message, and a fresh `fbtrace_id`. The hosts'
/// own error types (``GraphError``, ``ThreadsError``) decide which codes they send; this is only the shape.
struct GraphErrorBody: Encodable, Sendable {
    var message: String
    var type: String
    var code: Int
    var errorSubcode: Int?
    var isTransient: Bool?
    var errorUserTitle: String?
    var errorUserMsg: String?
    var fbtraceID: String

    enum CodingKeys: String, CodingKey {
        case message, type, code
        case errorSubcode = "error_subcode"
        case isTransient = "is_transient"
        case errorUserTitle = "error_user_title"
        case errorUserMsg = "error_user_msg"
        case fbtraceID = "fbtrace_id"
    }
}
