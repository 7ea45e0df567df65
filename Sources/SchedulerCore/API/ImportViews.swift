import Foundation

/// `POST /v1/posts/batch`: many posts at once, as `schedctl import` sends a file's rows. Every row is checked
/// first; nothing is stored unless every row is valid, or, with `skip_invalid`, the valid ones are stored.
public struct ImportRequest: Codable, Sendable, Equatable {
    public var posts: [SchedulePostRequest]
    /// The file line of each post, for the problems' messages; the row's position (from 1) when absent.
    public var lines: [Int]?
    public var dryRun: Bool?
    public var skipInvalid: Bool?

    enum CodingKeys: String, CodingKey {
        case posts, lines
        case dryRun = "dry_run", skipInvalid = "skip_invalid"
    }

    public init(posts: [SchedulePostRequest], lines: [Int]? = nil, dryRun: Bool? = nil, skipInvalid: Bool? = nil) {
        self.posts = posts; self.lines = lines; self.dryRun = dryRun; self.skipInvalid = skipInvalid
    }
}

/// What an import stored (or, with `dry_run`, would store) and which rows it refused.
public struct ImportView: Codable, Sendable, Equatable {
    public var dryRun: Bool
    public var valid: Int
    public var postIds: [Int64]
    public var problems: [ImportProblem]

    enum CodingKeys: String, CodingKey {
        case valid, problems
        case dryRun = "dry_run", postIds = "post_ids"
    }

    public init(dryRun: Bool, valid: Int, postIds: [Int64], problems: [ImportProblem]) {
        self.dryRun = dryRun; self.valid = valid; self.postIds = postIds; self.problems = problems
    }
}

public struct ImportProblem: Codable, Sendable, Equatable {
    public var line: Int
    public var message: String

    public init(line: Int, message: String) {
        self.line = line; self.message = message
    }
}
