import Foundation
import SchedulerCore

/// Scheduling a burst without racing the clock (issue 25).
///
/// A due time computed before hundreds of posts are scheduled is in the past by the time a busy two-core machine stores
/// the last of them, and the daemon refuses it. So a burst is scheduled while publishing is paused, each post due the
/// moment the daemon stores it (`at: "now"`, read by the daemon on receipt, never by the test), and released by one
/// `resume` once every post is stored: however long storing took, the posts are due together and go out after it.
extension DaemonUnderTest {
    /// Schedules `requests` while every account is paused, round-robin through `daemons` (they share one store) or
    /// this daemon alone, then resumes through this daemon; the pause is made through the first of `daemons`, so with
    /// several the resume comes from another daemon than the pause. The requests' own `at` is replaced by `now`.
    @discardableResult
    func scheduleHeld(_ requests: [SchedulePostRequest], through daemons: [DaemonUnderTest]? = nil) async throws -> [PostView] {
        let daemons = daemons ?? [self]
        try await daemons[0].setPaused(true)
        var posts: [PostView] = []
        for (index, request) in requests.enumerated() {
            var held = request
            held.at = "now"
            posts.append(try await daemons[index % daemons.count].schedule(held))
        }
        try await setPaused(false)
        return posts
    }

    /// `POST /v1/pause` or `/v1/resume` for every account, as `schedctl pause` and `resume` send them.
    func setPaused(_ paused: Bool) async throws {
        let response = try await api("POST", paused ? "/v1/pause" : "/v1/resume", body: Array("{}".utf8))
        guard response.status == 200 else { throw E2EError("\(paused ? "pause" : "resume") answered \(response.status): \(response.bodyText)") }
    }
}
