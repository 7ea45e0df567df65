import Foundation
import OAuth
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The published vectors in `shared/conformance/oauth/vectors.json`, read at test time so
/// that nobody can "fix" a failing test by retyping a value.
struct PublishedVectors: Decodable, Sendable {
    var oauth1: [OAuth1Case]
    var percentEncoding: [PercentEncodingCase]
    var pkceS256: PKCEVector

    /// Every key a case may carry; a new field in the file fails a test until it is honoured.
    static let oauth1Fields: Set<String> = [
        "name", "method", "url", "params", "form_body", "consumer_secret", "token_secret",
        "base_string", "signing_key", "signature",
    ]
    static let topLevelFields: Set<String> = ["about", "oauth1", "percent_encoding", "pkce_s256"]

    enum CodingKeys: String, CodingKey {
        case oauth1
        case percentEncoding = "percent_encoding"
        case pkceS256 = "pkce_s256"
    }

    /// `<project root>/../shared/conformance/oauth/vectors.json`, the root being three levels
    /// above this file once symlinks are resolved (so a dev package that links the folder works).
    static func fileURL(filePath: String = #filePath) -> URL {
        let resolved: String
        if let real = realpath(filePath, nil) {
            resolved = String(cString: real)
            free(real)
        } else {
            resolved = filePath
        }
        let root = URL(fileURLWithPath: resolved)
            .deletingLastPathComponent()  // OAuthTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // project root
        return root.appendingPathComponent("../shared/conformance/oauth/vectors.json").standardizedFileURL
    }

    static func data() throws -> Data {
        try Data(contentsOf: fileURL())
    }

    static func load() throws -> PublishedVectors {
        try JSONDecoder().decode(PublishedVectors.self, from: data())
    }
}

/// One `oauth1` entry: the request, every signed parameter except `oauth_signature`, and the results.
struct OAuth1Case: Decodable, Sendable, CustomTestStringConvertible {
    var name: String
    var method: String
    var url: String
    var params: [[String]]
    var formBody: String?
    var consumerSecret: String
    var tokenSecret: String
    var baseString: String?
    var signingKey: String?
    var signature: String

    enum CodingKeys: String, CodingKey {
        case name, method, url, params, signature
        case formBody = "form_body"
        case consumerSecret = "consumer_secret"
        case tokenSecret = "token_secret"
        case baseString = "base_string"
        case signingKey = "signing_key"
    }

    var testDescription: String { name }

    var pairs: [(String, String)] {
        params.map { ($0[0], $0[1]) }
    }

    /// The first value of parameter `name`, if present.
    func value(_ name: String) -> String? {
        params.first { $0[0] == name }?[1]
    }

    /// The `oauth_*` protocol parameters.
    var oauthPairs: [(String, String)] {
        pairs.filter { $0.0.hasPrefix("oauth_") }
    }

    /// The signed parameters that are neither in the URL's query nor `oauth_*`: the form body.
    ///
    /// Cases without `form_body` (the legacy-host one) still sign a body; this recovers it.
    var impliedBodyPairs: [(String, String)] {
        var query = OAuth1Signer.queryParameters(of: url).map(PairKey.init)
        var body: [(String, String)] = []
        for pair in pairs where !pair.0.hasPrefix("oauth_") {
            if let index = query.firstIndex(of: PairKey(pair)) {
                query.remove(at: index)
            } else {
                body.append(pair)
            }
        }
        return body
    }
}

/// `[input, expected]`.
struct PercentEncodingCase: Decodable, Sendable, CustomTestStringConvertible {
    var input: String
    var encoded: String

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        input = try container.decode(String.self)
        encoded = try container.decode(String.self)
        guard container.isAtEnd else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected [input, encoded]")
        }
    }

    var testDescription: String { encoded }
}

struct PKCEVector: Decodable, Sendable {
    var codeVerifier: String
    var codeChallenge: String

    enum CodingKeys: String, CodingKey {
        case codeVerifier = "code_verifier"
        case codeChallenge = "code_challenge"
    }
}

/// A name/value pair that can be compared, for order-insensitive checks on parameter lists.
struct PairKey: Hashable, Comparable, CustomStringConvertible {
    var name: String
    var value: String

    init(_ pair: (String, String)) {
        (name, value) = pair
    }

    static func < (lhs: PairKey, rhs: PairKey) -> Bool {
        (lhs.name, lhs.value) < (rhs.name, rhs.value)
    }

    var description: String { "\(name)=\(value)" }
}

/// Sorted keys of `pairs`, so two parameter lists compare as multisets.
func multiset(_ pairs: [(String, String)]) -> [PairKey] {
    pairs.map(PairKey.init).sorted()
}
