#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An application registered with `POST /api/v1/apps`: a confidential OAuth client (Mastodon issues no public ones).
struct MastodonApp: Sendable, Equatable {
    var id: String
    var name: String
    var website: String?
    var clientID: String
    /// A secret: only ever in the registration answer, never in a record.
    var clientSecret: String
    var redirectURIs: [String]
    var scopes: [String]

    /// The redirect URI the app registered that `uri` stands for, or nil.
    ///
    /// Doorkeeper's `URIChecker.matches?`: the same URI, except that a loopback IP literal's port may differ
    /// (RFC 8252 §7.3). The sandbox does not also ignore a query, as Doorkeeper does: it is stricter there.
    func registeredRedirect(for uri: String) -> String? {
        redirectURIs.first { $0 == uri || Self.withoutLoopbackPort($0) == Self.withoutLoopbackPort(uri) && Self.isLoopbackIP(uri) }
    }

    private static func isLoopbackIP(_ uri: String) -> Bool {
        let host = Self.host(of: uri)
        return host == "127.0.0.1" || host == "[::1]"
    }

    private static func withoutLoopbackPort(_ uri: String) -> String? {
        guard isLoopbackIP(uri), let host = Self.host(of: uri) else { return nil }
        let rest = uri.dropFirst("http://".count).drop { $0 != "/" && $0 != "?" }
        return "http://\(host)\(rest)"
    }
}

/// What a `POST /api/v1/apps` asks for, checked as Mastodon and Doorkeeper check it.
struct MastodonAppRegistration: Sendable, Equatable {
    /// The out-of-band redirect: the code is shown on a page for the person to copy.
    static let outOfBand = "urn:ietf:wg:oauth:2.0:oob"

    var name: String
    var website: String?
    var redirectURIs: [String]
    var scopes: [String]

    /// The registration in `parameters`, or the 422 the instance answers.
    ///
    /// Redirect URIs may be a string (several separated by whitespace) or an array. The sandbox accepts loopback
    /// `http://` URIs and the out-of-band URN only: it redirects a browser nowhere else.
    static func parse(_ parameters: MastodonParameters) -> Result<MastodonAppRegistration, MastodonError> {
        guard let name = parameters["client_name"], !name.allSatisfy(\.isWhitespace) else {
            return .failure(.validationFailed("Application name can't be blank", reasonCode: "missing_client_name"))
        }
        let given = parameters.array("redirect_uris") ?? parameters["redirect_uris"].map { $0.split(whereSeparator: \.isWhitespace).map(String.init) } ?? []
        guard !given.isEmpty else {
            return .failure(.validationFailed("Redirect URI can't be blank", reasonCode: "missing_redirect_uri"))
        }
        for uri in given where uri != outOfBand {
            guard uri.contains("://"), !uri.contains("#") else {
                return .failure(.validationFailed("Redirect URI must be an absolute URI.", reasonCode: "invalid_redirect_uri"))
            }
            guard LoopbackRedirectURI.isAllowed(uri) else {
                return .failure(MastodonError(
                    status: 422, error: "Validation failed: Redirect URI must be a loopback URI or \(outOfBand) in this sandbox.",
                    reasonCode: "invalid_redirect_uri", detail: "The sandbox redirects only to http://127.0.0.1:PORT/…, http://localhost:PORT/… or http://[::1]:PORT/…."
                ))
            }
        }
        let scopes = MastodonScopes.parse(parameters["scopes"])
        if let unknown = scopes.first(where: { !MastodonScopes.known.contains($0) }) {
            return .failure(MastodonError(status: 422, error: "Validation failed: Scopes doesn't match configured on the server.",
                                          reasonCode: "invalid_scope", detail: "Unknown scope \"\(unknown)\"."))
        }
        let website = parameters["website"].flatMap { $0.isEmpty ? nil : $0 }
        return .success(MastodonAppRegistration(name: name, website: website, redirectURIs: given, scopes: scopes))
    }
}

extension MastodonApp {
    /// The host of an `http://` URI as written (`127.0.0.1`, `[::1]`, `localhost`), without its port.
    fileprivate static func host(of uri: String) -> String? {
        guard uri.lowercased().hasPrefix("http://") else { return nil }
        let authority = uri.dropFirst("http://".count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if authority.hasPrefix("[") { return authority.firstIndex(of: "]").map { String(authority[...$0]) } }
        return String(authority.prefix { $0 != ":" }).lowercased()
    }
}
