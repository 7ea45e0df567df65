import Foundation
import Logging
import SchedulerServer

/// Writes each log event as one JSON object on one line, for journald and log shippers:
/// `{"timestamp":"2026-11-22T06:30:00.120Z","level":"info","label":"schedulerd","message":"…","source":"Scheduler","metadata":{…}}`.
///
/// The timestamp is RFC 3339 in UTC with milliseconds; metadata keeps its nesting (dictionaries as objects, arrays
/// as arrays) and is redacted like the text format's (``LogRedaction``).
package struct JSONLogHandler: LogHandler {
    package var logLevel: Logger.Level = .info
    package var metadataProvider: Logger.MetadataProvider?
    package var metadata: Logger.Metadata = [:]

    private let label: String
    private let write: @Sendable (String) -> Void

    /// - Parameter write: receives each line, its newline included; standard error when not given.
    package init(label: String, metadataProvider: Logger.MetadataProvider? = nil,
                write: @escaping @Sendable (String) -> Void = JSONLogHandler.standardError) {
        self.label = label
        self.metadataProvider = metadataProvider
        self.write = write
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let explicit = event.metadata { merged.merge(explicit) { $1 } }
        if let error = event.error {
            merged["error.message"] = "\(error)"
            merged["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        write(Self.line(timestamp: Date(), level: event.level, label: label, message: event.message.description,
                        source: event.source, metadata: LogRedaction.redact(merged)))
    }

    /// One event as a JSON line; fields in a fixed order so a person reading the raw journal finds them easily.
    package static func line(timestamp: Date, level: Logger.Level, label: String, message: String, source: String,
                     metadata: Logger.Metadata) -> String {
        var line = "{\"timestamp\":" + JSONText.string(timestamp.formatted(Self.timestampStyle))
        line += ",\"level\":" + JSONText.string(level.rawValue)
        line += ",\"label\":" + JSONText.string(label)
        line += ",\"message\":" + JSONText.string(message)
        line += ",\"source\":" + JSONText.string(source)
        if !metadata.isEmpty { line += ",\"metadata\":" + JSONText.object(metadata) }
        return line + "}\n"
    }

    private static let timestampStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    package static let standardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data(line.utf8))
    }
}

/// The few JSON forms a log line needs, written directly: the encoder would sort or reorder fields, and a log line
/// is written on every event.
package enum JSONText {
    package static func object(_ metadata: Logger.Metadata) -> String {
        let fields = metadata.sorted { $0.key < $1.key }.map { string($0.key) + ":" + value($0.value) }
        return "{" + fields.joined(separator: ",") + "}"
    }

    package static func value(_ value: Logger.MetadataValue) -> String {
        switch value {
        case .string(let text): string(text)
        case .stringConvertible(let convertible): string(convertible.description)
        case .dictionary(let nested): object(nested)
        case .array(let values): "[" + values.map(Self.value).joined(separator: ",") + "]"
        }
    }

    /// A JSON string literal (RFC 8259): quotes, backslashes and control characters escaped.
    package static func string(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
