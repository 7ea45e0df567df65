import Foundation
import SchedulerCore

/// What the network said about a grant that is not secret: kept in plain columns for listings and warnings.
package struct CredentialGrant: Sendable {
    package var accessExpiresAt: Date?
    package var refreshable: Bool
    package var scopes: [String]

    package init(accessExpiresAt: Date? = nil, refreshable: Bool = false, scopes: [String] = []) {
        self.accessExpiresAt = accessExpiresAt
        self.refreshable = refreshable
        self.scopes = scopes
    }
}

/// Credentials a renewal produced: the sealed blob and what is not secret about it.
package struct RenewedCredentials: Sendable {
    package var sealed: [UInt8]
    package var grant: CredentialGrant

    package init(sealed: [UInt8], grant: CredentialGrant) {
        self.sealed = sealed
        self.grant = grant
    }
}
