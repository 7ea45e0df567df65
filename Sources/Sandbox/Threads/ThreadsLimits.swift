/// The Threads emulation's quotas and timings, with the reference's values by default (docs/research/threads.md §3,
/// §6, §7); tests and `schedulerd --sandbox` pass smaller or faster ones.
struct ThreadsLimits: Sendable, Equatable {
    /// Posts (a carousel is one) a profile may publish in the moving ``window``: 250.
    var posts = 250
    /// Replies a profile may publish in the moving ``window``: 1,000, counted apart from posts.
    var replies = 1_000
    /// The quotas' moving window, in seconds (`quota_duration`): 24 hours.
    var window = 86_400
    /// How long a container stays `IN_PROGRESS` before it is `FINISHED` (or `ERROR`). Meta recommends waiting about
    /// 30 seconds; the sandbox's default is short so a newcomer's first post does not drag, and any client that publishes
    /// without reading the status first is still caught.
    var processing: Duration = .seconds(2)
    /// Calls one app may make for one person in the moving day (`4800 × impressions`, impressions at least 10).
    var calls = 48_000
    /// Children a carousel takes: 2 to 20 (20 since 2024-09-19).
    var carouselChildren = 2...20
    /// How long an unpublished container lives before it is `EXPIRED`: 24 hours.
    static let containerLifetime: Double = 86_400

    init(posts: Int = 250, replies: Int = 1_000, processing: Duration = .seconds(2), calls: Int = 48_000) {
        self.posts = posts
        self.replies = replies
        self.processing = processing
        self.calls = calls
    }
}
