import Foundation
import SchedulerCore
import Testing

@testable import Sandbox

@Suite struct TweetValidatorTests {
    func body(_ json: String) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
    }

    func problem(_ result: Result<TweetDraft, XProblem>) -> XProblem? {
        if case .failure(let problem) = result { return problem }
        return nil
    }

    @Test func validate_acceptsTextAndMedia() throws {
        let draft = try TweetValidator.validate(body(#"{"text":"Sunday run","media":{"media_ids":["1","2"]}}"#)).get()
        #expect(draft == TweetDraft(text: "Sunday run", mediaIDs: ["1", "2"]))
    }

    @Test func validate_acceptsMediaWithoutText() throws {
        let draft = try TweetValidator.validate(body(#"{"media":{"media_ids":["1"]}}"#)).get()
        #expect(draft.text.isEmpty)
    }

    @Test func validate_rejectsInvalidJSONAndNonObjects() {
        #expect(problem(TweetValidator.validate(nil))?.reasonCode == "invalid_json")
        #expect(problem(TweetValidator.validate(body(#"["text"]"#)))?.status == 400)
    }

    @Test func validate_rejectsMissingOrNonStringText() {
        #expect(problem(TweetValidator.validate(body("{}")))?.reasonCode == "missing_text")
        #expect(problem(TweetValidator.validate(body(#"{"text":""}"#)))?.reasonCode == "missing_text")
        #expect(problem(TweetValidator.validate(body(#"{"text":42}"#)))?.reasonCode == "invalid_text")
    }

    @Test func validate_rejectsBadMediaIDs() {
        #expect(problem(TweetValidator.validate(body(#"{"text":"a","media":{"media_ids":[]}}"#)))?.reasonCode == "invalid_media")
        #expect(problem(TweetValidator.validate(body(#"{"text":"a","media":{"media_ids":[1]}}"#)))?.reasonCode == "invalid_media")
        let five = #"{"text":"a","media":{"media_ids":["1","2","3","4","5"]}}"#
        #expect(problem(TweetValidator.validate(body(five)))?.reasonCode == "invalid_media")
    }

    @Test func validate_accepts280CharactersAndRejects281WithXsProblem() throws {
        _ = try TweetValidator.validate(.object(["text": .string(String(repeating: "a", count: 280))])).get()
        let tooLong = problem(TweetValidator.validate(.object(["text": .string(String(repeating: "a", count: 281))])))
        #expect(tooLong?.status == 400)
        #expect(tooLong?.type == "https://api.twitter.com/2/problems/invalid-request")
        #expect(tooLong?.errors?.first?.message.hasPrefix("Your Tweet text is too long.") == true)
    }

    @Test func validate_countsTheXWay_200CJKCharactersAreRefused_140Fit() throws {
        let cjk = String(repeating: "故", count: 200)
        #expect(problem(TweetValidator.validate(.object(["text": .string(cjk)])))?.reasonCode == "text_too_long", "200 CJK weigh 400")
        _ = try TweetValidator.validate(.object(["text": .string(String(repeating: "故", count: 140))])).get()
        let decomposed = "e\u{301}"  // é as e + combining acute: 2 scalars, 1 after NFC
        _ = try TweetValidator.validate(.object(["text": .string(String(repeating: decomposed, count: 280))])).get()
        let withURL = String(repeating: "a", count: 256) + " https://example.com/" + String(repeating: "x", count: 100)
        _ = try TweetValidator.validate(.object(["text": .string(withURL)])).get()
    }
}
