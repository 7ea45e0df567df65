import Foundation
import SchedulerCore
import Testing

@testable import Sandbox

/// Reading and checking fault plans: the flags' and `PUT /_sandbox/faults`' shared rules.
@Suite struct FaultPlanTests {
    func json(_ text: String) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    @Test func parseKinds_readsNamesAndAll_andRefusesAnUnknownNameListingTheKnownOnes() throws {
        #expect(try FaultPlan.parseKinds("server_error, rate_limit") == [.serverError, .rateLimit])
        #expect(try FaultPlan.parseKinds("all") == Set(FaultKind.allCases).subtracting([.creditsDepleted]),
                "running out of credits stops every X account, so it is drawn only when named")
        #expect(try FaultPlan.parseKinds("credits_depleted") == [.creditsDepleted])
        let error = #expect(throws: FaultPlanError.self) { try FaultPlan.parseKinds("server_error,teapot") }
        #expect(error?.code == .unknownKind)
        #expect(error?.message.contains("teapot") == true)
        #expect(error?.message.contains("lost_answer") == true)
        #expect(throws: FaultPlanError.self) { try FaultPlan.parseKinds("") }
    }

    @Test func parseDuration_readsSecondsMillisecondsMinutesAndBareNumbers() {
        #expect(FaultPlan.parseDuration("1.5s") == .milliseconds(1_500))
        #expect(FaultPlan.parseDuration("1500ms") == .milliseconds(1_500))
        #expect(FaultPlan.parseDuration("2m") == .seconds(120))
        #expect(FaultPlan.parseDuration("3") == .seconds(3))
        for bad in ["", "s", "-1s", "fast", "1h", "1e300s", "nan"] {
            #expect(FaultPlan.parseDuration(bad) == nil, "\(bad)")
        }
    }

    @Test func init_refusesRatesOutsideZeroToOne_andDurationsThatAreNotPositive() throws {
        for rate in [-0.1, 1.01, .nan, .infinity] {
            #expect(throws: FaultPlanError.self, "\(rate)") { try FaultPlan(rate: rate) }
        }
        #expect(throws: FaultPlanError.self) { try FaultPlan(rate: 0.5, resetAfter: .zero) }
        #expect(throws: FaultPlanError.self) { try FaultPlan(rate: 0.5, slowBy: .seconds(3_601)) }
        #expect(!FaultPlan.off.isActive)
        #expect(try !FaultPlan(rate: 0).isActive)
        #expect(try FaultPlan(rate: 1, kinds: [.drop]).isActive)
    }

    @Test func fromJSON_readsTheDocumentedBody_withDefaultsForWhatIsLeftOut() throws {
        let body = json(#"{"rate":0.3,"kinds":["server_error","slow"],"seed":42,"reset_seconds":2,"slow_seconds":1.5}"#)
        let plan = try FaultPlan.fromJSON(body)
        #expect(plan == (try FaultPlan(rate: 0.3, kinds: [.serverError, .slow], seed: 42, resetAfter: .seconds(2), slowBy: .milliseconds(1_500))))
        let minimal = try FaultPlan.fromJSON(.object(["rate": .integer(1)]))
        #expect(minimal.kinds == Set(FaultKind.everyday), "like `all`: credits_depleted only when named")
        #expect(minimal.seed == nil)
        #expect(minimal.resetAfter == FaultPlan.defaultReset)
        #expect(minimal.commitDelay == .seconds(3), "a slow commit holds 3 s unless told otherwise")
        let held = try FaultPlan.fromJSON(json(#"{"rate":0.3,"kinds":["slow_commit","gateway_timeout"],"commit_seconds":0.75}"#))
        #expect(held.kinds == [.slowCommit, .gatewayTimeout])
        #expect(held.commitDelay == .milliseconds(750))
    }

    @Test func fromJSON_refusesBadBodiesSayingWhichField() {
        let cases: [(String, FaultPlanError.Code, String)] = [
            ("[]", .malformedBody, "JSON object"),
            (#"{"kinds":["drop"]}"#, .invalidRate, "rate"),
            (#"{"rate":"high"}"#, .invalidRate, "rate"),
            (#"{"rate":2}"#, .invalidRate, "0 to 1"),
            (#"{"rate":0.3,"reset":2}"#, .malformedBody, "\"reset\""),
            (#"{"rate":0.3,"kinds":"drop"}"#, .malformedBody, "kinds"),
            (#"{"rate":0.3,"kinds":["boom"]}"#, .unknownKind, "boom"),
            (#"{"rate":0.3,"seed":-1}"#, .malformedBody, "seed"),
            (#"{"rate":0.3,"slow_seconds":-1}"#, .invalidDuration, "slow_seconds"),
            (#"{"rate":0.3,"commit_seconds":"3s"}"#, .invalidDuration, "commit_seconds"),
        ]
        for (text, code, mention) in cases {
            let error = #expect(throws: FaultPlanError.self, "\(text)") { try FaultPlan.fromJSON(json(text)) }
            #expect(error?.code == code, "\(text)")
            #expect(error?.message.contains(mention) == true, "\(text): \(error?.message ?? "")")
        }
    }

    @Test func document_showsThePlanWithTheSeedInUse() throws {
        let plan = try FaultPlan(rate: 0.25, kinds: [.drop, .serverError], resetAfter: .seconds(3), slowBy: .milliseconds(500))
        let document = FaultPlanDocument(plan: plan, seed: 7)
        #expect(document == FaultPlanDocument(plan: plan, seed: 7))
        #expect(document.kinds == ["server_error", "drop"])
        #expect(document.resetSeconds == 3)
        #expect(document.slowSeconds == 0.5)
        #expect(document.commitSeconds == 3)
    }

    @Test func scope_leavesOutSandboxControlsAuthorizationPagesAndTokenEndpoints() {
        for path in ["/2/tweets", "/2/media/upload", "/2/users/me", "/2/users/1/tweets", "/v26.0/1/feed", "/v26.0/1/photos",
                     "/v26.0/1/media", "/v26.0/1/media_publish", "/rest/posts", "/rest/images", "/_upload/images/abc"] {
            #expect(FaultScope.applies(toPath: path), "\(path)")
        }
        for path in ["/_sandbox/received", "/_sandbox/faults", "/_sandbox/x/tokens", "/i/oauth2/authorize", "/2/oauth2/token",
                     "/2/oauth2/revoke", "/oauth/request_token", "/oauth/authorize", "/oauth/access_token", "/1.1/oauth/invalidate_token",
                     "/v26.0/dialog/oauth", "/v26.0/oauth/access_token", "/oauth/v2/authorization", "/oauth/v2/accessToken", "/"] {
            #expect(!FaultScope.applies(toPath: path), "\(path)")
        }
    }
}
