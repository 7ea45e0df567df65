import Foundation
import SchedulerCore
import Testing

/// Wrong input to `POST /v1/posts` and `GET /v1/posts` is refused with 400 and the API's JSON error, names the problem,
/// and stores nothing. BadInputTests (end to end) keeps what schedctl checks itself (a missing `--to`, a media file it
/// cannot read) and one refusal of the daemon's, for the exit code schedctl gives it.
@Suite struct ScheduleRefusalTests {
    static let cases: [(name: String, request: SchedulePostRequest, message: String)] = [
        ("unknown account", SchedulePostRequest(text: "Hello", to: ["x:@nobody"], at: "in 1h"), "no account 'x:@nobody'"),
        ("time in the past", SchedulePostRequest(text: "Hello", to: ["x:@runner"], at: "2020-01-01T08:00:00Z"), "in the past"),
        ("unparsable time", SchedulePostRequest(text: "Hello", to: ["x:@runner"], at: "next blue moon"), "cannot read 'next blue moon' as a time"),
        ("unknown zone", SchedulePostRequest(text: "Hello", to: ["x:@runner"], at: "2031-01-01 10:00", tz: "Mars/Olympus_Mons"),
         "unknown time zone 'Mars/Olympus_Mons'"),
        ("empty text", SchedulePostRequest(text: "", to: ["x:@runner"], at: "in 1h"), "the text is empty"),
        ("text over 280", SchedulePostRequest(text: String(repeating: "a", count: 281), to: ["x:@runner"], at: "in 1h"),
         "281 characters, over X's limit of 280"),
        ("CJK over 280 by weight", SchedulePostRequest(text: String(repeating: "漢", count: 141), to: ["x:@runner"], at: "in 1h"),
         "282 characters, over X's limit of 280"),
        ("skipped DST hour", SchedulePostRequest(text: "Hello", to: ["x:@runner"], at: "2031-03-30 02:30", tz: "Europe/Paris"),
         "does not exist in Europe/Paris"),
        ("unknown placeholder", Self.repeating("Run {{nonexistent}}", "daily"),
         "the text has {{nonexistent}}, which is not a placeholder; the placeholders are {{n}}, {{date}}, {{weekday}}"),
    ]

    static func repeating(_ text: String, _ rule: String) -> SchedulePostRequest {
        var request = SchedulePostRequest(text: text, to: ["x:@runner"], at: "in 1h")
        request.repeatRule = rule
        return request
    }

    @Test func eachBadScheduleRequest_isRefusedWith400_namesTheProblem_andStoresNothing() async throws {
        try await InProcessDaemon.run("badinput") { daemon in
            _ = try await daemon.addSandboxAccount(username: "runner")
            for entry in Self.cases {
                try await Self.expectRefused(await daemon.api("POST", "/v1/posts", json: entry.request), entry.name, entry.message)
            }
            try await Self.expectRefused(await daemon.api("GET", "/v1/posts?state=bogus"), "unknown state", "unknown state 'bogus'")
            try await Self.expectRefused(await daemon.api("GET", "/v1/posts?after=not-a-cursor"), "bad list cursor", "'not-a-cursor' is not a list cursor")
            let all = try daemon.decode([PostView].self, await daemon.api("GET", "/v1/posts?state=all&limit=1000"), expecting: 200)
            #expect(all.isEmpty, "nothing was stored")
        }
    }

    /// 400 with the API's JSON error: the code `bad_request` and a message that names the problem.
    static func expectRefused(_ answer: Answer, _ name: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(answer.status == 400, "\(name): \(answer.status) \(answer.bodyText)", sourceLocation: sourceLocation)
        let error = try JSONCoding.decoder().decode(APIErrorBody.self, from: Data(answer.body)).error
        #expect(error.code == "bad_request", "\(name): \(error.code)", sourceLocation: sourceLocation)
        #expect(error.message.contains(message) || (error.problems ?? []).contains { $0.contains(message) },
                "\(name): \(answer.bodyText)", sourceLocation: sourceLocation)
    }
}
