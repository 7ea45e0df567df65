import Connectors
import Foundation
import HTTPClient
import Logging
import SchedulerCore
import SchedulerDomain
import ServiceLifecycle

/// Reads each Mastodon instance's limits again at start and then once a day: an instance's admin may raise or lower
/// `max_characters`, the attachments or the image size at any time, and a post checked against yesterday's numbers
/// would be refused at its time (or refused here when the instance would take it). Each instance is asked once
/// (`GET /api/v2/instance`, no token), and only accounts whose numbers changed are written.
package struct InstanceLimitsRefresh: Service {
    package let store: any AccountStore
    package let vault: CredentialVault
    package let transport: any HTTPTransport
    package let interval: Duration
    package let logger: Logger

    package static let defaultInterval: Duration = .seconds(86_400)

    package init(store: any AccountStore, vault: CredentialVault, transport: any HTTPTransport, interval: Duration = defaultInterval,
                logger: Logger) {
        self.store = store; self.vault = vault; self.transport = transport; self.interval = interval; self.logger = logger
    }

    package func run() async throws {
        await repeatEvery(interval) { await refreshOnce() }
    }

    /// One pass over the linked Mastodon accounts; the number of accounts whose limits changed.
    @discardableResult
    package func refreshOnce() async -> Int {
        var byInstance: [String: [AccountRecord]] = [:]
        do {
            for account in try await store.accounts(includeRevoked: false) where account.network == .mastodon {
                guard let sealed = try await store.sealedCredentials(accountID: account.id),
                      let instance = try? vault.open(sealed, accountID: account.id).serviceURL else { continue }
                byInstance[instance, default: []].append(account)
            }
        } catch {
            logger.error("cannot list the Mastodon accounts to read their instances' limits; tried again tomorrow", metadata: ["error": "\(error)"])
            return 0
        }
        var changed = 0
        for (instance, accounts) in byInstance {
            let limits: MastodonInstanceLimits
            do {
                limits = try await MastodonAPI(instance: instance, transport: transport).limits()
            } catch {
                logger.warning("a Mastodon instance did not give its limits; the last ones read are kept", metadata: [
                    "mastodon.instance": "\(instance)", "error": "\(error.message)"])
                continue
            }
            for account in accounts where account.instanceLimits != limits {
                do {
                    try await store.setInstanceLimits(accountID: account.id, limits: limits)
                    changed += 1
                    logger.notice("a Mastodon instance's limits changed; posts are checked against the new ones", metadata: [
                        "account": "\(account.reference)", "mastodon.max_characters": "\(limits.maxCharacters)",
                        "mastodon.max_media_attachments": "\(limits.maxMediaAttachments)"])
                } catch {
                    logger.error("cannot store a Mastodon instance's limits", metadata: ["account": "\(account.reference)", "error": "\(error)"])
                }
            }
        }
        return changed
    }
}
