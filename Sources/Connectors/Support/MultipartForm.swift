import CryptoPrimitives
import Foundation
import NetworkRules

/// A `multipart/form-data` body (RFC 7578) for uploads: fields, then files, with a random boundary.
struct MultipartForm {
    let boundary = "schedulerd-" + SecureRandom.alphanumeric(24)
    private(set) var body: [UInt8] = []

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    mutating func field(_ name: String, _ value: String) {
        append("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n")
        append(value)
        append("\r\n")
    }

    mutating func file(_ name: String, fileName: String, contentType: String, bytes: [UInt8]) {
        append("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(fileName)\"\r\nContent-Type: \(contentType)\r\n\r\n")
        body += bytes
        append("\r\n")
    }

    /// The finished body.
    mutating func finish() -> [UInt8] {
        append("--\(boundary)--\r\n")
        return body
    }

    private mutating func append(_ text: String) {
        body += Array(text.utf8)
    }
}

/// Reads an attached file for upload, as a connector error when it is gone.
enum MediaFile {
    static func bytes(_ item: MediaItem, network: String) throws(ConnectorError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: item.path) else {
            throw ConnectorError(code: .permanent, message: "\(network): the attached file \(item.fileName) is missing from the state directory")
        }
        return Array(data)
    }
}

/// `application/x-www-form-urlencoded` bodies, percent-encoded the OAuth way (space as %20).
enum FormBody {
    static func encode(_ pairs: [(String, String)]) -> [UInt8] {
        Array(pairs.map { "\(PercentEncoding.encode($0.0))=\(PercentEncoding.encode($0.1))" }.joined(separator: "&").utf8)
    }
}
