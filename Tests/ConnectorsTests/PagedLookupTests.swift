import Foundation
import SchedulerCore
import Testing
@testable import Connectors

/// The walk every look-up shares, with pages made up in the test.
@Suite struct PagedLookupTests {
    let since = Date(timeIntervalSince1970: 1_800_000_000)

    func lookup(_ text: String, pageLimit: Int = 32) -> PagedLookup {
        var lookup = PagedLookup(network: "Test", since: since, time: { $0["t"].flatMap(GraphErrorMapping.int).map { Date(timeIntervalSince1970: TimeInterval($0)) } },
                                 matches: { $0["text"]?.stringValue == text })
        lookup.pageLimit = pageLimit
        return lookup
    }

    func item(_ text: String, _ time: Date) -> JSONValue {
        .object(["text": .string(text), "t": .integer(Int64(time.timeIntervalSince1970))])
    }

    @Test func anEndlessListing_throwsRetryable_atThePageLimit_ratherThanAnsweringNil() async {
        var fetched = 0
        do {
            _ = try await lookup("x", pageLimit: 4).find { _ throws(ConnectorError) in
                fetched += 1
                return ListingPage(items: [item("other", since)], next: "more")
            }
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .retryable)
        }
        #expect(fetched == 4)
    }

    @Test func postsOlderThanSince_endTheWalk_andDoNotMatch() async throws {
        var fetched = 0
        let found = try await lookup("old").find { _ throws(ConnectorError) in
            fetched += 1
            return ListingPage(items: [item("new", since), item("old", since.addingTimeInterval(-61))], next: "more")
        }
        #expect(found == nil)
        #expect(fetched == 1)
    }

    @Test func aMinuteOfClockSkew_isAllowed() async throws {
        let found = try await lookup("skewed").find { _ throws(ConnectorError) in
            ListingPage(items: [item("skewed", since.addingTimeInterval(-59))], next: nil)
        }
        #expect(found != nil)
    }
}
