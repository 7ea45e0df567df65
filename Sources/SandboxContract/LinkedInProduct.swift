/// A product a LinkedIn developer app has been given: it decides which scopes the app may ask for
/// (learn.microsoft.com/linkedin: "Share on LinkedIn" grants `w_member_social`; "Sign In with LinkedIn
/// using OpenID Connect" `openid profile email`; the Community Management API the organization scopes).
///
/// An app asking for a scope none of its products grants is refused at the authorization endpoint with
/// `unauthorized_scope_error`, before the person sees anything.
///
/// Here, apart from the emulation, so that `schedulerd` can check its `sandbox_linkedin_products` setting with the
/// names `sandboxd` takes; the scopes each product grants stay with the emulation (`LinkedInProduct+Scopes.swift`).
public enum LinkedInProduct: String, CaseIterable, Sendable, Comparable {
    /// "Share on LinkedIn", self-serve.
    case share
    /// "Sign In with LinkedIn using OpenID Connect", self-serve.
    case openid
    /// "Community Management API": posting as and reading an organization, administering it.
    case community
    /// LinkedIn's restricted `r_member_social` ("available to approved users only"): reading a member's posts.
    case memberPostsRead = "member_posts_read"

    /// What most apps have: the two self-serve products.
    public static let defaults: Set<LinkedInProduct> = [.share, .openid]

    /// `["share", "openid", "community"]` into products.
    ///
    /// - Throws: ``SandboxSettingError`` naming the first unknown product and the known ones.
    public static func parse(_ names: [String]) throws(SandboxSettingError) -> Set<LinkedInProduct> {
        var products = Set<LinkedInProduct>()
        for name in names.map(Self.trimmed) where !name.isEmpty {
            guard let product = LinkedInProduct(rawValue: name) else {
                throw SandboxSettingError(code: .unknownLinkedInProduct, message: "'\(name)' is not a LinkedIn product the sandbox knows (\(Self.names))")
            }
            products.insert(product)
        }
        return products
    }

    /// `name` without the spaces around it, as people type lists (`share, openid`).
    private static func trimmed(_ name: String) -> String {
        String(name.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    /// Every name, comma-separated, for help and error messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    public static func < (lhs: LinkedInProduct, rhs: LinkedInProduct) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
