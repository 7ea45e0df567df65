import SchedulerCore

/// One page of a network's newest-first list of an account's posts, as a connector read it.
///
/// A page is only built from an answer that was read completely: a connector throws rather than
/// make a page from a body it could not parse, because an empty page would read as "not there".
struct ListingPage: Sendable {
    /// The posts on the page, newest first.
    var items: [JSONValue]
    /// What to send for the next page (a token, a cursor or an offset); nil when the network says there is none.
    var next: String?

    init(items: [JSONValue], next: String?) {
        self.items = items
        self.next = next?.isEmpty == true ? nil : next
    }
}
