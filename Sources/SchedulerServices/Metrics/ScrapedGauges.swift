import Foundation
import Logging
import Metrics
import SchedulerCore
import SchedulerDomain

/// The gauges set when a scrape asks for them, not as things happen: deliveries by network and state (from the counts
/// the store keeps) and the process's memory. Made once, for every network and state, so a state that empties shows 0.
package struct ScrapedGauges: Sendable {
    package static let deliveries = "schedulerd_deliveries"
    package static let residentMemory = "process_resident_memory_bytes"
    package static let virtualMemory = "process_virtual_memory_bytes"

    private let store: any DeliveryCountStore
    private let byNetworkAndState: [Network: [DeliveryState: Gauge]]
    private let resident: Gauge
    private let virtual: Gauge
    private let logger: Logger

    package init(store: any DeliveryCountStore, factory: any MetricsFactory, logger: Logger) {
        self.store = store
        self.logger = logger
        byNetworkAndState = Dictionary(uniqueKeysWithValues: Network.allCases.map { network in
            (network, Dictionary(uniqueKeysWithValues: DeliveryState.allCases.map { state in
                (state, Gauge(label: Self.deliveries, dimensions: [("network", network.rawValue), ("state", state.rawValue)], factory: factory))
            }))
        })
        resident = Gauge(label: Self.residentMemory, factory: factory)
        virtual = Gauge(label: Self.virtualMemory, factory: factory)
    }

    /// Reads the counts and the memory now. A store that cannot be read leaves the last counts and is logged: the
    /// scrape still answers with everything else.
    package func refresh() async {
        if let memory = ProcessMemory.read() {
            resident.record(memory.residentBytes)
            virtual.record(memory.virtualBytes)
        }
        do {
            var counts: [Network: [DeliveryState: Int]] = [:]
            for count in try await store.deliveryCountsByNetwork() { counts[count.network, default: [:]][count.state] = count.count }
            for (network, gauges) in byNetworkAndState {
                for (state, gauge) in gauges { gauge.record(counts[network]?[state] ?? 0) }
            }
        } catch {
            logger.error("metrics: the delivery counts could not be read", metadata: ["error": "\(error)"])
        }
    }
}
