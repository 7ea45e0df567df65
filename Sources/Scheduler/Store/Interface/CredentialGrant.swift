import Foundation
import SchedulerCore

/// What the network said about a grant that is not secret: kept in plain columns for listings and warnings.
public struct CredentialGrant: Sendable {
    public var accessExpiresAt: Date?
    public var refreshable: Bool
    public var scopes: [String]

    public init(accessExpiresAt: Date? = nil, refreshable: Bool = false, scopes: [String] = []) {
        self.accessExpiresAt = accessExpiresAt
        self.refreshable = refreshable
        self.scopes = scopes
    }
}

/// Credentials a renewal produced: the sealed blob and what is not secret about it.
public struct RenewedCredentials: Sendable {
    public var sealed: [UInt8]
    public var grant: CredentialGrant

    public init(sealed: [UInt8], grant: CredentialGrant) {
        self.sealed = sealed
        self.grant = grant
    }
}
