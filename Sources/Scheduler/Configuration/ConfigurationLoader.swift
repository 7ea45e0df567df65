import Connectors
import Foundation
import Logging
import SandboxContract
import SchedulerCore
import SchedulerServices
import TOMLKit

/// Reads the TOML configuration strictly: an unknown key or a value of the wrong type is an error
/// naming the file and the key, never silently ignored.
package enum ConfigurationLoader {
    /// The file to read: `--config`, else `$SCHEDULERD_CONFIG`, else `/etc/schedulerd/schedulerd.toml` when it exists.
    package static func path(explicit: String?, environment: [String: String]) -> String? {
        if let explicit { return explicit }
        if let fromEnvironment = environment["SCHEDULERD_CONFIG"], !fromEnvironment.isEmpty { return fromEnvironment }
        let systemPath = "/etc/schedulerd/schedulerd.toml"
        return FileManager.default.fileExists(atPath: systemPath) ? systemPath : nil
    }

    package static func load(path: String) throws(ConfigurationError) -> DaemonConfiguration {
        let bytes: [UInt8]
        switch StartupFile.read(path) {
        case .success(let read): bytes = read
        case .failure(let problem): throw ConfigurationError("cannot read the configuration file \(path): \(problem)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigurationError("\(path) is not a configuration file: it is not UTF-8 text, and schedulerd reads TOML")
        }
        return try parse(text, file: path)
    }

    package static func parse(_ text: String, file: String) throws(ConfigurationError) -> DaemonConfiguration {
        // The TOML parser reads a C string: at a NUL it would stop and take a binary file for an empty,
        // valid configuration.
        if let offset = text.utf8.firstIndex(of: 0).map({ text.utf8.distance(from: text.utf8.startIndex, to: $0) }) {
            throw ConfigurationError("\(file) is not a configuration file: it holds binary data (a NUL byte at offset \(offset)), and schedulerd reads TOML text")
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigurationError("\(file):\(error.source.begin.line):\(error.source.begin.column): \(error.description)")
        } catch {
            throw ConfigurationError("\(file): not valid TOML: \(error)")
        }
        var reader = TableReader(table: table, file: file, prefix: "")
        var configuration = DaemonConfiguration()
        try readGeneral(&reader, into: &configuration)
        try readStore(&reader, into: &configuration)
        try readEngine(&reader, into: &configuration, file: file)
        try readServices(&reader, into: &configuration, file: file)
        try readNetworks(&reader, into: &configuration)
        try readRuns(&reader, into: &configuration)
        try reader.finish()
        return configuration
    }
}
