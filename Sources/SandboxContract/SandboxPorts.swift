/// `sandboxd --ports x=8080,bluesky=8083`: the port each emulated host listens on, by the names of
/// ``SandboxAnnouncement/hosts``. Written by `schedulerd`, which asks a restarted sandbox for the ports the last one
/// had, and read by `sandboxd`, here in one place.
public enum SandboxPorts {
    /// `x=8080,facebook=8081` for `ports`, in the order of ``SandboxAnnouncement/hosts``; hosts not named are left out.
    public static func argument(_ ports: [String: Int]) -> String {
        SandboxAnnouncement.hosts.compactMap { host in ports[host].map { "\(host)=\($0)" } }.joined(separator: ",")
    }

    /// The ports `text` names, by host.
    ///
    /// - Throws: ``SandboxSettingError`` naming the first entry that is not `HOST=PORT` with a known host and a port
    ///   from 0 to 65535.
    public static func parse(_ text: String) throws(SandboxSettingError) -> [String: Int] {
        var ports: [String: Int] = [:]
        for entry in text.split(separator: ",") where !entry.isEmpty {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, SandboxAnnouncement.hosts.contains(parts[0]), let port = Int(parts[1]), (0...65_535).contains(port) else {
                throw SandboxSettingError(code: .invalidPorts, message: "'\(entry)' is not HOST=PORT with a port from 0 to 65535 and a host "
                    + "the sandbox emulates (\(SandboxAnnouncement.hosts.joined(separator: ", ")))")
            }
            ports[parts[0]] = port
        }
        return ports
    }

    /// The port of a `http://HOST:PORT` base URL, as the announcement gives them.
    public static func port(of url: String) -> Int? {
        guard let colon = url.lastIndex(of: ":"), let port = Int(url[url.index(after: colon)...].prefix { $0.isNumber }) else { return nil }
        return port
    }
}
