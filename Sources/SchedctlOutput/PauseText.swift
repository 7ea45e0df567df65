import Foundation
import SchedulerCore

/// What `pause` and `resume` say: what changed, then what stays paused.
public enum PauseText {
    /// Issue 16, bug 11: a resume that lifted four accounts' pauses said "publishing: nothing is paused"; it now says
    /// what it resumed ("resumed 4 accounts: …"), or that there was nothing to resume.
    /// `asked`: what the resume named (an account, a network, or neither), to say that it was not paused.
    public static func render(_ view: PauseView, asked: PauseRequest = PauseRequest(), zone: TimeZone? = nil) -> String {
        var lines: [String] = []
        if let resumed = view.resumed {
            if resumed.everything { lines.append("resumed publishing everywhere") }
            if !resumed.accounts.isEmpty {
                lines.append("resumed \(Counted.of(resumed.accounts.count, "account")): \(resumed.accounts.joined(separator: ", "))")
            }
            if !resumed.networks.isEmpty {
                lines.append("resumed \(resumed.networks.count == 1 ? "network" : "networks") \(resumed.networks.map(\.displayName).joined(separator: ", "))")
            }
            if resumed.isEmpty {
                let named = asked.account ?? asked.network?.displayName
                lines.append(named.map { "\($0) was not paused; nothing to resume" } ?? "nothing was paused; nothing to resume")
            }
        }
        if view.everything {
            lines.append("publishing is paused everywhere; `schedctl resume` starts it again")
        } else if view.isEmpty, view.resumed?.isEmpty != true {
            lines.append(view.resumed == nil ? "publishing: nothing is paused" : "nothing is paused now")
        }
        let still = view.resumed == nil ? "paused" : "still paused"
        if !view.accounts.isEmpty { lines.append("\(still) accounts: \(view.accounts.joined(separator: ", "))") }
        for network in view.networks { lines.append("\(still) network: \(line(network, zone: zone))") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `LinkedIn since …: why; what to do`.
    public static func line(_ pause: NetworkPauseView, zone: TimeZone? = nil) -> String {
        var text = "\(pause.network.displayName) since \(ZonedTime.format(pause.since, in: zone))"
        text += pause.byPerson ? " (by hand; `schedctl resume --network \(pause.network.rawValue)`)" : ": \(pause.reason)"
        if let remedy = pause.remedy { text += "; to publish again: \(remedy)" }
        return text
    }
}
