import Foundation
import HTTPClient

/// What `/echo` saw of a request.
struct EchoedRequest: Decodable {
    var method: String
    var path: String
    var headers: [[String]]
    var body: String
    var bodyLength: Int
    var bodySHA256: String
    var connection: Int

    init(_ response: HTTPResponse) throws {
        self = try JSONDecoder().decode(EchoedRequest.self, from: Data(response.body))
    }

    /// The first value of the header called `name`, case-insensitively.
    func header(_ name: String) -> String? {
        headers.first { $0[0].lowercased() == name.lowercased() }?[1]
    }
}
