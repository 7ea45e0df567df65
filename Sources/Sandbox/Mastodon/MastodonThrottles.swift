#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The request throttles that rack-attack applies before any controller runs: per token on every authenticated
/// call, and per account on media uploads and on paged reads. (The statuses limit is charged with the status
/// itself, in ``MastodonTimeline``.)
///
/// Like rack-attack's `any?`, the throttles are tried in order and the first one spent stops the request.
actor MastodonThrottles {
    /// A throttle beyond the per-token one that a request falls under.
    enum Extra: String, Sendable {
        /// `POST /api/v2/media`: `throttle_api_media`.
        case mediaUpload = "media upload"
        /// A read with `max_id`, `since_id` or `min_id`: `throttle_authenticated_paging`.
        case paging
    }

    private var perToken: MastodonRateLimiter
    private var mediaUploads: MastodonRateLimiter
    private var paging: MastodonRateLimiter

    init(_ limits: MastodonRateLimits) {
        perToken = MastodonRateLimiter(limits.perToken)
        mediaUploads = MastodonRateLimiter(limits.mediaUploads)
        paging = MastodonRateLimiter(limits.paging)
    }

    /// Charges one request of `token` (acting as `account`, if a user) to every throttle it falls under.
    ///
    /// - Returns: the status to report (the spent one, else the closest to running out) and, when refused, which.
    func charge(token: String, account: String?, extras: [Extra], now: Date) -> (MastodonRateLimitStatus, refusedBy: String?) {
        var statuses = [perToken.consume(key: token, now: now)]
        if !statuses[0].allowed { return (statuses[0], "per-token") }
        for extra in extras {
            guard let account else { continue }
            let status: MastodonRateLimitStatus
            switch extra {
            case .mediaUpload: status = mediaUploads.consume(key: account, now: now)
            case .paging: status = paging.consume(key: account, now: now)
            }
            if !status.allowed { return (status, extra.rawValue) }
            statuses.append(status)
        }
        return (MastodonRateLimitStatus.closest(statuses)!, nil)
    }
}
