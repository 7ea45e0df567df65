import SchedulerCore

extension NetworkRules {
    /// What `check` answers for `request`: the length as the network counts it and every problem. The daemon's
    /// `POST /v1/check` and `schedctl check` (which needs no daemon) both answer with this.
    ///
    /// A PNG for Instagram is checked as the JPEG `schedule` converts it to (same pixels; JPEG is the smaller), and a
    /// note says so, so `check` never refuses what `schedule` would publish.
    public func check(_ request: PublishRequest) -> CheckView {
        var checked = request
        var notes: [String] = []
        if network == .instagram {
            for index in checked.media.indices where checked.media[index].contentType == "image/png" {
                checked.media[index].contentType = "image/jpeg"
                notes.append("image \(index + 1) is a PNG: `schedule` converts it to JPEG for an Instagram account published "
                             + "through the Graph API, which takes only JPEG")
            }
        }
        let found = problems(with: checked)
        var view = CheckView(network: network, weightedLength: text.count(request.text), maxLength: text.maxLength,
                             valid: found.isEmpty, problems: found)
        if !notes.isEmpty { view.notes = notes }
        return view
    }
}
