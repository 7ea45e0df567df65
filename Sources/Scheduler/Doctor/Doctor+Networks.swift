import Connectors
import Foundation
import SchedulerCore
import SchedulerDomain
import SchedulerServices

/// The networks' side: the API versions the apps speak, and each account's token.
extension Doctor {
    /// Tokens that expire within this and cannot renew themselves are worth relinking now.
    package static let tokenWarningPeriod: TimeInterval = 7 * 86_400

    package func apiVersionFindings(now: Date) -> [DoctorFinding] {
        APIVersionWarnings.configuredVersions(configuration).map { Self.finding($0.lifetime, setting: $0.setting, now: now) }
    }

    private static func finding(_ lifetime: APIVersionLifetime, setting: String, now: Date) -> DoctorFinding {
        let action = "set \(setting) = \"\(lifetime.current)\" and restart schedulerd"
        if let warning = lifetime.warning(setting: setting, now: now) {
            let retired = lifetime.retiredLongAgo || (lifetime.retiresAt.map { $0 <= now } ?? false)
            return DoctorFinding(area: "api version", level: retired ? .fail : .warn, message: warning, action: action)
        }
        let until = lifetime.retiresAt.map { "served until \(RFC3339.format($0).prefix(10))" } ?? "no retirement announced"
        let name = lifetime.network == .facebook ? "Graph" : lifetime.network.displayName
        return .ok("api version", "\(name) \(lifetime.version): \(until)")
    }

    /// Accounts that cannot publish now (relink needed, token expired, every recent delivery refused for a permission the
    /// token lacks) fail; tokens that expire within a week and cannot renew themselves warn; the rest are counted on one line.
    package func tokenFindings(now: Date) async -> [DoctorFinding] {
        let accounts: [AccountRecord]
        do { accounts = try await store.accounts() } catch {
            return [.fail("token", "the accounts could not be read: \(error)", action: "see the daemon's log")]
        }
        var findings: [DoctorFinding] = []
        var healthy = 0
        for account in accounts {
            let relink = "relink \(account.reference): \(account.relinkCommand)"
            if account.status == .needsRelink {
                let waiting = account.pendingPosts > 0 ? "; \(account.pendingPosts) post\(account.pendingPosts == 1 ? "" : "s") wait for it" : ""
                findings.append(.fail("token", "\(account.reference) needs relinking (\(account.statusReason ?? "its token was refused"))\(waiting)",
                                      action: relink))
            } else if let refusal = account.permissionRefusal {
                // Refused for the token, not the post: every post to it fails the same way until it is linked again.
                let last = refusal.deliveries == 1 ? "its last delivery was" : "its last \(refusal.deliveries) deliveries were"
                findings.append(.fail("token", "\(account.reference) cannot publish: \(last) refused for a permission its token lacks "
                                          + "(\(refusal.reason))",
                                      action: "`schedctl accounts link \(account.network.rawValue)` approving every permission (or `accounts add` a "
                                          + "token that has them), then `schedctl retry` the failed deliveries"))
            } else if let expiresAt = account.accessExpiresAt, !account.refreshable, expiresAt.timeIntervalSince(now) < Self.tokenWarningPeriod {
                let forecast = AccountView(account).expiryForecast(now: now) ?? "expires soon"
                let level: DoctorFinding.Level = expiresAt <= now || account.postsAfterExpiry > 0 ? .fail : .warn
                findings.append(DoctorFinding(area: "token", level: level, message: "\(account.reference) token \(forecast)", action: relink))
            } else {
                healthy += 1
            }
        }
        if healthy > 0 || accounts.isEmpty {
            let text = accounts.isEmpty ? "no accounts linked yet"
                : healthy == 1 ? "1 account ready: its token is valid for more than a week or renews itself"
                : "\(healthy) accounts ready: their tokens are valid for more than a week or renew themselves"
            findings.insert(.ok("token", text), at: 0)
        }
        return findings
    }
}
