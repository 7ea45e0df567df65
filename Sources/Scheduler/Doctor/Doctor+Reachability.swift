import Connectors
import Foundation
import HTTPClient
import SchedulerCore

/// Whether each network that has accounts can be connected to at all, at the address its accounts publish to: the
/// app's API for X, Facebook, Instagram, LinkedIn and Threads, each account's own server for Bluesky and Mastodon
/// (issue 48, item 1: a restarted sandbox listened elsewhere, and `doctor` still said every account was ready).
extension Doctor {
    /// How long a network's address is given to answer.
    package static let reachabilityTimeout: Duration = .seconds(3)

    /// One finding per network and address with accounts, and the addresses that did not answer (the clock is not
    /// asked there again).
    package func reachabilityFindings() async -> (findings: [DoctorFinding], unreachable: Set<String>) {
        let targets = await reachabilityTargets()
        let answers = await withTaskGroup(of: (Int, String?).self) { group in
            for (index, target) in targets.enumerated() {
                group.addTask { (index, await Self.connectionProblem(target.url, transport: clock.transport)) }
            }
            var answers: [Int: String?] = [:]
            for await (index, problem) in group { answers[index] = problem }
            return answers
        }
        var findings: [DoctorFinding] = []
        var unreachable: Set<String> = []
        for (index, target) in targets.enumerated() {
            let accounts = target.accounts.sorted().joined(separator: ", ")
            guard let problem = answers[index] ?? nil else {
                findings.append(.ok("network", "\(target.network.displayName) answers at \(target.url) (\(accounts))"))
                continue
            }
            unreachable.insert(target.url)
            let action = configuration.sandbox
                ? "the sandbox does not listen there (any more): relink \(target.accounts.count == 1 ? "the account" : "these accounts") "
                    + "on the sandbox the daemon runs now (`schedctl status` gives the commands), or restart schedulerd if sandboxd is gone"
                : "check that the address is right and the server runs, and the machine's DNS, proxy and firewall for \(target.url)"
            findings.append(.fail("network", "\(target.network.displayName) cannot be reached at \(target.url) (\(problem)); "
                                      + "\(target.accounts.count == 1 ? "its account" : "its accounts") \(accounts) cannot publish",
                                  action: action))
        }
        return (findings, unreachable)
    }

    /// Each network and address with accounts that publish there (not removed, not handoff-only), in network order.
    private func reachabilityTargets() async -> [(network: Network, url: String, accounts: [String])] {
        guard let accounts = try? await store.accounts() else { return [] }
        var servers: [Int64: String] = [:]
        for blob in (try? await store.sealedBlobs()) ?? [] {
            servers[blob.accountID] = (try? vault.open(blob.sealed, accountID: blob.accountID))?.serviceURL
        }
        var targets: [(network: Network, url: String, accounts: [String])] = []
        for account in accounts where account.status != .revoked && account.authKind != .none {
            let ownServer = account.network == .bluesky || account.network == .mastodon ? servers[account.id] : nil
            guard let url = ownServer ?? networkAddresses[account.network] else { continue }
            if let index = targets.firstIndex(where: { $0.network == account.network && $0.url == url }) {
                targets[index].accounts.append(account.reference)
            } else {
                targets.append((account.network, url, [account.reference]))
            }
        }
        return targets.sorted { (Network.allCases.firstIndex(of: $0.network)!, $0.url) < (Network.allCases.firstIndex(of: $1.network)!, $1.url) }
    }

    /// Nil when something answers HTTP at `url` within ``reachabilityTimeout`` (whatever its status); else why not.
    package static func connectionProblem(_ url: String, transport: any HTTPTransport) async -> String? {
        do {
            _ = try await transport.send(HTTPRequest(method: "HEAD", url: url, connectTimeout: reachabilityTimeout, timeout: reachabilityTimeout))
            return nil
        } catch let error as HTTPClientError {
            return error.message
        } catch {
            return "\(error)"
        }
    }
}
