/// What container creation and `threads_publish` refuse.
extension ThreadsError {
    /// 100: the text counts more than 500 (docs/research/threads.md §4; 3P: the message holds "text must be at most 500 characters").
    static func textTooLong(_ count: Int, limit: Int) -> ThreadsError {
        ThreadsError(
            "(#100) Param text must be at most \(limit) characters long.", code: 100, type: "THApiException", userTitle: "Text too long",
            userMessage: "The text counts \(count) characters as Threads counts them (an emoji counts its UTF-8 bytes); the limit is \(limit).",
            reasonCode: "text_too_long"
        )
    }

    /// 100: more than 5 different links (§4: refused at container creation with `THREADS_API__LINK_LIMIT_EXCEEDED`).
    static func tooManyLinks(_ count: Int, limit: Int) -> ThreadsError {
        ThreadsError(
            "(#100) THREADS_API__LINK_LIMIT_EXCEEDED: The number of links is restricted to \(limit) or less.", code: 100, type: "THApiException",
            userTitle: "Too many links", userMessage: "The post has \(count) different links; a post can have at most \(limit).",
            reasonCode: "too_many_links"
        )
    }

    /// 100: `alt_text` over 1,000 characters, or on a post that has no image or video.
    static func invalidAltText(_ detail: String) -> ThreadsError {
        ThreadsError("(#100) Param alt_text is invalid: \(detail)", code: 100, type: "THApiException", reasonCode: "invalid_alt_text")
    }

    /// 100: a carousel with fewer than 2 or more than 20 children.
    static func carouselSize(_ count: Int, allowed: ClosedRange<Int>) -> ThreadsError {
        ThreadsError("(#100) Param children must list \(allowed.lowerBound) to \(allowed.upperBound) containers; it lists \(count).", code: 100,
                     type: "THApiException", reasonCode: "carousel_size")
    }

    /// 100: a child that cannot go into this carousel; `why` says which rule it breaks.
    static func unusableCarouselChild(_ id: String, _ why: String) -> ThreadsError {
        ThreadsError("(#100) The container \(id) in children cannot be used in this carousel: \(why).", code: 100, type: "THApiException",
                     reasonCode: "invalid_carousel_child")
    }

    /// 100: `reply_to_id` names no post this person may reply to.
    static func invalidReplyTarget(_ id: String, _ why: String) -> ThreadsError {
        ThreadsError("(#100) Param reply_to_id is invalid: \(id) is not a post you can reply to.", code: 100, type: "THApiException",
                     reasonCode: "invalid_reply_target").withSandboxDetail(why)
    }

    /// 24/4279009 "Media Not Found": no container of this person has this id, or it is not ready yet. 3P reports
    /// exactly this for publishing before processing ended (docs/research/threads.md §2).
    static func mediaNotFound(_ id: String, reasonCode: String = "unknown_container", detail: String? = nil) -> ThreadsError {
        var error = ThreadsError(
            "The requested resource does not exist", code: 24, subcode: 4_279_009, type: "OAuthException", userTitle: "Media Not Found",
            userMessage: "The media with id \(id) cannot be found.", reasonCode: reasonCode
        )
        error.sandboxDetail = detail
        return error
    }

    /// 24/4279009 for a container still `IN_PROGRESS`: publish once its status is `FINISHED`.
    static func containerNotReady(_ id: String) -> ThreadsError {
        mediaNotFound(id, reasonCode: "container_not_finished", detail: "the container's status is IN_PROGRESS; publish once it is FINISHED")
    }

    /// 24/4279009 for a container that was not published within 24 hours.
    static func containerExpired(_ id: String) -> ThreadsError {
        mediaNotFound(id, reasonCode: "container_expired", detail: "the container's status is EXPIRED: it was not published within 24 hours")
    }

    /// 24/4279009 for a container whose processing failed (`ERROR`); a new container is needed.
    static func containerFailed(_ id: String, _ message: String) -> ThreadsError {
        mediaNotFound(id, reasonCode: "container_failed", detail: "the container's status is ERROR (\(message)); create a new container")
    }

    /// 100: the container was already published. The reference leaves a second publish undefined; the stricter reading
    /// refuses it, so a client must read the container's status after a publish in doubt instead of publishing again.
    static func alreadyPublished(_ id: String) -> ThreadsError {
        ThreadsError("(#100) Param creation_id: the container \(id) has already been published.", code: 100, type: "THApiException",
                     reasonCode: "container_already_published")
    }

    /// 100: a carousel item published by itself; only the carousel that lists it can be.
    static func carouselItemAlone(_ id: String) -> ThreadsError {
        ThreadsError("(#100) Param creation_id: \(id) is a carousel item; publish the CAROUSEL container that lists it.", code: 100,
                     type: "THApiException", reasonCode: "carousel_item_alone")
    }

    /// 9: the profile published its quota of posts (or replies) in the moving 24 hours.
    ///
    /// The reference states no code (docs/research/threads.md §6); code 9 is what the Instagram emulation answers for its
    /// content-publishing quota, without Instagram's subcode. Not transient: waiting for the window is the only remedy.
    static func publishingLimitReached(replies: Bool, total: Int) -> ThreadsError {
        let what = replies ? "replies" : "posts"
        return ThreadsError(
            "Application request limit reached", code: 9, type: "THApiException", userTitle: "Max \(what) reached",
            userMessage: "This profile published its \(total) \(what) allowed through the Threads API in a moving 24-hour period.",
            isTransient: false, reasonCode: replies ? "reply_limit" : "publishing_limit"
        )
    }
}
