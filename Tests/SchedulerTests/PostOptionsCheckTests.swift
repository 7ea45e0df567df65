import SchedulerCore
@testable import SchedulerServices
import Testing
@testable import Scheduler

/// A post's Mastodon visibility and content warning and its language, checked at schedule time (``PostService``):
/// each value one the networks take, each reaching an account that has it, each problem in words.
@Suite struct PostOptionsCheckTests {
    func check(_ request: SchedulePostRequest, networks: Set<Network>) -> (PostOptions, [String]) {
        var problems: [String] = []
        let options = PostService.checkOptions(request, networks: networks, problems: &problems)
        return (options, problems)
    }

    func request(visibility: String? = nil, warning: String? = nil, language: String? = nil) -> SchedulePostRequest {
        SchedulePostRequest(text: "Run", to: ["1"], at: "in 1h", visibility: visibility, contentWarning: warning, language: language)
    }

    @Test func valuesAreNormalised_andKept() {
        let (options, problems) = check(request(visibility: "Unlisted", warning: "Race talk", language: "EN"), networks: [.mastodon, .x])
        #expect(problems.isEmpty)
        #expect(options == PostOptions(visibility: .unlisted, contentWarning: "Race talk", language: "en"))
        #expect(options.json == #"{"content_warning":"Race talk","language":"en","visibility":"unlisted"}"#)
        #expect(PostOptions(json: options.json) == options)
        #expect(PostOptions().json == nil && PostOptions(json: nil).isEmpty)
    }

    @Test func unknownValues_areRefusedByName() {
        let (options, problems) = check(request(visibility: "friends", warning: "  ", language: "english"), networks: [.mastodon])
        #expect(options.isEmpty)
        #expect(problems == ["unknown visibility 'friends'; use public, unlisted, private or direct",
                             "the content warning is empty; a post without one is sent without it",
                             "'english' is not an ISO 639-1 language code; use two letters such as en, fr or de"])
        #expect(check(request(language: "xx"), networks: [.bluesky]).1.count == 1, "two letters, but no language")
    }

    @Test func anOptionNoAccountCarries_isRefused_butLanguageIsBlueskysToo() {
        let (_, xOnly) = check(request(visibility: "public", warning: "CW", language: "en"), networks: [.x, .facebook])
        #expect(xOnly == ["a visibility is Mastodon's, and none of the accounts is on Mastodon; leave it out",
                          "a content warning is Mastodon's, and none of the accounts is on Mastodon; leave it out",
                          "a language is for Mastodon and Bluesky, and none of the accounts is on either; leave it out"])
        #expect(check(request(language: "de"), networks: [.bluesky, .x]).1.isEmpty)
        #expect(check(request(warning: "CW"), networks: [.bluesky]).1.count == 1)
    }
}
