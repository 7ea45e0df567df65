import GRDB
import SchedulerCore
import SchedulerDomain

extension SQLiteStore: DeliveryCountStore {
    package func deliveryCountsByNetwork() async throws -> [DeliveryCount] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT a.network, c.state, SUM(c.n) AS n FROM delivery_count c JOIN account a ON a.id = c.account_id
                GROUP BY a.network, c.state HAVING SUM(c.n) != 0
                """).compactMap { row in
                guard let network = Network(rawValue: row["network"]), let state = DeliveryState(rawValue: row["state"]) else { return nil }
                return DeliveryCount(network: network, state: state, count: row["n"])
            }
        }
    }
}
