import SchedulerCore

extension NetworkRules {
    /// What `check` answers for `request`: the length as the network counts it and every problem. The daemon's
    /// `POST /v1/check` and `schedctl check` (which needs no daemon) both answer with this.
    public func check(_ request: PublishRequest) -> CheckView {
        let found = problems(with: request)
        return CheckView(network: network, weightedLength: text.count(request.text), maxLength: text.maxLength,
                         valid: found.isEmpty, problems: found)
    }
}
