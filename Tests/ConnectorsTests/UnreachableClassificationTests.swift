import HTTPClient
import Testing

@testable import Connectors

/// Issue 48, item 1: a network nothing answers at is told apart from one that answered slowly or badly, so `status`
/// can name it.
struct UnreachableClassificationTests {
    @Test func aConnectionRefused_isUnreachable_whileATimeoutIsNot() {
        let refused = ConnectorTransport.classify(HTTPClientError(code: .couldNotConnect, message: "could not connect"), network: "X", publishing: true)
        #expect(refused.unreachable && refused.code == .retryable)
        let slow = ConnectorTransport.classify(HTTPClientError(code: .timedOut, message: "timed out"), network: "X", publishing: false)
        #expect(!slow.unreachable)
    }
}
