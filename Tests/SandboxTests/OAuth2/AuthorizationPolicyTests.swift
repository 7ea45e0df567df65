import OAuth
import Testing

@testable import Sandbox

/// Authorization endpoints never redirect to an untrusted URI, and report everything else to the client.
@Suite struct AuthorizationPolicyTests {
    let challenge = PKCE.challengeS256(verifier: PKCE.makeVerifier())
    let redirect = "http://127.0.0.1:53682/callback"

    func xQuery(_ changes: [String: String?] = [:]) -> OAuth2Parameters {
        var values: [String: String?] = [
            "response_type": "code", "client_id": SandboxCredentials.xClientID, "redirect_uri": redirect,
            "scope": "tweet.read users.read", "state": "st4te", "code_challenge": challenge, "code_challenge_method": "S256",
        ]
        values.merge(changes) { $1 }
        return OAuth2Parameters(values.compactMap { name, value in value.map { (name, $0) } })
    }

    func redirectedError(_ decision: AuthorizationDecision) -> String? {
        if case .redirectError(_, _, let refusal) = decision { return refusal.code.description }
        return nil
    }

    @Test(arguments: [
        "http://127.0.0.1:8080/cb", "http://localhost:1/", "http://[::1]:65535/x?keep=1", "http://127.0.0.1/cb", "HTTP://LOCALHOST:9/",
    ])
    func loopbackRedirects_areAllowed(_ uri: String) {
        #expect(LoopbackRedirectURI.isAllowed(uri))
    }

    @Test(arguments: [
        "https://127.0.0.1:8080/cb", "http://127.0.0.2:8080/cb", "http://example.com/cb", "http://127.0.0.1:0/",
        "http://127.0.0.1:70000/", "http://user@127.0.0.1:8080/", "http://127.0.0.1:8080/cb#frag", "http://localhost.evil.com/",
        "http://127.0.0.1:8080@evil.com/", "myapp://callback",
    ])
    func otherRedirects_areRefused(_ uri: String) {
        #expect(!LoopbackRedirectURI.isAllowed(uri))
    }

    @Test func appending_keepsAnExistingQueryAndAddsTheFragment() {
        #expect(LoopbackRedirectURI.appending([("code", "a b")], to: "http://127.0.0.1:1/cb?x=1", fragment: "_=_") == "http://127.0.0.1:1/cb?x=1&code=a%20b#_=_")
    }

    @Test func aValidXRequest_carriesScopesStateAndChallenge() {
        guard case .valid(let request) = XOAuth2.policy.evaluate(xQuery(["sandbox_user": "runner"])) else {
            Issue.record("expected a valid request")
            return
        }
        #expect(request.scopes == ["tweet.read", "users.read"])
        #expect(request.state == "st4te")
        #expect(request.codeChallenge == challenge)
        #expect(request.sandboxUser == "runner")
        #expect(!request.denied)
    }

    @Test func anUnknownClientOrUntrustedRedirect_getsAPageNotARedirect() {
        for changes: [String: String?] in [["client_id": "nobody"], ["client_id": nil], ["redirect_uri": "https://evil.example/cb"], ["redirect_uri": nil]] {
            guard case .errorPage = XOAuth2.policy.evaluate(xQuery(changes)) else {
                Issue.record("\(changes) must not redirect")
                continue
            }
        }
    }

    @Test func xRequires_S256_stateAndScope() {
        #expect(redirectedError(XOAuth2.policy.evaluate(xQuery(["code_challenge": nil]))) == "invalid_request")
        #expect(redirectedError(XOAuth2.policy.evaluate(xQuery(["code_challenge_method": "plain"]))) == "invalid_request")
        #expect(redirectedError(XOAuth2.policy.evaluate(xQuery(["code_challenge": "short"]))) == "invalid_request")
        #expect(redirectedError(XOAuth2.policy.evaluate(xQuery(["state": nil]))) == "invalid_request")
        #expect(redirectedError(XOAuth2.policy.evaluate(xQuery(["scope": nil]))) == "invalid_request")
        #expect(redirectedError(XOAuth2.policy.evaluate(xQuery(["scope": "tweet.read everything"]))) == "invalid_scope")
        #expect(redirectedError(XOAuth2.policy.evaluate(xQuery(["response_type": "token"]))) == "unsupported_response_type")
    }

    @Test func aRepeatedParameter_isRefused() {
        let pairs = [("response_type", "code"), ("client_id", SandboxCredentials.xClientID), ("redirect_uri", redirect), ("state", "a"), ("state", "b")]
        #expect(redirectedError(XOAuth2.policy.evaluate(OAuth2Parameters(pairs))) == "invalid_request")
    }

    @Test func sandboxDecisionDeny_isAValidRequestMarkedDenied() {
        guard case .valid(let request) = XOAuth2.policy.evaluate(xQuery(["sandbox_decision": "deny"])) else {
            Issue.record("expected a valid request")
            return
        }
        #expect(request.denied)
    }

    @Test func facebook_acceptsCommaScopesAndOptionalPKCE_linkedInIgnoresPKCE() {
        let facebook = OAuth2Parameters([
            ("response_type", "code"), ("client_id", SandboxCredentials.facebookAppID), ("redirect_uri", redirect), ("scope", "pages_show_list,instagram_basic"),
        ])
        guard case .valid(let fb) = FacebookOAuth.policy.evaluate(facebook) else {
            Issue.record("expected a valid Facebook request")
            return
        }
        #expect(fb.scopes == ["pages_show_list", "instagram_basic"])
        #expect(fb.codeChallenge == nil)

        let linkedIn = OAuth2Parameters([
            ("response_type", "code"), ("client_id", SandboxCredentials.linkedinClientID), ("redirect_uri", redirect), ("scope", "openid profile"),
            ("code_challenge", challenge), ("code_challenge_method", "S256"),
        ])
        guard case .valid(let li) = LinkedInOAuth.policy(SandboxConfiguration()).evaluate(linkedIn) else {
            Issue.record("expected a valid LinkedIn request")
            return
        }
        #expect(li.codeChallenge == nil)
    }
}
