/// What a token must be granted for schedulerd to publish with it, per network and from each network's reference, and
/// what only some posts need (a first comment, a picture).
///
/// A token without a required permission is refused when it is linked or added, so an account that cannot publish is
/// never stored as healthy (issue 25). One that lacks only what some posts need is kept, with a note saying which
/// posts will fail: refusing it would also stop the posts that work.
public struct PublishingPermissions: Sendable {
    /// A permission only some posts need, and which.
    public struct Occasional: Sendable {
        public var permission: String
        /// What fails without it, for the note: "first comments".
        public var without: String
    }

    /// The network as people know it, for messages.
    public var network: String
    public var required: [String]
    public var occasional: [Occasional]

    /// A Page publishes with `pages_manage_posts` and `pages_read_engagement` (Graph's #200 names both); commenting as the
    /// Page needs `pages_manage_engagement` (Pages API, Posts: "Requirements").
    public static let facebookPage = PublishingPermissions(
        network: "Facebook", required: ["pages_manage_posts", "pages_read_engagement"],
        occasional: [Occasional(permission: "pages_manage_engagement", without: "first comments")])

    /// IG User Media Publish needs `instagram_basic` and `instagram_content_publish`, and through a Page
    /// `pages_read_engagement` (the reference's earlier "pages_read_engagement or pages_show_list": the stricter reading);
    /// comments need `instagram_manage_comments` (IG Media comments).
    public static let instagram = PublishingPermissions(
        network: "Instagram", required: ["instagram_basic", "instagram_content_publish", "pages_read_engagement"],
        occasional: [Occasional(permission: "instagram_manage_comments", without: "first comments")])

    /// `POST /2/tweets` needs `tweet.read`, `tweet.write` and `users.read`; a media upload `media.write`
    /// (docs.x.com, Manage Posts and Media Upload references).
    public static let xOAuth2 = PublishingPermissions(
        network: "X", required: ["tweet.read", "tweet.write", "users.read"],
        occasional: [Occasional(permission: "media.write", without: "posts with images or video")])

    /// A member posts with `w_member_social` ("Share on LinkedIn").
    public static let linkedInMember = PublishingPermissions(network: "LinkedIn", required: ["w_member_social"], occasional: [])

    /// The required permissions `granted` lacks, in the order the network's reference lists them.
    public func missing(from granted: [String]) -> [String] {
        required.filter { !granted.contains($0) }
    }

    /// Refuses a grant that lacks a required permission, naming each and saying what to do (`remedy`); otherwise the
    /// notes for the occasional ones it lacks.
    public func check(_ granted: [String], remedy: String) throws(LinkError) -> [String] {
        let missing = missing(from: granted)
        guard missing.isEmpty else {
            throw LinkError(.unfit, "\(network): the token was not granted \(Self.list(missing)), which publishing needs; nothing was stored. \(remedy)")
        }
        return occasional.filter { !granted.contains($0.permission) }.map {
            "\(network) did not grant \($0.permission): \($0.without) will fail until the account is linked again with it"
        }
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ names: [String]) -> String {
        names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}
