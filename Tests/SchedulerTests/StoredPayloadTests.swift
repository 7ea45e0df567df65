import Foundation
import SchedulerCore
@testable import SchedulerDomain
import Testing

/// `EventRecord.storedPayload` is written field by field; `JSONDecoder`, which reads it back, is the judge.
@Suite struct StoredPayloadTests {
    /// Every character JSON must escape, and some it must not: quotes, reverse solidus, each control character,
    /// a slash, text outside ASCII, an emoji with a joiner, and the line separators U+2028 and U+2029.
    static let awkward = "\"quoted\" back\\slash /slash é 🏃‍♀️ \u{2028}\u{2029} "
        + String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init))) + "\u{7F}"

    static let events: [EventRecord] = [
        EventRecord(event: "published", at: Date(timeIntervalSince1970: 1_796_436_764.123), postId: 12, deliveryId: 34,
                  account: "x:@runner_42", message: "Published to x:@runner_42", remoteUrl: "https://x.com/runner_42/status/1"),
        EventRecord(event: "network_paused", at: Date(timeIntervalSince1970: 0), network: "linkedin", message: ""),
        EventRecord(id: 9, event: "handed_off", at: Date(timeIntervalSince1970: 2_000_000_000.5), postId: Int64.max, deliveryId: -1,
                  account: awkward, network: awkward, message: awkward, remoteUrl: awkward, caption: awkward, bundle: awkward,
                  media: [awkward, "", "b.jpg"], confirm: awkward),
        EventRecord(event: "handoff_reminder", at: Date(timeIntervalSince1970: 1_000), message: "m", media: []),
    ]

    @Test(arguments: events)
    func theStoredPayload_decodesToTheSameEvent(_ event: EventRecord) throws {
        let decoded = try JSONCoding.decoder().decode(EventRecord.self, from: Data(event.storedPayload.utf8))
        #expect(decoded == event)
    }

    /// The same keys as the encoder's, so a payload stored before this writer decodes as before, and a nil field
    /// is left out rather than written as null.
    @Test(arguments: events)
    func theStoredPayload_hasTheEncodersKeys(_ event: EventRecord) throws {
        func keys(_ data: Data) throws -> Set<String> {
            Set(try #require(JSONSerialization.jsonObject(with: data) as? [String: Any]).keys)
        }
        #expect(try keys(Data(event.storedPayload.utf8)) == keys(JSONCoding.encoder().encode(event)))
    }

    /// A field added to `EventRecord` must be added to the stored payload too, or it would be lost on the way
    /// through the database: the event with every field set has as many keys as `EventRecord` has properties.
    @Test func theStoredPayload_coversEveryPropertyOfEventView() throws {
        let everyField = Self.events[2]
        let properties = Mirror(reflecting: everyField).children.count
        let stored = try #require(JSONSerialization.jsonObject(with: Data(everyField.storedPayload.utf8)) as? [String: Any])
        #expect(stored.count == properties)
        let unset = Mirror(reflecting: everyField).children.filter { child in
            let value = Mirror(reflecting: child.value)
            return value.displayStyle == .optional && value.children.isEmpty
        }
        #expect(unset.isEmpty, "the test's event leaves \(unset.compactMap(\.label)) unset")
    }

    @Test func controlCharacters_areEscaped_andNothingElseIs() {
        let event = EventRecord(event: "e", at: Date(timeIntervalSince1970: 0), message: "a\u{0}b\u{1F}c\nd\"e\\f/g é")
        #expect(event.storedPayload.contains(#""message":"a\u0000b\u001fc\nd\"e\\f/g é""#))
    }
}
