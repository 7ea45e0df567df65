import SchedulerCore

/// A record stored in an account's repository.
struct BlueskyRecord: Sendable, Equatable {
    var uri: String
    var cid: String
    var value: JSONValue
}

/// getRecord's and listRecords' answer for one record: `{uri, cid, value}`.
struct BlueskyRecordView: Encodable, Sendable {
    var uri: String
    var cid: String
    var value: JSONValue

    init(_ record: BlueskyRecord) {
        uri = record.uri
        cid = record.cid
        value = record.value
    }
}

/// How often an account's records were read, so a test can prove a client confirmed a lost answer with
/// getRecord and never listed the repository to find it.
public struct BlueskyReadCounts: Sendable, Equatable, Codable {
    public var getRecord = 0
    public var listRecords = 0

    public init(getRecord: Int = 0, listRecords: Int = 0) {
        self.getRecord = getRecord
        self.listRecords = listRecords
    }
}
