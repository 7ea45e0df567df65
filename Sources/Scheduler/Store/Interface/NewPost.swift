import Connectors
import Foundation
import SchedulerCore

/// A post ready to be stored: validated, with its targets resolved.
public struct NewPost: Sendable {
    public var text: String
    public var time: ScheduleTime
    public var latenessLimitSeconds: Int
    public var source: String
    public var targets: [Target]
    public var media: [MediaItem]

    public struct Target: Sendable {
        public var accountID: Int64
        public var textOverride: String?

        public init(accountID: Int64, textOverride: String? = nil) {
            self.accountID = accountID
            self.textOverride = textOverride
        }
    }

    public init(text: String, time: ScheduleTime, latenessLimitSeconds: Int, source: String = "typed", targets: [Target],
                media: [MediaItem] = []) {
        self.text = text; self.time = time; self.latenessLimitSeconds = latenessLimitSeconds
        self.source = source; self.targets = targets; self.media = media
    }
}

/// What `edit` changes; nil fields stay as they are.
public struct PostChange: Sendable {
    public var text: String?
    public var time: ScheduleTime?
    public var latenessLimitSeconds: Int?

    public init(text: String? = nil, time: ScheduleTime? = nil, latenessLimitSeconds: Int? = nil) {
        self.text = text; self.time = time; self.latenessLimitSeconds = latenessLimitSeconds
    }
}
