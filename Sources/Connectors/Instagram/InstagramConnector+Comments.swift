import Foundation
import SchedulerCore

extension InstagramConnector {
    public func comment(_ request: CommentRequest, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost {
        throw ConnectorError(code: .permanent, message: "first comments on Instagram are not built yet")
    }

    public func findComment(_ request: CommentRequest, since: Date, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost? {
        throw ConnectorError(code: .permanent, message: "first comments on Instagram are not built yet")
    }
}
