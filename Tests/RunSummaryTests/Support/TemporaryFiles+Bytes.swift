import Foundation

extension TemporaryFiles {
    func write(_ name: String, bytes: [UInt8]) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}
