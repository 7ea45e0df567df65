extension LinkedInProduct {
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
}
