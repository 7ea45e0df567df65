import CryptoPrimitives
import Dispatch
import Foundation
import SchedulerCore
import SchedulerDomain

/// The web app's people: added, listed, removed and given new passwords from `schedctl web user` (the control socket,
/// so only the daemon's own user can do it). Every rule about names and passwords is here.
package struct WebUserService: Sendable {
    package let store: any WebUserStore
    package let parameters: PasswordHash.Parameters
    package let now: @Sendable () -> Date

    package init(store: any WebUserStore, parameters: PasswordHash.Parameters = .interactive, now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store; self.parameters = parameters; self.now = now
    }

    /// At least this many characters (NIST SP 800-63B asks for 8; a password that guards a public voice gets more).
    package static let minimumPasswordLength = 10
    /// scrypt reads every byte; a megabyte of "password" is an attack, not a password.
    package static let maximumPasswordBytes = 1_024

    package func add(_ request: AddWebUserRequest) async throws -> WebUserView {
        try Self.checkName(request.name)
        try Self.checkPassword(request.password, name: request.name)
        let hash = await Self.hash(request.password, parameters: parameters)
        guard let added = try await store.addWebUser(name: request.name, role: request.role, passwordHash: hash, now: now()) else {
            throw RequestError(.conflict, "a web user named '\(request.name)' exists", hint: RefusalHint(.changePassword, name: request.name))
        }
        return WebUserView(added)
    }

    package func list() async throws -> [WebUserView] { try await store.webUsers().map(WebUserView.init) }

    /// Refused for the last owner: nobody could link accounts or approve posts from the web app any more.
    package func remove(name: String) async throws {
        let users = try await store.webUsers()
        guard let user = users.first(where: { $0.name.lowercased() == name.lowercased() }) else { throw Self.noUser(name) }
        if user.role == .owner, users.filter({ $0.role == .owner }).count == 1, users.count > 1 {
            throw RequestError(.conflict, "\(user.name) is the last owner", hint: RefusalHint(.addOwner))
        }
        _ = try await store.removeWebUser(name: user.name)
    }

    /// A new password; every session of the person ends.
    package func setPassword(name: String, _ request: WebPasswordRequest) async throws {
        try Self.checkPassword(request.password, name: name)
        let hash = await Self.hash(request.password, parameters: parameters)
        guard try await store.setWebPassword(name: name, passwordHash: hash, now: now()) else { throw Self.noUser(name) }
    }

    package static func noUser(_ name: String) -> RequestError {
        RequestError(.notFound, "no web user named '\(name)'", hint: RefusalHint(.listWebUsers))
    }

    package static func checkName(_ name: String) throws {
        let allowed = name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)) }
        guard (1...32).contains(name.count), allowed, name.first.map({ $0.isLetter || $0.isNumber }) == true else {
            throw RequestError.badRequest("'\(name)' is not a web user name: 1 to 32 letters, digits, '.', '_' or '-', starting with a letter or digit")
        }
    }

    package static func checkPassword(_ password: String, name: String) throws {
        guard password.count >= minimumPasswordLength else {
            throw RequestError.badRequest("the password is shorter than \(minimumPasswordLength) characters")
        }
        guard password.utf8.count <= maximumPasswordBytes else {
            throw RequestError.badRequest("the password is longer than \(maximumPasswordBytes) bytes")
        }
        guard password.lowercased() != name.lowercased() else { throw RequestError.badRequest("the password is the user's name") }
    }

    package static func hash(_ password: String, parameters: PasswordHash.Parameters) async -> String {
        await offTheCooperativePool { PasswordHash.make(password, parameters: parameters) }
    }

    package static func verify(_ password: String, against hash: String) async -> Bool {
        await offTheCooperativePool { PasswordHash.verify(password, against: hash) }
    }

    /// scrypt takes a tenth of a second and 32 MiB: done on a thread of its own, so the daemon's cooperative threads (two
    /// on this machine) keep publishing meanwhile.
    private static func offTheCooperativePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }
}
