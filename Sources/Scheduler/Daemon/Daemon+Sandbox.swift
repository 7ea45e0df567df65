import Foundation
import Logging
import SandboxContract
import SchedulerCore
import SchedulerDomain
import SchedulerServices
import ServiceLifecycle

/// Sandbox mode's start: the daemon's own sandboxd where it stood last time, every emulated host named in the log, and
/// the accounts a restarted sandbox no longer knows marked for relinking (issue 48).
extension Daemon {
    /// In sandbox mode with no network URLs configured, the daemon's own sandboxd, asked for the ports the last one had
    /// (as `sandbox.json` recorded them, returned too); nil otherwise.
    package func startSandboxIfOwn(in group: inout ThrowingTaskGroup<Void, any Error>,
                           auxiliaryGroups: inout [ServiceGroup]) async throws -> (SandboxdProcess?, SandboxRecord?) {
        guard configuration.sandbox && NetworkURLs(configuration).x == nil else { return (nil, nil) }
        let record = SandboxRecord.load(stateDirectory: configuration.stateDirectory)
        return (try await startSandbox(asking: record?.ports ?? [:], in: &group, auxiliaryGroups: &auxiliaryGroups), record)
    }

    /// The emulations run as a process of their own, so the daemon carries none of their code; their URLs replace the
    /// networks'. `ports` are the ones the last sandbox had, by host: asked for again, so stored server addresses still
    /// point at the sandbox (a taken one is given up for another, which ``settle(_:since:store:vault:)`` logs).
    private func startSandbox(asking ports: [String: Int], in group: inout ThrowingTaskGroup<Void, any Error>,
                              auxiliaryGroups: inout [ServiceGroup]) async throws -> SandboxdProcess {
        var sandboxLogger = logger
        sandboxLogger[metadataKey: "component"] = "sandbox"
        let sandboxd = try await SandboxdProcess.launch(
            arguments: configuration.sandboxSettings.sandboxdArguments(logLevel: configuration.logLevel, ports: ports),
            environment: environment, logger: sandboxLogger)
        let serviceGroup = ServiceGroup(services: [sandboxd], gracefulShutdownSignals: [], cancellationSignals: [], logger: sandboxLogger)
        group.addTask { try await serviceGroup.run() }
        auxiliaryGroups.append(serviceGroup)
        // Every emulated host, from the one list of them (issue 48, item 4: Mastodon and Threads were left out).
        var metadata: Logger.Metadata = ["sandboxd.path": "\(sandboxd.path)", "sandboxd.pid": "\(sandboxd.pid)"]
        for host in SandboxAnnouncement.hosts { metadata["sandbox.\(host)"] = "\(sandboxd.urls[host] ?? "")" }
        logger.info("sandbox networks started", metadata: metadata)
        for (domain, url) in sandboxd.mastodonInstances.sorted(by: { $0.key > $1.key }) {
            logger.info("sandbox Mastodon instance: link an account on it with the command in sandbox.link", metadata: [
                "sandbox.domain": "\(domain)", "sandbox.url": "\(url)",
                "sandbox.link": "schedctl accounts link mastodon --instance \(domain)",
            ])
        }
        return sandboxd
    }

    /// After the sandbox started: says which of its addresses moved (their ports were taken), marks the accounts linked
    /// on an earlier sandbox for relinking (it has forgotten their tokens), and records this sandbox for the next start.
    package func settle(_ sandboxd: SandboxdProcess, since record: SandboxRecord?, store: any AccountStore, vault: CredentialVault) async throws {
        for moved in record?.moved(to: sandboxd.urls) ?? [] {
            logger.warning("a sandbox network's last port was taken; it listens at a new address", metadata: [
                "sandbox.host": "\(moved.host)", "sandbox.old_url": "\(moved.old)", "sandbox.new_url": "\(moved.new)",
            ])
        }
        if SandboxRelinking.isNewSandbox(record: record, instance: sandboxd.instance) {
            let marked = try await SandboxRelinking(store: store, vault: vault).markForgottenTokens()
            if marked > 0 {
                logger.warning("the sandbox was restarted and has forgotten its tokens: the accounts linked through it need relinking (`schedctl status` names them and the commands)",
                               metadata: ["accounts.count": "\(marked)"])
            }
        }
        do {
            try SandboxRecord(instance: sandboxd.instance, urls: sandboxd.urls).save(stateDirectory: configuration.stateDirectory)
        } catch {
            logger.error("the sandbox's addresses could not be kept for the next start; it will listen elsewhere then", metadata: [
                "path": "\(SandboxRecord.path(configuration.stateDirectory))", "error": "\(error)",
            ])
        }
    }
}
