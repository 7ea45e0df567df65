import SchedulerCore

/// A `POST /rest/socialActions/{post}/comments` body, checked field by field as Rest.li validates it.
struct LinkedInCommentDraft: Sendable, Equatable {
    var actor: String
    var text: String

    /// The most a comment's `message.text` holds: 1,250 characters. The Comments API names no limit; 1,250 is what
    /// LinkedIn's comment box takes and what clients report, the lowest of the figures seen (the stricter reading).
    static let maximumText = 1_250

    /// The draft, or the error for the first field that is missing or wrong. `post` is the URN in the path, which
    /// `object` must name: a comment is under the post it is sent to.
    static func parse(_ body: JSONValue?, post: String) -> Result<LinkedInCommentDraft, LinkedInError> {
        guard let body, case .object(let fields) = body else {
            return .failure(.illegalArgument("The request body must be a JSON object."))
        }
        for name in ["actor", "object", "message"] where fields[name] == nil {
            return .failure(.missingField("/\(name)"))
        }
        guard let actor = fields["actor"]?.stringValue else { return .failure(.invalidField("/actor", "must be a URN string")) }
        guard fields["object"]?.stringValue == post else {
            return .failure(.invalidField("/object", "must be \(post), the post in the path"))
        }
        guard case .object(let message)? = fields["message"] else { return .failure(.invalidField("/message", "must be an object")) }
        guard message["text"] != nil else { return .failure(.missingField("/message/text")) }
        guard let text = message["text"]?.stringValue else { return .failure(.invalidField("/message/text", "must be a string")) }
        let length = text.unicodeScalars.count
        guard length <= maximumText else {
            return .failure(.invalidField("/message/text", "length \(length) exceeds the maximum allowed length of \(maximumText)"))
        }
        return .success(LinkedInCommentDraft(actor: actor, text: text))
    }
}
