import Foundation
import Hummingbird
import SchedulerCore
import Testing

@testable import Sandbox

/// How the injector chooses: seeded, at the planned rate, and only kinds that fit the request.
@Suite struct FaultInjectorTests {
    static let publish = FaultInjector.Candidate(isRead: false, hasRefreshableToken: true)

    @Test func splitMix64_matchesTheReferenceSequence() {
        var random = SplitMix64(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
        let unit = random.nextUnit()
        #expect(unit >= 0 && unit < 1)
    }

    @Test func draw_withTheSameSeed_givesTheSameFaults() async throws {
        let plan = try FaultPlan(rate: 0.5, seed: 42)
        let first = FaultInjector(plan: plan)
        let second = FaultInjector(plan: plan)
        var firstKinds: [FaultKind?] = []
        var secondKinds: [FaultKind?] = []
        for _ in 0..<100 {
            firstKinds.append(await first.draw(for: Self.publish)?.kind)
            secondKinds.append(await second.draw(for: Self.publish)?.kind)
        }
        #expect(firstKinds == secondKinds)
        #expect(Set(firstKinds.compactMap { $0 }) == Set(FaultKind.everyday))
    }

    @Test func draw_atThirtyPercent_faultsRoughlyThirtyOfAHundred() async throws {
        let injector = FaultInjector(plan: try FaultPlan(rate: 0.3, seed: 7))
        var faulted = 0
        for _ in 0..<1_000 where await injector.draw(for: Self.publish) != nil { faulted += 1 }
        #expect((250...350).contains(faulted), "\(faulted)")
    }

    @Test func draw_neverExpiresATokenThatCannotBeRefreshed_andTurnsALostAnswerOnAReadIntoADrop() async throws {
        let expiring = FaultInjector(plan: try FaultPlan(rate: 1, kinds: [.expiredToken]))
        #expect(await expiring.draw(for: .init(isRead: false, hasRefreshableToken: false)) == nil)
        #expect(await expiring.draw(for: .init(isRead: false, hasRefreshableToken: true))?.kind == .expiredToken)
        #expect(await expiring.draw(for: .init(isRead: false, hasRefreshableToken: true, account: "ada"))?.kind == .expiredToken)
        #expect(await expiring.draw(for: .init(isRead: false, hasRefreshableToken: true, account: "ada")) == nil,
                "the token the refresh just issued is not expired again at once")
        #expect(await expiring.draw(for: .init(isRead: false, hasRefreshableToken: true, account: "bob"))?.kind == .expiredToken)

        let either = FaultInjector(plan: try FaultPlan(rate: 1, kinds: [.expiredToken, .serverError]))
        for _ in 0..<20 {
            #expect(await either.draw(for: .init(isRead: true, hasRefreshableToken: false))?.kind == .serverError)
        }

        let losing = FaultInjector(plan: try FaultPlan(rate: 1, kinds: [.lostAnswer]))
        #expect(await losing.draw(for: .init(isRead: true, hasRefreshableToken: false))?.kind == .drop)
        #expect(await losing.draw(for: .init(isRead: false, hasRefreshableToken: false))?.kind == .lostAnswer)
    }

    @Test func draw_neverHoldsARead_forACommit_andCarriesThePlansCommitDelay() async throws {
        let holding = FaultInjector(plan: try FaultPlan(rate: 1, kinds: [.slowCommit], commitDelay: .milliseconds(2_500)))
        #expect(await holding.draw(for: .init(isRead: true, hasRefreshableToken: false)) == nil, "a read commits nothing")
        let decision = try #require(await holding.draw(for: .init(isRead: false, hasRefreshableToken: false)))
        #expect(decision.kind == .slowCommit)
        #expect(decision.commitDelay == .milliseconds(2_500))
        let gateway = FaultInjector(plan: try FaultPlan(rate: 1, kinds: [.gatewayTimeout]))
        #expect(await gateway.draw(for: .init(isRead: true, hasRefreshableToken: false))?.kind == .gatewayTimeout)
    }

    @Test func draw_atRateZero_orWithThePlanOff_neverFaults() async throws {
        let injector = FaultInjector(plan: .off)
        for _ in 0..<50 { #expect(await injector.draw(for: Self.publish) == nil) }
        await injector.replace(try FaultPlan(rate: 0, seed: 1))
        for _ in 0..<50 { #expect(await injector.draw(for: Self.publish) == nil) }
        #expect(await injector.current().seed == 1)
    }

    @Test func expire_remembersTheFirstInstant() async throws {
        let injector = FaultInjector(plan: .off)
        let first = Date(timeIntervalSince1970: 1_000)
        await injector.expire("token", at: first)
        await injector.expire("token", at: first.addingTimeInterval(5))
        #expect(await injector.expiry(of: "token") == first)
        #expect(await injector.expiry(of: "other") == nil)
    }

    @Test func aTargetedPlan_spoilsOnlyTheMatchingRequestsInItsWindow_countingNoOthers() async throws {
        let plan = try FaultPlan.fromJSON(JSONValue.parse(ByteBuffer(string: #"""
            {"rate": 1, "kinds": ["lost_answer"], "only": {"request": "POST /2/tweets", "skip": 2, "count": 1}}
            """#)))
        let injector = FaultInjector(plan: plan)
        func post(_ path: String, _ method: String = "POST") -> FaultInjector.Candidate {
            FaultInjector.Candidate(isRead: method == "GET", hasRefreshableToken: false, method: method, path: path)
        }
        var kinds: [FaultKind?] = []
        for candidate in [post("/2/tweets"), post("/2/media/upload"), post("/2/users/1/tweets", "GET"), post("/2/tweets"), post("/2/tweets"), post("/2/tweets")] {
            kinds.append(await injector.draw(for: candidate)?.kind)
        }
        #expect(kinds == [nil, nil, nil, nil, .lostAnswer, nil], "the third POST /2/tweets only")
        await injector.replace(plan)
        #expect(await injector.draw(for: post("/2/tweets")) == nil, "a new plan counts from the start again")
    }

    @Test func aTargetThatIsNotARequest_isRefusedWithTheShapeItNeeds() {
        #expect(throws: FaultPlanError.self) {
            try FaultPlan.fromJSON(JSONValue.parse(ByteBuffer(string: #"{"rate": 1, "only": {"request": "tweets"}}"#)))
        }
        #expect(throws: FaultPlanError.self) {
            try FaultPlan.fromJSON(JSONValue.parse(ByteBuffer(string: #"{"rate": 1, "only": {"request": "POST /2/tweets", "after": 2}}"#)))
        }
    }
}
