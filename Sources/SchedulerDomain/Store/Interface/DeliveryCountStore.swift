import SchedulerCore

/// What a metrics scrape reads of the store: how many deliveries each network has in each state.
package protocol DeliveryCountStore: Sendable {
    /// From the counts the triggers keep per account and state (`delivery_count`), joined to the accounts' networks:
    /// a few rows, however many deliveries there are. States with none are left out.
    func deliveryCountsByNetwork() async throws -> [DeliveryCount]
}

/// Deliveries of one network in one state.
package struct DeliveryCount: Sendable, Equatable {
    package var network: Network
    package var state: DeliveryState
    package var count: Int

    package init(network: Network, state: DeliveryState, count: Int) {
        self.network = network
        self.state = state
        self.count = count
    }
}
