#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SchedulerCore

extension FacebookSandboxNetwork {
    /// What the token reading a node may see, and how to mint a Page token for it.
    struct Reader: Sendable {
        var info: TokenInfo
        var user: FacebookUser
        /// Whether the token acts as the user (not as their Page).
        var isUserToken: Bool { info.principal == info.subject }
    }

    /// A user node with the requested fields (`email` only when granted, as Graph leaves it out otherwise).
    func userNode(_ user: FacebookUser, fields: GraphFields, reader: Reader) -> Result<JSONValue, GraphError> {
        var node: [String: JSONValue] = [:]
        for field in fields.fields {
            switch field.name {
            case "id": node["id"] = .string(user.id)
            case "name": node["name"] = .string(user.name)
            case "first_name": node["first_name"] = .string(user.firstName)
            case "last_name": node["last_name"] = .string(user.lastName)
            case "email": if reader.info.scopes.contains("email") { node["email"] = .string(user.email) }
            default: return .failure(.nonexistingField(field.name, nodeType: "User"))
            }
        }
        return .success(.object(node))
    }

    /// A Page node; `access_token` mints a Page token (no expiry when derived from a long-lived user token).
    func pageNode(_ page: FacebookPage, fields: GraphFields, reader: Reader, now: Date) async -> Result<JSONValue, GraphError> {
        var node: [String: JSONValue] = [:]
        for field in fields.fields {
            switch field.name {
            case "id": node["id"] = .string(page.id)
            case "name": node["name"] = .string(page.name)
            case "category": node["category"] = .string(page.category)
            case "tasks": node["tasks"] = .array(["ADVERTISE", "ANALYZE", "CREATE_CONTENT", "MESSAGING", "MODERATE", "MANAGE"].map(JSONValue.string))
            case "access_token":
                guard reader.isUserToken else { return .failure(.permissionDenied) }
                node["access_token"] = .string(await pageToken(for: page, reader: reader, now: now))
            case "instagram_business_account":
                switch instagramNode(page.instagram, fields: field.subfields ?? GraphFields([.init(name: "id")])) {
                case .success(let value): node["instagram_business_account"] = value
                case .failure(let error): return .failure(error)
                }
            default: return .failure(.nonexistingField(field.name, nodeType: "Page"))
            }
        }
        return .success(.object(node))
    }

    /// An Instagram professional account node.
    func instagramNode(_ account: InstagramAccount, fields: GraphFields) -> Result<JSONValue, GraphError> {
        var node: [String: JSONValue] = [:]
        for field in fields.fields {
            switch field.name {
            case "id": node["id"] = .string(account.id)
            case "username": node["username"] = .string(account.username)
            case "name": node["name"] = .string(account.name)
            case "followers_count": node["followers_count"] = .integer(0)
            case "media_count": node["media_count"] = .integer(0)
            default: return .failure(.nonexistingField(field.name, nodeType: "IGUser"))
            }
        }
        return .success(.object(node))
    }

    /// A Page token in the reader's family: it never expires when the user token is long-lived,
    /// else it dies with the short-lived user token.
    private func pageToken(for page: FacebookPage, reader: Reader, now: Date) async -> String {
        let derivedFromShortLived = reader.info.grant == "authorization_code"
        let issued = await oauth.issueAccessToken(
            in: reader.info.family,
            principal: page.id,
            lifetime: nil,
            notAfter: derivedFromShortLived ? reader.info.expiresAt : nil,
            grant: "page_token",
            now: now
        )
        return issued.token
    }
}
