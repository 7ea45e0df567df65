import CryptoPrimitives
import Hummingbird

extension Request {
    /// The query parameters and, for a form body, the body's parameters, in that order.
    ///
    /// OAuth endpoints accept parameters in either place (Facebook's token endpoint takes them in
    /// the query of a GET, LinkedIn's in a POST body). `nil` when an escape is broken.
    mutating func queryAndFormParameters(context: BasicRequestContext) async throws -> [(String, String)]? {
        guard let query = PercentDecoding.parseForm(uri.query ?? "") else { return nil }
        guard isFormURLEncoded else { return query }
        let body = try await collectBody(upTo: context.maxUploadSize)
        guard let form = PercentDecoding.parseForm(String(buffer: body)) else { return nil }
        return query + form
    }

    /// The query parameters alone; `nil` when an escape is broken.
    var queryPairs: [(String, String)]? {
        PercentDecoding.parseForm(uri.query ?? "")
    }

    /// The token of an `Authorization: Bearer …` header (RFC 6750 §2.1), if there is one.
    var bearerToken: String? {
        guard let header = headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = String(parts[1].filter { $0 != " " && $0 != "\t" })
        return token.isEmpty ? nil : token
    }
}
