import Foundation
import SchedulerCore

extension FacebookConnector {
    public func comment(_ request: CommentRequest, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost {
        throw ConnectorError(code: .permanent, message: "first comments on Facebook are not built yet")
    }

    public func findComment(_ request: CommentRequest, since: Date, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost? {
        throw ConnectorError(code: .permanent, message: "first comments on Facebook are not built yet")
    }
}
