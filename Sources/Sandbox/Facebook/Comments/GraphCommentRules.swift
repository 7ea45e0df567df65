/// How long a comment may be: Facebook 8,000 characters, Instagram 2,200.
///
/// Neither Graph reference gives a figure. Facebook's 8,000 is what every published account of Facebook's limits
/// says; Instagram's 2,200 is its caption limit, which the app applies to comments too (the old Instagram API's
/// 300 characters and 4 hashtags went with that API). The same limits are checked at schedule time
/// (`NetworkRules.comment`).
enum GraphCommentRules {
    static let maximumFacebookCharacters = 8_000
    static let maximumInstagramCharacters = 2_200

    /// Why Graph refuses `message` as a comment on `network`, if it does.
    static func problem(with message: String, network: String) -> GraphError? {
        let limit = network == "instagram" ? maximumInstagramCharacters : maximumFacebookCharacters
        guard message.count > limit else { return nil }
        return .invalidParameter("(#100) The comment is \(message.count) characters long; the limit is \(limit).")
    }
}
