import NetworkRules
import SchedulerCore
import Testing

/// How Mastodon instances and Threads count a post's text (`MastodonText`, `ThreadsText`; docs/research/).
@Suite struct MastodonAndThreadsTextTests {
    @Test func mastodon_countsALinkWithASchemeAsTheReservedLength_andARemoteMentionByItsLocalPart() {
        #expect(MastodonText.count("https://example.com/a/very/long/path/to/the/run/of/this/morning") == 23)
        #expect(MastodonText.count("http://x.io") == 23)
        #expect(MastodonText.count("example.com") == 11, "a bare host counts in full")
        #expect(MastodonText.count("hi @runner@example.social") == 10, "'hi @runner'")
        #expect(MastodonText.count("🇺🇦👨‍👩‍👧‍👦") == 2)
        #expect(MastodonText.count("mail a@b.org") == 12, "not a mention inside a word")
        #expect(MastodonText.count("Run", contentWarning: "Spoiler") == 10)
    }

    @Test func twoInstancesWithDifferentLimits_acceptAndRefuseTheSame600Characters() {
        let text = String(repeating: "a", count: 600)
        let big = MastodonInstanceLimits(maxCharacters: 1_000)
        #expect(MastodonText.problems(with: text, limits: big, instance: "big.example").isEmpty)
        #expect(MastodonText.problems(with: text, limits: MastodonInstanceLimits(), instance: "small.example")
            == ["the text counts 600 characters on small.example, over its limit of 500"])
        #expect(MastodonText.problems(with: String(repeating: "a", count: 500), limits: .init(), instance: "small.example").isEmpty)
    }

    @Test func aContentWarning_countsWithTheText_andTheProblemSaysSo() {
        let rules = NetworkRules.mastodon(MastodonInstanceLimits(), contentWarning: String(repeating: "w", count: 30))
        let text = String(repeating: "a", count: 480)
        let request = PublishRequest(text: text)
        #expect(rules.problems(with: request) == ["the text and its content warning count 510 characters, over Mastodon's limit of 500"])
        #expect(NetworkRules.mastodon(MastodonInstanceLimits()).problems(with: request).isEmpty, "480 alone fit")
        #expect(rules.comment.count(text) == 510, "a first comment carries the warning too")
    }

    @Test func threads_countsAnEmojiByItsBytes_andAtMostFiveLinks() {
        #expect(ThreadsText.count("abc") == 3)
        #expect(ThreadsText.count("🏃") == 4)
        #expect(ThreadsText.count("👨‍👩‍👧‍👦") == 25)
        #expect(ThreadsText.count("é日") == 2)
        #expect(ThreadsText.count("#1") == 2, "a keycap-free digit is no emoji")
        #expect(ThreadsText.problems(with: String(repeating: "a", count: 500)).isEmpty)
        #expect(ThreadsText.problems(with: String(repeating: "🏃", count: 126)).count == 1)
        let six = (1...6).map { "https://example.com/\($0)" }.joined(separator: " ")
        #expect(ThreadsText.problems(with: six) == ["the text has 6 links, over Threads' limit of 5"])
        #expect(ThreadsText.links("https://a.com https://a.com b.org") == 2)
    }
}
