import Foundation
import SandboxContract

/// What the daemon remembers of the sandbox it started, in `sandbox.json` in the state directory (mode 0600, replaced
/// whole): the addresses sandboxd listened on, which the next start asks for again so that the Bluesky PDS and Mastodon
/// instance URLs stored with accounts still point at the sandbox, and the instance the accounts were linked on, so a
/// restarted sandbox, which has forgotten every token, is told apart (issue 48).
package struct SandboxRecord: Codable, Equatable, Sendable {
    package static let fileName = "sandbox.json"

    /// The sandbox's instance, as sandboxd announced it; nil from an older sandboxd.
    package var instance: String?
    /// Each emulated host's base URL, by host name (``SandboxAnnouncement/hosts``).
    package var urls: [String: String]

    /// The record in `stateDirectory`; nil when there is none or it cannot be read (a start then asks for any ports and
    /// counts the sandbox as new).
    package static func load(stateDirectory: String) -> SandboxRecord? {
        guard let data = FileManager.default.contents(atPath: path(stateDirectory)) else { return nil }
        return try? JSONDecoder().decode(SandboxRecord.self, from: data)
    }

    /// Writes the record whole (a temporary file, synced, renamed over the old one), readable by this user only.
    ///
    /// - Throws: `POSIXError` when the file cannot be written.
    package func save(stateDirectory: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try BackupRestore.writePrivately(Array(try encoder.encode(self)), to: Self.path(stateDirectory))
    }

    package static func path(_ stateDirectory: String) -> String {
        (stateDirectory as NSString).appendingPathComponent(fileName)
    }

    /// The port of each host this record names, to ask the next sandboxd for.
    package var ports: [String: Int] {
        urls.compactMapValues(SandboxPorts.port(of:))
    }

    /// The hosts whose address changed from this record to `now`: a port that was taken, given up for another.
    package func moved(to now: [String: String]) -> [(host: String, old: String, new: String)] {
        SandboxAnnouncement.hosts.compactMap { host in
            guard let old = urls[host], let new = now[host], old != new else { return nil }
            return (host, old, new)
        }
    }
}
