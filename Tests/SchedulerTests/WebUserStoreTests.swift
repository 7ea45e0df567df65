import Foundation
import SchedulerCore
@testable import SchedulerDomain
import Testing
@testable import Scheduler

/// The web app's people and sessions in both stores: a name taken in any letter case, a session found by its hash and
/// ended with its person, a new password ending every session, "log out everywhere".
@Suite struct WebUserStoreTests {
    let now = Date(timeIntervalSince1970: 1_900_000_000)

    func session(_ byte: UInt8, user: Int64) -> WebSessionRecord {
        WebSessionRecord(tokenHash: Array(repeating: byte, count: 32), userID: user, csrf: "csrf-\(byte)", createdAt: now, lastSeenAt: now)
    }

    @Test(arguments: StoreBackend.allCases)
    func aNameIsTakenInAnyCase_andSessionsEndWithTheirPersonOrPassword(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try #require(try await store.addWebUser(name: "Ada", role: .owner, passwordHash: "scrypt$h1", now: now))
            #expect(try await store.addWebUser(name: "ada", role: .viewer, passwordHash: "x", now: now) == nil, "taken in another case")
            let bob = try #require(try await store.addWebUser(name: "bob", role: .editor, passwordHash: "scrypt$h2", now: now))
            #expect(try await store.webUsers().map(\.name) == ["Ada", "bob"])
            #expect(try await store.webUser(name: "ADA")?.id == ada.id)

            try await store.addWebSession(session(1, user: ada.id))
            try await store.addWebSession(session(2, user: ada.id))
            try await store.addWebSession(session(3, user: bob.id))
            let (found, user) = try #require(try await store.webSession(tokenHash: Array(repeating: 1, count: 32)))
            #expect(found.csrf == "csrf-1" && user.name == "Ada" && user.role == .owner && found.createdAt == now)
            try await store.touchWebSession(tokenHash: Array(repeating: 1, count: 32), now: now.addingTimeInterval(120))
            #expect(try await store.webSession(tokenHash: Array(repeating: 1, count: 32))?.0.lastSeenAt == now.addingTimeInterval(120))

            #expect(try await store.setWebPassword(name: "ada", passwordHash: "scrypt$h3", now: now))
            #expect(try await store.webSession(tokenHash: Array(repeating: 1, count: 32)) == nil, "a new password ends every session")
            #expect(try await store.webSession(tokenHash: Array(repeating: 2, count: 32)) == nil)
            #expect(try await store.webUser(name: "ada")?.passwordHash == "scrypt$h3")
            #expect(try await store.webSession(tokenHash: Array(repeating: 3, count: 32)) != nil, "another person's session stays")

            try await store.removeWebSessions(userID: bob.id)
            #expect(try await store.webSession(tokenHash: Array(repeating: 3, count: 32)) == nil)
            try await store.addWebSession(session(4, user: bob.id))
            #expect(try await store.removeWebUser(name: "BOB"))
            #expect(try await store.webSession(tokenHash: Array(repeating: 4, count: 32)) == nil, "removed with their person")
            let removedAgain = try await store.removeWebUser(name: "bob")
            let passwordOfNobody = try await store.setWebPassword(name: "bob", passwordHash: "x", now: now)
            #expect(!removedAgain && !passwordOfNobody)
        }
    }
}
