import Foundation
import HTTPClient
import SchedulerCore

/// Compares this machine's clock with each network's, read from the `Date` header of one request to its API.
/// A clock that is off publishes every post that far off, and OAuth 1.0a signatures carry a timestamp X checks.
package struct ClockSkewProbe: Sendable {
    /// The API base URL of each network schedulerd publishes to; networks sharing one (Facebook and Instagram) once.
    package let targets: [(name: String, url: String)]
    package let transport: any HTTPTransport
    package var timeout: Duration = .seconds(5)

    /// Beyond this (after the measurement's own uncertainty) the clock deserves a look.
    package static let warnAfter: TimeInterval = 2
    /// Beyond this, posts go out visibly off their time and signed requests risk refusal.
    package static let failAfter: TimeInterval = 60

    package func findings(now: Date) async -> [DoctorFinding] {
        await withTaskGroup(of: (Int, DoctorFinding).self) { group in
            for (index, target) in targets.enumerated() {
                group.addTask { (index, await finding(for: target)) }
            }
            var found: [(Int, DoctorFinding)] = []
            for await result in group { found.append(result) }
            return found.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    private func finding(for target: (name: String, url: String)) async -> DoctorFinding {
        let request = HTTPRequest(method: "HEAD", url: target.url, connectTimeout: timeout, timeout: timeout)
        let sentAt = Date()
        let response: HTTPResponse
        do { response = try await transport.send(request) } catch {
            return .fail("clock", "\(target.name): \(target.url) cannot be reached (\(error)), so neither its clock nor publishing can be checked",
                         action: "check the machine's DNS, proxy and firewall for \(target.url)")
        }
        let receivedAt = Date()
        guard let header = response.header("Date"), let serverDate = HTTPDate.parse(header) else {
            return .warn("clock", "\(target.name): \(target.url) answered without a readable Date header, so its clock cannot be compared",
                         action: "make sure this machine's clock is kept by NTP (`timedatectl` shows it)")
        }
        let skew = ClockSkew(serverDate: serverDate, sentAt: sentAt, receivedAt: receivedAt)
        return skew.finding(network: target.name)
    }
}

/// How far this clock is from a server's, from one exchange: the server's `Date` (whole seconds, taken somewhere
/// between sending and receiving) against the middle of the exchange.
package struct ClockSkew: Equatable {
    /// Positive when this machine is ahead of the server.
    package var seconds: TimeInterval
    /// How far the true offset may be from ``seconds``: half the round trip plus half of `Date`'s one-second resolution.
    package var uncertainty: TimeInterval

    package init(serverDate: Date, sentAt: Date, receivedAt: Date) {
        let roundTrip = max(0, receivedAt.timeIntervalSince(sentAt))
        let middle = sentAt.addingTimeInterval(roundTrip / 2)
        // `Date` truncates to the second: the server's instant lies in [date, date + 1).
        seconds = middle.timeIntervalSince(serverDate.addingTimeInterval(0.5))
        uncertainty = roundTrip / 2 + 0.5
    }

    package func finding(network: String) -> DoctorFinding {
        let beyond = abs(seconds) - uncertainty
        let direction = seconds > 0 ? "ahead of" : "behind"
        let amount = String(format: "%.1f s", abs(seconds))
        let action = "keep the clock by NTP: `timedatectl set-ntp true` (systemd-timesyncd) or chrony; `timedatectl` shows whether it is synchronised"
        if beyond > ClockSkewProbe.failAfter {
            return .fail("clock", "\(amount) \(direction) \(network)'s clock: posts go out that far off their time", action: action)
        }
        if beyond > ClockSkewProbe.warnAfter {
            return .warn("clock", "\(amount) \(direction) \(network)'s clock", action: action)
        }
        return .ok("clock", "within \(String(format: "%.1f", max(uncertainty, abs(seconds)))) s of \(network)'s clock")
    }
}

/// The HTTP `Date` header's IMF-fixdate (RFC 9110 §5.6.7), the only form a server may send: `Sun, 06 Nov 1994 08:49:37 GMT`.
package enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    package static func parse(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT", let day = Int(parts[1]), let monthIndex = months.firstIndex(of: String(parts[2])),
              let year = Int(parts[3]) else { return nil }
        let clock = parts[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3 else { return nil }
        var components = DateComponents(year: year, month: monthIndex + 1, day: day, hour: clock[0], minute: clock[1], second: clock[2])
        components.timeZone = TimeZone(identifier: "UTC")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: components), calendar.dateComponents([.day], from: date).day == day else { return nil }
        return date
    }
}
