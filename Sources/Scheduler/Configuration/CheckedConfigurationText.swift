import RunSummary

/// The `[runs]` and `[web]` lines `schedulerd --check-config` prints, so a person sees what the daemon will watch and
/// where it will listen before starting it (no secret is among them).
package enum CheckedConfigurationText {
    package static func lines(_ configuration: DaemonConfiguration) -> [String] {
        var lines: [String] = []
        if let web = configuration.web {
            lines.append("web:       \(web.listen), base_url \(web.baseURL)" + (web.requireApproval ? ", editors' posts need approval" : ""))
        } else {
            lines.append("web:       off (no [web])")
        }
        let runs = configuration.runs
        guard let inbox = runs.inbox else {
            lines.append("runs:      no inbox (no [runs] inbox)")
            return lines
        }
        let zone = runs.timeZone?.identifier ?? "the daemon's"
        lines.append("runs:      inbox \(inbox), \(runs.units.rawValue), zone \(zone), \(runs.privacy.zones.count) privacy zone(s), "
                     + "start and end hidden \(Int(runs.privacy.hideStartEndMeters)) m")
        for (index, rule) in runs.rules.enumerated() {
            lines.append("  rule \(index + 1): \(rule.match) to \(rule.to.joined(separator: " ")), when \(rule.when)"
                         + (rule.thread ? ", as a thread" : "") + (rule.templates.map { ", templates \($0)" } ?? ""))
        }
        return lines
    }
}
