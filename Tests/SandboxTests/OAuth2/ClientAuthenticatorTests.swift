import CryptoPrimitives
import Testing

@testable import Sandbox

/// Each client must authenticate exactly the way it is registered (RFC 6749 §2.3).
@Suite struct ClientAuthenticatorTests {
    let authenticator = ClientAuthenticator([
        RegisteredClient(id: "confidential", secret: "s3cret", authentication: .basic),
        RegisteredClient(id: "form-app", secret: "f0rm", authentication: .parameters),
        RegisteredClient(id: "native", secret: nil, authentication: .none),
    ])

    func basic(_ id: String, _ secret: String) -> String {
        "Basic " + Base64.encode(Array("\(PercentEncoding.encode(id)):\(PercentEncoding.encode(secret))".utf8))
    }

    func refusal(_ authorization: String?, _ pairs: [(String, String)] = []) -> OAuth2Refusal.Code? {
        if case .failure(let refusal) = authenticator.authenticate(authorization: authorization, parameters: OAuth2Parameters(pairs)) { return refusal.code }
        return nil
    }

    @Test func basic_acceptsTheRightSecretAndRefusesAWrongOne() throws {
        let client = try authenticator.authenticate(authorization: basic("confidential", "s3cret"), parameters: OAuth2Parameters([])).get()
        #expect(client.id == "confidential")
        #expect(refusal(basic("confidential", "guess")) == .invalidClient)
        #expect(refusal(basic("nobody", "s3cret")) == .invalidClient)
    }

    @Test func basic_refusesMalformedCredentials() {
        #expect(refusal("Basic not-base64!") == .invalidClient)
        #expect(refusal("Basic " + Base64.encode(Array("no-colon".utf8))) == .invalidClient)
    }

    @Test func basic_decodesFormEncodedHalves() {
        #expect(ClientAuthenticator.basicCredentials(basic("a b", "p:w+d")).map { [$0.0, $0.1] } == ["a b", "p:w+d"])
    }

    @Test func aConfidentialClient_withoutBasic_isRefused() {
        #expect(refusal(nil, [("client_id", "confidential"), ("client_secret", "s3cret")]) == .invalidClient)
        #expect(refusal(nil) == .invalidClient)
    }

    @Test func aFormClient_needsItsSecretInTheParametersNotBasic() throws {
        _ = try authenticator.authenticate(authorization: nil, parameters: OAuth2Parameters([("client_id", "form-app"), ("client_secret", "f0rm")])).get()
        #expect(refusal(nil, [("client_id", "form-app"), ("client_secret", "wrong")]) == .invalidClient)
        #expect(refusal(nil, [("client_id", "form-app")]) == .invalidClient)
        #expect(refusal(basic("form-app", "f0rm")) == .invalidClient)
    }

    @Test func usingTwoMethodsAtOnce_isAnInvalidRequest() {
        #expect(refusal(basic("confidential", "s3cret"), [("client_secret", "s3cret")]) == .invalidRequest)
        #expect(refusal(basic("confidential", "s3cret"), [("client_id", "form-app")]) == .invalidClient)
    }

    @Test func aPublicClient_needsOnlyItsID() throws {
        let client = try authenticator.authenticate(authorization: nil, parameters: OAuth2Parameters([("client_id", "native")])).get()
        #expect(client.secret == nil)
    }

    @Test func refusalMessages_neverContainTheSecret() {
        guard case .failure(let refusal) = authenticator.authenticate(authorization: basic("confidential", "guess-secret"), parameters: OAuth2Parameters([])) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(!refusal.message.contains("guess-secret"))
        #expect(!refusal.message.contains("s3cret"))
    }
}
