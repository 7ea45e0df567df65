#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A product a LinkedIn developer app has been given: it decides which scopes the app may ask for
/// (learn.microsoft.com/linkedin: "Share on LinkedIn" grants `w_member_social`; "Sign In with LinkedIn
/// using OpenID Connect" `openid profile email`; the Community Management API the organization scopes).
///
/// An app asking for a scope none of its products grants is refused at the authorization endpoint with
/// `unauthorized_scope_error`, before the person sees anything.
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

    /// The scopes this product lets an app ask for.
    var scopes: Set<String> {
        switch self {
        case .share: ["w_member_social"]
        case .openid: ["openid", "profile", "email"]
        case .community: ["w_member_social", "w_organization_social", "r_organization_social", "rw_organization_admin", "r_organization_admin"]
        case .memberPostsRead: ["r_member_social"]
        }
    }

    /// Every scope `products` grant.
    static func scopes(of products: Set<LinkedInProduct>) -> Set<String> {
        products.reduce(into: Set<String>()) { $0.formUnion($1.scopes) }
    }

    /// `["share", "openid", "community"]` into products.
    ///
    /// - Throws: ``SandboxError`` naming the first unknown product and the known ones.
    public static func parse(_ names: [String]) throws(SandboxError) -> Set<LinkedInProduct> {
        var products = Set<LinkedInProduct>()
        for name in names.map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let product = LinkedInProduct(rawValue: name) else {
                throw SandboxError(code: .invalidConfiguration, message: "'\(name)' is not a LinkedIn product the sandbox knows (\(Self.names))")
            }
            products.insert(product)
        }
        return products
    }

    /// Every name, comma-separated, for help and error messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    public static func < (lhs: LinkedInProduct, rhs: LinkedInProduct) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
