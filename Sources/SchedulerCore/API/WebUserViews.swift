import Foundation

/// What a person of the web app may do. Owner: everything, linking accounts included; editor: posts and runs; viewer: reads.
public enum WebRole: String, Codable, Sendable, CaseIterable {
    case owner, editor, viewer
}

/// A person of the web app as the control API shows them: never their password's hash.
public struct WebUserView: Codable, Sendable, Equatable {
    public var name: String
    public var role: WebRole
    public var createdAt: Date

    enum CodingKeys: String, CodingKey {
        case name, role
        case createdAt = "created_at"
    }

    public init(name: String, role: WebRole, createdAt: Date) {
        self.name = name; self.role = role; self.createdAt = createdAt
    }
}

/// `POST /v1/web/users`: a new person, with their password (sent over the control socket only).
public struct AddWebUserRequest: Codable, Sendable, Equatable {
    public var name: String
    public var role: WebRole
    public var password: String

    public init(name: String, role: WebRole, password: String) {
        self.name = name; self.role = role; self.password = password
    }
}

/// `PUT /v1/web/users/{name}/password`.
public struct WebPasswordRequest: Codable, Sendable, Equatable {
    public var password: String

    public init(password: String) { self.password = password }
}

/// What a person of the web app may do, by role: the one place this is decided.
public enum WebAction: Sendable {
    /// See posts, accounts, events and status.
    case read
    /// Draft, schedule, edit, cancel and retry posts; upload runs.
    case changePosts
    /// Link and unlink accounts, manage the daemon.
    case manageAccounts
    /// Approve or reject a post an editor scheduled (`[web] require_approval`).
    case approvePosts
}

extension WebRole {
    /// Whether a post this person schedules waits for an owner, when the daemon asks for approval.
    public var needsApproval: Bool { self != .owner }

    public func may(_ action: WebAction) -> Bool {
        switch (self, action) {
        case (_, .read): true
        case (.owner, _): true
        case (.editor, .changePosts): true
        default: false
        }
    }
}
