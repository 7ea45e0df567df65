import Foundation

/// `GET /v1/runs/inbox`: the inbox folder, the files being written to it now, and what became of those taken.
public struct InboxView: Codable, Sendable, Equatable {
    /// The folder watched; nil when `[runs] inbox` is not set.
    public var folder: String?
    /// Files seen but not yet complete (still being written, or settling), by name.
    public var waiting: [InboxWaitingFile]
    /// Files taken, newest change first.
    public var files: [InboxFileView]

    public init(folder: String?, waiting: [InboxWaitingFile], files: [InboxFileView]) {
        self.folder = folder
        self.waiting = waiting
        self.files = files
    }
}

/// A file in the folder that is not complete yet.
public struct InboxWaitingFile: Codable, Sendable, Equatable {
    public var name: String
    /// `writing` (a writer has it open), `settling` (closed, waiting to be sure no more is written) or `held` (another
    /// daemon is taking the same file).
    public var state: String
    public var since: Date

    public init(name: String, state: String, since: Date) {
        self.name = name
        self.state = state
        self.since = since
    }
}

/// One file the inbox took, by its content (SHA-256): the same bytes arriving again are this row.
public struct InboxFileView: Codable, Sendable, Equatable {
    public var sha256: String
    /// The name it arrived with last.
    public var name: String
    /// `taking`, `posted` or `failed`.
    public var state: String
    public var postId: Int64?
    /// Why it failed.
    public var error: String?
    public var arrivedAt: Date
    public var updatedAt: Date
    /// How many times the same file arrived again after it was posted, and was skipped.
    public var seenAgain: Int

    enum CodingKeys: String, CodingKey {
        case sha256, name, state, error
        case postId = "post_id", arrivedAt = "arrived_at", updatedAt = "updated_at", seenAgain = "seen_again"
    }

    public init(sha256: String, name: String, state: String, postId: Int64?, error: String?, arrivedAt: Date, updatedAt: Date, seenAgain: Int) {
        self.sha256 = sha256; self.name = name; self.state = state; self.postId = postId; self.error = error
        self.arrivedAt = arrivedAt; self.updatedAt = updatedAt; self.seenAgain = seenAgain
    }
}
