import Foundation
import HTTPClient
import SchedulerCore
import SchedulerDomain
import SchedulerServices

/// `schedctl doctor`: looks over the running daemon's setup the way a careful operator would before trusting it with
/// a week of posts, and says for each finding what to do. It runs inside the daemon because only the daemon can read
/// its configuration, key, database and tokens; it changes nothing.
package struct Doctor: DoctorExamining {
    package let configuration: DaemonConfiguration
    package let environment: [String: String]
    package let store: any SchedulerStore & StoreIntegrityChecking
    package let vault: CredentialVault
    package let clock: ClockSkewProbe
    /// The store's failures as the daemon's own reads and writes found them.
    package var health: StoreHealth = .unnamed()
    /// Where each network's accounts publish when they have no server of their own (the apps' API base URLs).
    package var networkAddresses: [Network: String] = [:]
    /// In sandbox mode, the emulations' process once it has exited on its own.
    package var sandboxGone: @Sendable () -> StatusView.SandboxGone? = { nil }

    /// Every finding, in the order a person fixes things: the setup, the files, the data, the clock, then the networks.
    package func examine(now: Date = Date()) async -> DoctorReport {
        var checks = [await configurationFinding()]
        if let web = webFinding() { checks.append(web) }
        checks += permissionFindings()
        checks.append(await databaseFinding())
        checks += await storeFindings()
        checks += await credentialFindings()
        if let gone = sandboxGone() {
            // The networks' side would only say "cannot be reached" and blame DNS: the cause is known.
            checks.append(.fail("sandbox", "the sandbox networks are gone: sandboxd exited (\(gone.how)) at \(RFC3339.format(gone.exitedAt))",
                                action: gone.action))
        } else {
            let reachability = await reachabilityFindings()
            checks += reachability.findings
            checks += await ClockSkewProbe(targets: clock.targets.filter { !reachability.unreachable.contains($0.url) }, transport: clock.transport,
                                           timeout: clock.timeout).findings(now: now)
            checks += await accountServerFindings(now: now, skipping: reachability.unreachable)
        }
        checks += apiVersionFindings(now: now)
        checks += await tokenFindings(now: now)
        return DoctorReport(checks: checks)
    }

    /// The networks it can publish to: an app configured for X, Facebook, LinkedIn or Threads, or an account linked on
    /// any network (issue 48, item 3: a set-up of only Mastodon, Bluesky or Threads failed, for X, Facebook and LinkedIn
    /// apps were all it counted; Bluesky and Mastodon need no app of ours at all).
    package func configurationFinding() async -> DoctorFinding {
        let source = configuration.configurationFile.map { "read from \($0)" } ?? "embedded defaults (no configuration file)"
        let zone = "the daemon's zone is \(configuration.timeZone.identifier) (\(LocalTimeRule.daemonZoneUse))"
        if configuration.sandbox {
            return .warn("configuration", "\(source); sandbox mode: posts go to local emulations, not to the networks; \(zone)",
                         action: "drop --sandbox (and `sandbox = true`) to publish for real")
        }
        let apps = [configuration.x.consumerKey != nil || configuration.x.clientID != nil ? "X" : nil,
                    configuration.facebook.appID == nil ? nil : "Facebook and Instagram",
                    configuration.linkedin.clientID == nil ? nil : "LinkedIn",
                    configuration.threads.appID == nil ? nil : "Threads"].compactMap { $0 }
        let appNetworks: Set<Network> = Set(configuration.x.consumerKey != nil || configuration.x.clientID != nil ? [.x] : [])
            .union(configuration.facebook.appID == nil ? [] : [.facebook, .instagram])
            .union(configuration.linkedin.clientID == nil ? [] : [.linkedin])
            .union(configuration.threads.appID == nil ? [] : [.threads])
        let accounts = (try? await store.accounts()) ?? []
        let linked = Network.allCases.filter { network in !appNetworks.contains(network) && accounts.contains { $0.network == network } }
        var parts: [String] = []
        if !apps.isEmpty { parts.append("apps for \(apps.joined(separator: ", "))") }
        if !linked.isEmpty { parts.append("accounts linked on \(linked.map(\.displayName).joined(separator: ", "))") }
        guard !parts.isEmpty else {
            return .fail("configuration", "\(source); no network app is configured and no account is linked, so nothing can be published",
                         action: "link a Bluesky or Mastodon account (`schedctl accounts add bluesky --handle NAME`, "
                             + "`schedctl accounts link mastodon --instance URL`: they need no app), or set [networks.x], [networks.facebook], "
                             + "[networks.linkedin] or [networks.threads] (config/schedulerd.toml documents them), check with "
                             + "`schedulerd --check-config`, and restart")
        }
        return .ok("configuration", "\(source); \(parts.joined(separator: "; ")); \(zone)")
    }

    /// The web app's address: a plain `http://` one off this machine sends passwords and cookies in the clear.
    private func webFinding() -> DoctorFinding? {
        guard let web = configuration.web else { return nil }
        if let warning = web.plainHTTPWarning {
            return .warn("web", warning, action: "put a reverse proxy with TLS in front (docs/web.md) and set [web] base_url to its https:// address")
        }
        return .ok("web", "the web app listens on \(web.listen), reached at \(web.baseURL)")
    }

    private func databaseFinding() async -> DoctorFinding {
        do {
            let integrity = try await store.checkIntegrity()
            if let problem = integrity.problem {
                return .fail("database", "\(integrity.what): \(problem)",
                             action: "stop schedulerd, keep a copy of the file, and restore the last backup (`schedctl backup` makes one); "
                                 + "`sqlite3 FILE .recover` can save what is readable")
            }
            return .ok("database", integrity.what)
        } catch {
            return .fail("database", "the integrity check could not run: \(error)", action: "see the daemon's log; the store may be unreachable")
        }
    }

    /// Every sealed credential must open with the key the daemon holds, or its account cannot publish.
    private func credentialFindings() async -> [DoctorFinding] {
        let blobs: [(accountID: Int64, sealed: [UInt8])]
        do { blobs = try await store.sealedBlobs() } catch {
            return [.fail("key file", "the sealed credentials could not be read: \(error)", action: "see the daemon's log")]
        }
        let unopenable = blobs.filter { (try? vault.open($0.sealed, accountID: $0.accountID)) == nil }.map(\.accountID)
        guard unopenable.isEmpty else {
            return [.fail("key file", "the credentials of account\(unopenable.count == 1 ? "" : "s") "
                          + unopenable.map(String.init).joined(separator: ", ") + " do not open with this key",
                          action: "restore the key these were sealed with, or relink the account\(unopenable.count == 1 ? "" : "s")")]
        }
        return [.ok("key file", blobs.isEmpty ? "no sealed credentials yet" : "opens all \(blobs.count) sealed credential\(blobs.count == 1 ? "" : "s")")]
    }
}
