import Foundation
import NetworkRules

/// `export --media-dir`: each file the rows name, fetched from the daemon once and written into a directory, named by
/// its content (the start of its SHA-256, and the extension its bytes call for) so that no two files collide; each
/// row then names its files by their path relative to the export, as `import` reads `media`.
struct MediaExport {
    let directory: String
    /// The export's directory, which the paths in the rows are relative to.
    let relativeTo: String
    let client: ControlClient

    func write(_ rows: inout [ExportRow]) async throws {
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw CLIError(exitCode: ExitCodes.failure, message: "cannot create the media directory \(directory): \(error.localizedDescription)")
        }
        var written: [String: String] = [:]
        var names: Set<String> = []
        for index in rows.indices {
            var paths: [String] = []
            for id in rows[index].mediaIDs {
                if let path = written[id] { paths.append(path); continue }
                let bytes = try await client.send("GET", "/v1/media/\(id)")
                let type = MediaInspector.describe(Array(bytes.prefix(65_536)))?.fileExtension ?? "bin"
                let name = names.contains("\(id.prefix(16)).\(type)") ? "\(id).\(type)" : "\(id.prefix(16)).\(type)"
                let file = (directory as NSString).appendingPathComponent(name)
                guard FileManager.default.createFile(atPath: file, contents: bytes) else {
                    throw CLIError(exitCode: ExitCodes.failure, message: "cannot write \(file): \(String(cString: strerror(errno)))")
                }
                names.insert(name)
                written[id] = Self.relative(file, from: relativeTo)
                paths.append(written[id]!)
            }
            rows[index].mediaPaths = paths
        }
    }

    /// `path` as seen from directory `base`: `week-media/3f2a….jpg`, or `../media/…` when it is elsewhere.
    static func relative(_ path: String, from base: String) -> String {
        func components(_ path: String) -> [String] {
            let absolute = path.hasPrefix("/") ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
            return (absolute as NSString).standardizingPath.split(separator: "/").map(String.init)
        }
        let target = components(path), from = components(base)
        let shared = zip(target, from).prefix { $0 == $1 }.count
        return (Array(repeating: "..", count: from.count - shared) + target.dropFirst(shared)).joined(separator: "/")
    }
}
