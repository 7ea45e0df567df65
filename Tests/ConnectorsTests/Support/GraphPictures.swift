import Connectors
import Foundation
import HTTPClient
import NetworkRules
import SchedulerCore

/// Pictures for multi-image posts: each a small 1080×1350 JPEG with its own bytes, written where a connector reads
/// attached files and hosted on the sandbox's file shelf under its file name, where Instagram fetches it.
enum GraphPictures {
    /// A 1080×1350 JPEG whose scan data carries `index`, so each picture has its own SHA-256.
    static func jpeg(_ index: Int) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x4A, 0x46, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x05, 0x46, 0x04, 0x38, 0x03]
            + [UInt8(truncatingIfNeeded: index)] + Array(repeating: 0, count: 39) + [0xFF, 0xD9]
    }

    /// `count` pictures with alt texts `alt(i)`, each written as `<sha256>.jpg` in a temporary directory of its own
    /// (the connectors name a file by its last path component) and, with `shelf`, hosted there.
    static func make(_ count: Int, alt: (Int) -> String?, shelf: String? = nil, client: CurlHTTPClient? = nil) async throws -> [MediaItem] {
        var items: [MediaItem] = []
        for index in 0..<count {
            let bytes = jpeg(index)
            let digest = String(String(repeating: "0", count: 64) + String(index + 1)).suffix(64)
            let name = digest + ".jpg"
            let directory = NSTemporaryDirectory() + "schedulerd-graph-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let path = directory + "/" + name
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            if let shelf, let client {
                _ = try await client.send(HTTPRequest(method: "PUT", url: shelf + "/" + name, headers: [HTTPHeader("Content-Type", "image/jpeg")], body: bytes))
            }
            items.append(MediaItem(path: path, kind: .image, contentType: "image/jpeg", size: bytes.count, sha256: String(digest),
                                   width: 1080, height: 1350, alt: alt(index)))
        }
        return items
    }

    static func remove(_ items: [MediaItem]) {
        for item in items { try? FileManager.default.removeItem(atPath: (item.path as NSString).deletingLastPathComponent) }
    }
}

extension ListingSandbox {
    /// Every accepted request, as `GET /_sandbox/received` lists them.
    func received() async throws -> [JSONValue] {
        let response = try await client.send(HTTPRequest(url: graph + "/_sandbox/received"))
        guard case .array(let records) = try JSONDecoder().decode(JSONValue.self, from: Data(response.body)) else { return [] }
        return records
    }

    var facebookApp: FacebookApp { FacebookApp(graphBaseURL: graph, dialogBaseURL: graph, appID: "unused", appSecret: "unused") }
}
