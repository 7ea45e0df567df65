import Foundation
import SchedulerCore
import SchedulerServices
import TOMLKit


/// Reads one TOML table key by key, remembering which keys were used so the rest can be reported as unknown.
package struct TableReader {
    package let table: TOMLTable
    package let file: String
    package let prefix: String
    private var used: Set<String> = []

    package init(table: TOMLTable, file: String, prefix: String) {
        self.table = table
        self.file = file
        self.prefix = prefix
    }

    package func error(_ key: String, _ problem: String) -> ConfigurationError {
        ConfigurationError("\(file): \(prefix)\(key): \(problem)")
    }

    private mutating func value(_ key: String) -> (any TOMLValueConvertible)? {
        used.insert(key)
        return table[key]
    }

    package mutating func string(_ key: String) throws(ConfigurationError) -> String? {
        guard let raw = value(key) else { return nil }
        guard let text = raw.string else { throw error(key, "expected a string, found \(raw.type)") }
        return text
    }

    /// An array of strings, `example` showing one in the error for anything else.
    package mutating func stringArray(_ key: String, example: String) throws(ConfigurationError) -> [String]? {
        guard let raw = value(key) else { return nil }
        guard let array = raw.array else { throw error(key, "expected an array of strings, such as \(example)") }
        var strings: [String] = []
        for element in array {
            guard let text = element.string else { throw error(key, "every element must be a string") }
            strings.append(text)
        }
        return strings
    }

    /// A command and its arguments, the command an absolute path (no shell is used).
    package mutating func command(_ key: String) throws(ConfigurationError) -> [String]? {
        guard let strings = try stringArray(key, example: "[\"/usr/local/bin/notify\", \"--flag\"]") else { return nil }
        guard let first = strings.first, first.hasPrefix("/") else { throw error(key, "give the command as an absolute path first; no shell is used") }
        return strings
    }

    package mutating func url(_ key: String) throws(ConfigurationError) -> String? {
        guard let text = try string(key) else { return nil }
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw error(key, "'\(text)' is not an http or https URL")
        }
        return text
    }

    package mutating func bool(_ key: String) throws(ConfigurationError) -> Bool? {
        guard let raw = value(key) else { return nil }
        guard let flag = raw.bool else { throw error(key, "expected true or false, found \(raw.type)") }
        return flag
    }

    package mutating func int(_ key: String, in range: ClosedRange<Int>) throws(ConfigurationError) -> Int? {
        guard let raw = value(key) else { return nil }
        guard let number = raw.int else { throw error(key, "expected an integer, found \(raw.type)") }
        guard range.contains(number) else { throw error(key, "\(number) is outside \(range.lowerBound)...\(range.upperBound)") }
        return number
    }

    package mutating func duration(_ key: String) throws(ConfigurationError) -> Int? {
        guard let text = try string(key) else { return nil }
        guard let seconds = DurationParser.seconds(text), seconds > 0 else { throw error(key, "'\(text)' is not a duration such as 2s, 30m or 2h") }
        return seconds
    }

    /// A number, integer or not (a latitude).
    package mutating func number(_ key: String) throws(ConfigurationError) -> Double? {
        guard let raw = value(key) else { return nil }
        if let number = raw.double { return number }
        if let number = raw.int { return Double(number) }
        throw error(key, "expected a number, found \(raw.type)")
    }

    /// An array of tables (`[[key]]`, or `[{ ... }, { ... }]`), each read as its own table named `key[i]`.
    package mutating func tableArray(_ key: String, example: String) throws(ConfigurationError) -> [TableReader]? {
        guard let raw = value(key) else { return nil }
        guard let array = raw.array else { throw error(key, "expected an array of tables, such as \(example)") }
        var tables: [TableReader] = []
        for (index, element) in array.enumerated() {
            guard let nested = element.table else { throw error(key, "element \(index + 1) is not a table; write each as \(example)") }
            tables.append(TableReader(table: nested, file: file, prefix: "\(prefix)\(key)[\(index + 1)]."))
        }
        return tables
    }

    package mutating func table(_ key: String) throws(ConfigurationError) -> TableReader? {
        guard let raw = value(key) else { return nil }
        guard let nested = raw.table else { throw error(key, "expected a table ([\(prefix)\(key)]), found \(raw.type)") }
        return TableReader(table: nested, file: file, prefix: "\(prefix)\(key).")
    }

    /// Fails on the first key that was never read: a typo must not be silently ignored.
    package func finish() throws(ConfigurationError) {
        if let unknown = table.keys.sorted().first(where: { !used.contains($0) }) {
            throw ConfigurationError("\(file): unknown key '\(prefix)\(unknown)'; see config/schedulerd.toml for the keys schedulerd reads")
        }
    }
}
