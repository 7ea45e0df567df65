import SchedulerCore
import SchedulerDomain

extension PauseView {
    /// The control API's view of what is paused (and what a resume lifted), field for field.
    package init(_ record: PauseRecord) {
        self.init(everything: record.everything, accounts: record.accounts, networks: record.networks.map(NetworkPauseView.init),
                  resumed: record.resumed.map { Resumed(everything: $0.everything, accounts: $0.accounts, networks: $0.networks) })
    }
}

extension NetworkPauseView {
    /// The control API's view of a paused network, field for field.
    package init(_ record: NetworkPauseRecord) {
        self.init(network: record.network, byPerson: record.byPerson, reason: record.reason, remedy: record.remedy, since: record.since)
    }
}

extension ThrottleView {
    /// The control API's view of deliveries a budget holds back, field for field.
    package init(_ record: ThrottleRecord) {
        self.init(deliveries: record.deliveries, from: record.from, until: record.until)
    }
}
