import Foundation
import RunSummary
import SchedulerCore

/// `POST /v1/runs`: a run to post, in one request. schedctl reads the person's GPX or TCX file (so a bad file is refused
/// before the daemon is asked anything) and sends its summary with their templates; the daemon writes each account's
/// text by its network, draws the picture, stores it as media, and schedules `post` as `POST /v1/posts` would.
public struct RunPostRequest: Codable, Sendable, Equatable {
    /// The run, as read from the file.
    public var summary: RunSummary
    /// The file as the person named it, for messages ("the picture of morning.gpx: …").
    public var file: String?
    /// Metric (the default) or imperial, for the texts and the picture.
    public var units: Units?
    /// The person's own templates by network name (any `Network`'s raw value); the others are the built-in ones.
    public var templates: [String: RunTemplateSource]?
    /// Post the run as an X thread: the summary, then its splits.
    public var runThread: Bool?
    /// The post as `POST /v1/posts` takes it, with `text` empty: `overrides` holds only the texts that replace the
    /// run's for one account, `media` the files attached after the picture (the first part's included), and `thread`
    /// only media for the parts after the first (the run's splits), their texts empty.
    public var post: SchedulePostRequest

    enum CodingKeys: String, CodingKey {
        case summary, file, units, templates, post
        case runThread = "run_thread"
    }

    public init(summary: RunSummary, file: String?, units: Units?, templates: [String: RunTemplateSource]?, runThread: Bool?,
                post: SchedulePostRequest) {
        self.summary = summary; self.file = file; self.units = units; self.templates = templates; self.runThread = runThread
        self.post = post
    }
}
