#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One instance's statuses and media, the `Idempotency-Key`s, the statuses rate limit and the read counters.
///
/// An actor so a status's checks (its media, its text, the limit) and its making happen in one step: two requests
/// cannot attach one media file, and a key names one status only.
actor MastodonTimeline {
    /// How often an account's statuses were read: `GET /api/v1/accounts/:id/statuses` and `GET /api/v1/statuses/:id`.
    struct ReadCounts: Sendable, Equatable {
        var listStatuses = 0
        var getStatus = 0
        /// Requests answered with the status an `Idempotency-Key` already made.
        var idempotentReplays = 0
    }

    /// Who posts, with which app: what a status records besides its draft.
    struct Author: Sendable {
        var accountID: String
        var applicationName: String?
        var applicationWebsite: String?
    }

    let settings: MastodonInstanceSettings
    private var statuses: [Int64: MastodonStatus] = [:]
    private var media: MastodonMediaShelf
    private var keys = MastodonIdempotencyLedger()
    private var statusLimiter: MastodonRateLimiter
    private var ids: MastodonIDGenerator
    private var reads: [String: ReadCounts] = [:]

    init(settings: MastodonInstanceSettings, statusLimit: MastodonRateLimit, salt: Int) {
        self.settings = settings
        self.statusLimiter = MastodonRateLimiter(statusLimit)
        self.ids = MastodonIDGenerator(salt: salt)
        self.media = MastodonMediaShelf(salt: salt ^ 0x5A5A)
    }

    /// Takes an `Idempotency-Key` for a new status by `account`, or says it names a status already or is in use.
    func claim(key: String, account: String, now: Date) -> MastodonIdempotencyLedger.Claim {
        let claim = keys.claim(account: account, key: key, now: now)
        if case .replay = claim { reads[account, default: .init()].idempotentReplays += 1 }
        return claim
    }

    /// Lets go of a key whose request was refused or abandoned.
    func release(key: String, account: String) {
        keys.release(account: account, key: key)
    }

    /// Makes a status, after `validate_media!`, the text checks and the statuses limit, in PostStatusService's
    /// order; stores its key (if any) for an hour. A refusal releases the key.
    ///
    /// - Returns: the outcome, and the statuses limit's status once it was charged (for the headers).
    func create(_ draft: MastodonStatusDraft, by author: Author, key: String?, now: Date) -> (Result<MastodonStatus, MastodonError>, MastodonRateLimitStatus?) {
        let account = author.accountID
        var mediaIDs: [String] = []
        for id in draft.mediaIDs where !mediaIDs.contains(id) { mediaIDs.append(id) }
        let refusal = media.check(draft.mediaIDs, accountID: account, limit: settings.maxMediaAttachments, now: now)
            ?? Self.textProblem(draft, hasMedia: !mediaIDs.isEmpty, settings: settings)
        if let refusal {
            if let key { keys.release(account: account, key: key) }
            return (.failure(refusal), nil)
        }
        let limit = statusLimiter.consume(key: account, now: now)
        guard limit.allowed else {
            if let key { keys.release(account: account, key: key) }
            return (.failure(.tooManyRequests("statuses")), limit)
        }
        let parent = draft.inReplyToID.flatMap { Int64($0) }.flatMap { statuses[$0] }
        let status = MastodonStatus(
            number: ids.next(now: now), accountID: account, text: draft.text, spoilerText: draft.spoilerText, sensitive: draft.sensitive,
            visibility: draft.visibility, language: draft.language, inReplyToID: parent?.id, inReplyToAccountID: parent?.accountID,
            mediaIDs: mediaIDs, createdAt: now, applicationName: author.applicationName, applicationWebsite: author.applicationWebsite
        )
        statuses[status.number] = status
        media.attach(mediaIDs, to: status.id)
        if let key { keys.store(account: account, key: key, statusID: status.id, now: now) }
        return (.success(status), limit)
    }

    /// `StatusLengthValidator` and the presence check: a status needs text unless it has media, and its warning and
    /// text together may be at most `max_characters` long.
    static func textProblem(_ draft: MastodonStatusDraft, hasMedia: Bool, settings: MastodonInstanceSettings) -> MastodonError? {
        if !hasMedia, draft.text.allSatisfy(\.isWhitespace) {
            return .validationFailed("Text can't be blank", reasonCode: "text_blank")
        }
        let length = MastodonTextCounter(charactersReservedPerURL: settings.charactersReservedPerURL).length(text: draft.text, spoilerText: draft.spoilerText)
        guard length <= settings.maxCharacters else {
            var error = MastodonError.validationFailed("Text character limit of \(settings.maxCharacters) exceeded", reasonCode: "text_too_long")
            error.detail = "Counted \(length) characters; the limit is \(settings.maxCharacters)."
            return error
        }
        return nil
    }

    /// A status by id, without counting a read (the reply check, an idempotent replay).
    func status(_ id: String) -> MastodonStatus? {
        Int64(id).flatMap { statuses[$0] }
    }

    /// `GET /api/v1/statuses/:id`: the status if `viewer` may see it, counted against its author.
    func read(_ id: String, viewer: String?) -> MastodonStatus? {
        guard let status = status(id) else { return nil }
        reads[status.accountID, default: .init()].getStatus += 1
        return status.isPubliclyVisible || status.accountID == viewer ? status : nil
    }

    /// One page of `account`'s statuses as `viewer` sees them (all of them for their author, else public and unlisted),
    /// leaving out those the listing lag still hides; counted.
    func page(of account: String, viewer: String?, query: MastodonListingQuery, listing: ListingBehaviour, now: Date) -> [MastodonStatus] {
        reads[account, default: .init()].listStatuses += 1
        let visible = statuses.values.filter { status in
            status.accountID == account && (viewer == account || status.isPubliclyVisible) && listing.lists(createdAt: status.createdAt, now: now)
        }
        return query.page(of: visible)
    }

    /// Every status of `account`, oldest first, listing lag or not, without counting a read (the helper route).
    func all(of account: String) -> [MastodonStatus] {
        statuses.values.filter { $0.accountID == account }.sorted { $0.number < $1.number }
    }

    func readCounts(of account: String) -> ReadCounts {
        reads[account] ?? .init()
    }

    /// Files an upload, processed `processing` seconds from `now`.
    func upload(_ upload: MastodonMediaUpload, by account: String, processing: TimeInterval, now: Date) -> MastodonMedia {
        media.add(upload, accountID: account, now: now, processing: processing)
    }

    /// `GET /api/v1/media/:id`: the account's own attachment, if no status has it yet.
    func unattachedMedia(_ id: String, account: String) -> MastodonMedia? {
        media.unattached(id, accountID: account)
    }

    /// The attachments of a status, in its order.
    func media(of status: MastodonStatus) -> [MastodonMedia] {
        media.media(status.mediaIDs)
    }
}
