import Foundation
import Scheduler
import SchedulerCore
import SchedulerDomain
import SchedulerStores

/// What durable claims cost: the same deliveries claimed from the same kind of database file, with the
/// claim's commit fsynced (`synchronous = FULL`, what schedulerd does) and without (`NORMAL`), in one run,
/// one claim per transaction (the worst case: posts trickling in) and 64 per transaction (a burst).
struct ClaimDurabilityBench {
    var deliveries: Int
    var work: String

    struct Figure {
        var batch: Int
        var durable: Double
        var normal: Double
    }

    func run() async throws -> [Figure] {
        var figures: [Figure] = []
        for batch in [1, 64] {
            let durable = try await claimsPerSecond(batch: batch, durable: true)
            let normal = try await claimsPerSecond(batch: batch, durable: false)
            figures.append(Figure(batch: batch, durable: durable, normal: normal))
        }
        return figures
    }

    private func claimsPerSecond(batch: Int, durable: Bool) async throws -> Double {
        let path = "\(work)/claims-\(batch)-\(durable ? "full" : "normal").sqlite"
        let store = try SQLiteStore.open(path: path, durableClaims: durable)
        let account = try await store.upsertAccount(network: .x, remoteID: "bench", handle: "bench", displayName: "Bench",
                                                    authKind: .oauth1) { _ in Array("sealed".utf8) }
        let due = Date().addingTimeInterval(-1)
        let time = ScheduleTime(instant: due, zoneIdentifier: "UTC", wallClock: "2030-01-01T00:00:00")
        for index in 0..<deliveries {
            _ = try await store.insertPost(NewPost(text: "claim \(index)", time: time, latenessLimitSeconds: 86_400,
                                                   targets: [NewPost.Target(accountID: account.id)]), now: due)
        }
        let started = ContinuousClock.now
        var claimed = 0
        while claimed < deliveries {
            let (claims, _) = try await store.claimDue(now: Date(), limit: batch)
            guard !claims.isEmpty else { break }
            claimed += claims.count
        }
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        return Double(claimed) / max(seconds, 0.000_001)
    }
}

extension ClaimDurabilityBench.Figure {
    var text: String {
        String(format: "claims of %d per transaction: %.0f/s durable (synchronous=FULL) vs %.0f/s without (NORMAL), ratio %.2f",
               batch, durable, normal, durable / normal)
    }
}
