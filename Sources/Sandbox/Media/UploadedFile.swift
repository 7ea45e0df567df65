import CryptoPrimitives
import SchedulerCore

/// A file that reached the sandbox: a multipart part, a raw upload, or an image it fetched itself.
struct UploadedFile: Sendable, Equatable {
    var filename: String?
    /// The type the client declared (or the server answered with), not what the bytes are.
    var contentType: String?
    var bytes: [UInt8]

    init(filename: String? = nil, contentType: String?, bytes: [UInt8]) {
        self.filename = filename
        self.contentType = contentType
        self.bytes = bytes
    }

    init(_ part: MultipartFormData.Part) {
        self.init(filename: part.filename, contentType: part.contentType, bytes: part.content)
    }

    /// Lower-case hex SHA-256 of the bytes.
    var sha256: String {
        Digest.sha256(bytes).map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    /// What records keep instead of the bytes: `{"filename", "content_type", "bytes", "sha256"}`.
    var descriptor: JSONValue {
        .object([
            "filename": filename.map(JSONValue.string) ?? .null,
            "content_type": contentType.map(JSONValue.string) ?? .null,
            "bytes": .integer(Int64(bytes.count)),
            "sha256": .string(sha256),
        ])
    }

    /// The descriptor plus what the sandbox read from the bytes (`format`, `width`, `height`).
    func descriptor(sniffed: SniffedMedia?) -> JSONValue {
        guard case .object(var members) = descriptor, let sniffed else { return descriptor }
        members["format"] = .string(sniffed.format.rawValue)
        if let width = sniffed.width, let height = sniffed.height {
            members["width"] = .integer(Int64(width))
            members["height"] = .integer(Int64(height))
        }
        return .object(members)
    }
}

extension MultipartFormData {
    /// The body as records keep it: text fields as strings, files as descriptors, secrets left out.
    var recordedBody: JSONValue {
        var members: [String: JSONValue] = [:]
        for part in parts where !RecordedBody.secretNames.contains(part.name) && members[part.name] == nil {
            members[part.name] = part.isFile || part.text == nil ? UploadedFile(part).descriptor : .string(part.text!)
        }
        return .object(members)
    }
}

/// Which request parameters never reach a record.
enum RecordedBody {
    /// Tokens and proofs a client may send as parameters (Graph takes `access_token` anywhere).
    static let secretNames: Set<String> = ["access_token", "appsecret_proof", "oauth_token", "client_secret"]
}

extension UploadedFile {
    /// What records keep of a file a network downloaded itself: the URL and the descriptor.
    func fetchedDescriptor(url: String, sniffed: SniffedMedia?) -> JSONValue {
        var members = descriptor(sniffed: sniffed).objectMembers
        members["url"] = .string(url)
        members["filename"] = nil
        return .object(members)
    }
}
