import Foundation
import SchedulerCore

extension ControlClient {
    /// A page of `GET /v1/posts?…`, as the daemon wrote it (decoded only for a table), with what its headers say: the
    /// next page's cursor, and, on a page counted off past the end, how many posts the listing holds.
    struct PostPage {
        var data: Data
        var nextCursor: String?
        var total: Int?
        /// The daemon's zone, which it says on every answer (`Schedulerd-Zone`; nil from a daemon before 0.31).
        var zone: String?
    }

    func postPage(_ query: String) async throws -> PostPage {
        let response = try await exchange("GET", "/v1/posts?" + query, bytes: nil)
        let data = Data(response.body)
        return PostPage(data: data, nextCursor: response.header("Next-Cursor"),
                        total: response.header("Total-Count").flatMap { Int($0) }, zone: response.header("Schedulerd-Zone"))
    }
}
