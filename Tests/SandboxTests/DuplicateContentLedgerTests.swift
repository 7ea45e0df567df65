import Foundation
import Testing

@testable import Sandbox

@Suite struct DuplicateContentLedgerTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func isDuplicate_whenTheSameUserRepeatsTextWithin24Hours() {
        var ledger = DuplicateContentLedger()
        ledger.record(userID: "1", text: "Sunday run", now: start)
        #expect(ledger.isDuplicate(userID: "1", text: "Sunday run", now: start.addingTimeInterval(23 * 3600)))
    }

    @Test func isDuplicate_comparesTextInNFC() {
        var ledger = DuplicateContentLedger()
        ledger.record(userID: "1", text: "caf\u{E9}", now: start)
        #expect(ledger.isDuplicate(userID: "1", text: "cafe\u{301}", now: start))
    }

    @Test func isNotDuplicate_forAnotherUserOtherTextOrAfter24Hours() {
        var ledger = DuplicateContentLedger()
        ledger.record(userID: "1", text: "Sunday run", now: start)
        #expect(!ledger.isDuplicate(userID: "2", text: "Sunday run", now: start))
        #expect(!ledger.isDuplicate(userID: "1", text: "Monday run", now: start))
        #expect(!ledger.isDuplicate(userID: "1", text: "Sunday run", now: start.addingTimeInterval(24 * 3600)))
    }

    @Test func mediaOnlyPostsAreNeverDuplicates() {
        var ledger = DuplicateContentLedger()
        ledger.record(userID: "1", text: "", now: start)
        #expect(!ledger.isDuplicate(userID: "1", text: "", now: start))
    }
}
