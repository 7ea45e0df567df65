import SchedulerCore

/// What a `pause` or `resume` acts on, decided once for both stores: one network, one account, everything, or, for a
/// `resume` that names neither, every pause at once (the accounts' and the networks' too).
package enum PauseScope: Equatable {
    case network(Network)
    case account(String)
    case everything
    case everyPause

    package init(account reference: String?, network: Network?, paused: Bool) throws(StoreError) {
        switch (reference, network) {
        case (.some, .some): throw PostRefusals.pauseAccountOrNetwork()
        case (nil, .some(let network)): self = .network(network)
        case (.some(let reference), nil): self = .account(reference)
        case (nil, nil): self = paused ? .everything : .everyPause
        }
    }
}
