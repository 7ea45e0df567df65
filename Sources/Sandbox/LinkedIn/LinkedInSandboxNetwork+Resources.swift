#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Hummingbird
import SchedulerCore

extension LinkedInSandboxNetwork {
    /// `GET /v2/userinfo` (OpenID Connect): `sub`, and the name and email when `profile` and `email` were granted.
    func userInfo(_ request: Request) async -> Response {
        await serve(request, versioned: false) { member, info in
            guard info.scopes.contains("openid") else { return .failure(.accessDenied("userinfo.GET.NO_VERSION")) }
            var body: [String: JSONValue] = ["sub": .string(member.id)]
            if info.scopes.contains("profile") {
                body["name"] = .string(member.name)
                body["given_name"] = .string(member.givenName)
                body["family_name"] = .string(member.familyName)
                body["locale"] = .object(["country": .string("US"), "language": .string("en")])
            }
            if info.scopes.contains("email") {
                body["email"] = .string(member.email)
                body["email_verified"] = .bool(true)
            }
            return .success(.object(body))
        }
    }

    /// `GET /rest/organizationAcls?q=roleAssignee[&role=ADMINISTRATOR][&state=APPROVED]`: the organizations the member administers.
    func organizationAcls(_ request: Request) async -> Response {
        await serve(request, versioned: true) { member, info in
            let query = OAuth2Parameters(request.queryPairs ?? [])
            guard query["q"] == "roleAssignee" else {
                return .failure(.illegalArgument("The only finder supported here is q=roleAssignee."))
            }
            guard !LinkedInOAuth.organizationAdminScopes.isDisjoint(with: info.scopes) else {
                return .failure(.accessDenied("organizationAcls.FINDER-roleAssignee.\(Self.versionDate(request))"))
            }
            let matches = (query["role"] ?? "ADMINISTRATOR") == "ADMINISTRATOR" && (query["state"] ?? "APPROVED") == "APPROVED"
            let elements: [JSONValue] = matches
                ? [.object([
                    "roleAssignee": .string(member.urn),
                    "state": .string("APPROVED"),
                    "role": .string("ADMINISTRATOR"),
                    "organization": .string(member.organization.urn),
                ])]
                : []
            return .success(.object([
                "paging": .object(["start": .integer(0), "count": .integer(10), "links": .array([]), "total": .integer(Int64(elements.count))]),
                "elements": .array(elements),
            ]))
        }
    }

    /// `GET /rest/organizations/{id}`: the organization's id, name and vanity name.
    func organization(_ request: Request, id: String) async -> Response {
        await serve(request, versioned: true) { _, _ in
            guard let number = Int64(id), let organization = await directory.organization(id: number) else {
                return .failure(.notFound("Organization \(id) does not exist."))
            }
            return .success(.object([
                "id": .integer(organization.id),
                "localizedName": .string(organization.localizedName),
                "vanityName": .string(organization.vanityName),
            ]))
        }
    }

    /// Checks the Bearer token (and, for `/rest/`, the `LinkedIn-Version` header), then renders `body`.
    private func serve(
        _ request: Request,
        versioned: Bool,
        body: (LinkedInMember, TokenInfo) async -> Result<JSONValue, LinkedInError>
    ) async -> Response {
        let now = environment.now()
        guard let token = request.bearerToken else {
            return await refuse(.emptyToken, request: request, now: now)
        }
        let info: TokenInfo
        switch await oauth.validate(token, now: now) {
        case .failure(let refusal): return await refuse(.from(refusal), request: request, now: now)
        case .success(let valid): info = valid
        }
        if versioned, let error = Self.versionError(request, now: now) {
            return await refuse(error, request: request, now: now)
        }
        guard let member = await directory.member(id: info.subject) else {
            return await refuse(.invalidToken, request: request, now: now)
        }
        switch await body(member, info) {
        case .failure(let error):
            return await refuse(error, request: request, now: now)
        case .success(let value):
            var headers: HTTPFields = [:]
            if versioned { headers[Self.restliProtocolVersion] = "2.0.0" }
            return Response.json(value, status: .ok, headers: headers)
        }
    }

    /// Records a refusal and answers with LinkedIn's error body (none for a 429, as LinkedIn sends none).
    func refuse(_ error: LinkedInError, request: Request, now: Date) async -> Response {
        await environment.recordRejection(network: name, request: request, status: error.status, reasonCode: error.reasonCode, reason: error.recordedReason, at: now)
        guard error.status != 429 else { return Response(status: .tooManyRequests) }
        return Response.json(error, status: .init(code: error.status))
    }

    /// `VERSION_MISSING` without `LinkedIn-Version`; `NONEXISTENT_VERSION` (426) unless it is `YYYYMM` or
    /// `YYYYMM.RR` of one of the last twelve months, the current one included.
    ///
    /// LinkedIn supports each monthly version "for a minimum of one year before sunset" and its sunset table
    /// ends each about a year after release (learn.microsoft.com/linkedin/marketing/versioning); the sandbox
    /// retires a version on the first day of its thirteenth month, never later than LinkedIn, and refuses
    /// a month that has not come yet.
    static func versionError(_ request: Request, now: Date) -> LinkedInError? {
        guard let version = request.headers[linkedInVersion], !version.isEmpty else { return .versionMissing }
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        let month = parts[0]
        let digits = { (text: Substring) in text.allSatisfy { $0.isASCII && $0.isNumber } }
        let valid = month.count == 6 && digits(month) && (1...12).contains(Int(month.suffix(2)) ?? 0)
            && (parts.count == 1 || (parts.count == 2 && parts[1].count == 2 && digits(parts[1])))
        guard valid, let number = Int(month) else { return .nonexistentVersion(version) }
        let age = monthIndex(currentMonth(now)) - monthIndex(number)
        guard (0..<12).contains(age) else { return .nonexistentVersion(version) }
        return nil
    }

    /// `YYYYMM` of `now`, in UTC.
    static func currentMonth(_ now: Date) -> Int {
        let stamp = SandboxTimestamp.rfc3339(now)
        return Int(stamp.prefix(4) + stamp.dropFirst(5).prefix(2)) ?? 0
    }

    /// Months since year 0, so two `YYYYMM` can be subtracted.
    private static func monthIndex(_ yyyymm: Int) -> Int {
        yyyymm / 100 * 12 + yyyymm % 100 - 1
    }

    /// `20240101` for `LinkedIn-Version: 202401`, as LinkedIn names versions in permission errors.
    static func versionDate(_ request: Request) -> String {
        String((request.headers[linkedInVersion] ?? "").prefix(6)) + "01"
    }

    static let linkedInVersion = HTTPField.Name("LinkedIn-Version")!
    static let restliProtocolVersion = HTTPField.Name("X-Restli-Protocol-Version")!
}
