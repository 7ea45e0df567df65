import SchedulerCore

/// The connectors the daemon publishes through, one per network.
public struct ConnectorRegistry: Sendable {
    private var connectors: [Network: any Connector] = [:]

    public init(_ connectors: [any Connector] = []) {
        for connector in connectors { register(connector) }
    }

    public mutating func register(_ connector: any Connector) {
        connectors[connector.network] = connector
    }

    public subscript(network: Network) -> (any Connector)? {
        connectors[network]
    }

    public var networks: [Network] { Network.allCases.filter { connectors[$0] != nil } }
}
