import Foundation
import Testing

/// `GET /v1/openapi.json` answers the repository's document as it is, as JSON, from the router the daemon serves:
/// the contract a program reads is the one `make api-contract-test` checks the daemon against.
@Suite struct OpenAPIDocumentTests {
    static let repositoryFile = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/SchedulerServer/ControlAPI/openapi.json")

    @Test func theDaemon_servesTheRepositorysOpenAPIDocument_asJSON() async throws {
        let response = try await InProcessDaemon.run("openapi") { try await $0.api("GET", "/v1/openapi.json") }
        #expect(response.status == 200, "\(response.bodyText.prefix(300))")
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.body == [UInt8](try Data(contentsOf: Self.repositoryFile)), "the daemon serves another openapi.json than the repository's")
        let document = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        #expect(document?["openapi"] as? String == "3.1.0")
    }
}
