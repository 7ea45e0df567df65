import OAuth
import Testing

@Suite("OAuth2Client.authorizationCode(fromRedirect:)")
struct OAuth2RedirectTests {
    let session = Fixtures.session()
    var state: String { session.state }

    func code(_ redirect: String) throws(OAuthError) -> String {
        try OAuth2Client.authorizationCode(fromRedirect: redirect, session: session)
    }

    func refusal(_ redirect: String) throws -> OAuthError {
        let error = try #require(throws: OAuthError.self) { try code(redirect) }
        #expect(!error.description.contains("SECRETCODE"))
        #expect(!error.description.contains(state))
        return error
    }

    @Test func theRightState_yieldsTheDecodedCode() throws {
        #expect(try code("http://127.0.0.1:8123/callback?state=\(state)&code=SECRETCODE%2Fx%2By") == "SECRETCODE/x+y")
    }

    @Test func aPastedRedirect_withSpacesQuotesAndOtherParameters_isAccepted() throws {
        let pasted = "  \"HTTP://127.0.0.1:8123/callback?code=SECRETCODE&state=\(state)&scope=a%20b#_=_\"\n"
        #expect(try code(pasted) == "SECRETCODE")
    }

    @Test func aTamperedState_isRefused() throws {
        let tampered = String(state.dropLast()) + "X"
        let error = try refusal("http://127.0.0.1:8123/callback?code=SECRETCODE&state=\(tampered)")
        #expect(error.code == .stateMismatch)
        #expect(error.message.contains("Start linking again"))
    }

    @Test func aMissingState_isRefused() throws {
        let error = try refusal("http://127.0.0.1:8123/callback?code=SECRETCODE")
        #expect(error.code == .stateMismatch)
        #expect(error.message.contains("no state"))
    }

    @Test(arguments: [
        "error=access_denied",
        "error=user_cancelled_authorize&error_description=The+user+cancelled+the+authorization",
        "error=user_cancelled_login",
        "error=access_denied&error_code=200&error_description=Permissions+error&error_reason=user_denied",
    ])
    func aRefusal_saysThePersonDidNotApprove(_ query: String) throws {
        let error = try refusal("http://127.0.0.1:8123/callback?\(query)&state=\(state)")
        #expect(error.code == .accessDenied)
        #expect(error.message.contains("did not approve"))
        #expect(error.message.contains("choose Allow"))
    }

    @Test func aRefusalWithoutState_isStillARefusal() throws {
        #expect(try refusal("http://127.0.0.1:8123/callback?error=access_denied").code == .accessDenied)
    }

    @Test func anErrorForAnotherAttempt_isAStateMismatch() throws {
        #expect(try refusal("http://127.0.0.1:8123/callback?error=access_denied&state=other").code == .stateMismatch)
    }

    @Test func aConfigurationError_isNotBlamedOnThePerson() throws {
        let error = try refusal("http://127.0.0.1:8123/callback?error=invalid_scope&error_description=Unknown+scope&state=\(state)")
        #expect(error.code == .invalidRequest)
        #expect(error.message.contains("Unknown scope"))
        #expect(error.serverErrorCode == "invalid_scope")
    }

    @Test(arguments: [
        "http://127.0.0.1:9999/callback",
        "http://127.0.0.1:8123/other",
        "http://localhost:8123/callback",
        "https://127.0.0.1:8123/callback",
    ])
    func aRedirectForAnotherRedirectURI_isRefused(_ base: String) throws {
        let error = try refusal("\(base)?code=SECRETCODE&state=\(state)")
        #expect(error.code == .invalidRedirect)
        #expect(error.message.contains("http://127.0.0.1:8123/callback"))
    }

    @Test func aMissingCode_isRefused() throws {
        let error = try refusal("http://127.0.0.1:8123/callback?state=\(state)")
        #expect(error.code == .invalidRedirect)
        #expect(error.message.contains("no authorization code"))
    }

    @Test func anOAuth1Redirect_isRefusedAsAnotherFlow() throws {
        let error = try refusal("http://127.0.0.1:8123/callback?oauth_token=T&oauth_verifier=V")
        #expect(error.code == .invalidRedirect)
        #expect(error.message.contains("OAuth 1.0a"))
    }

    @Test func anImplicitFlowRedirect_isRefusedAsAnotherFlow() throws {
        let error = try refusal("http://127.0.0.1:8123/callback#access_token=SECRETCODE&state=\(state)")
        #expect(error.code == .invalidRedirect)
        #expect(error.message.contains("implicit"))
    }

    @Test func aRepeatedCode_isRefused() throws {
        let error = try refusal("http://127.0.0.1:8123/callback?code=SECRETCODE&code=PLANTED&state=\(state)")
        #expect(error.code == .invalidRedirect)
    }

    @Test(arguments: ["", "hello", "SECRETCODE", "127.0.0.1:8123/callback?code=SECRETCODE", "http://", "://x", "http://127.0.0.1:8123/callback?code=%ZZ&state=s"])
    func garbage_isRefusedWithAdvice(_ text: String) throws {
        let error = try refusal(text)
        #expect(error.code == .invalidRedirect)
        #expect(error.message.contains("address") || error.message.contains("Copy"))
    }
}
