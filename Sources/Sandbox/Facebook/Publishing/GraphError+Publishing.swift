extension GraphError {
    /// 200: publishing to a Page needs a Page token with `pages_manage_posts` and `pages_read_engagement`.
    static var pagePublishingPermission: GraphError {
        GraphError(
            "(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission",
            code: 200, reasonCode: "insufficient_permission"
        )
    }

    /// 200: commenting as a Page needs the Page's token with `pages_manage_engagement` and `pages_read_engagement`.
    static var pageCommentPermission: GraphError {
        GraphError("(#200) Commenting as a Page requires a Page access token with pages_manage_engagement and pages_read_engagement",
                   code: 200, reasonCode: "insufficient_permission")
    }

    /// 100/33: a node this token may not post to (another Page, an unknown id).
    static func unsupportedPost(_ id: String) -> GraphError {
        GraphError(
            "Unsupported post request. Object with ID '\(id)' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api",
            code: 100, subcode: 33, type: "GraphMethodException", reasonCode: "unknown_object"
        )
    }

    /// 100: a Page post with neither a message, a link nor attached media.
    static var missingMessageOrAttachment: GraphError {
        GraphError("(#100) Missing message or attachment", code: 100, reasonCode: "missing_message")
    }

    /// 100: `scheduled_publish_time` unreadable, not 10 minutes to 30 days ahead, or on a published post.
    static func invalidScheduledTime(_ detail: String) -> GraphError {
        GraphError("(#100) The specified scheduled publish time is invalid. \(detail)", code: 100, reasonCode: "invalid_scheduled_time")
    }

    /// 100: an `attached_media` id that is not an unpublished photo of this Page free to attach (unknown, another
    /// Page's, already in a post, or a temporary photo that expired). No published answer shows Graph's exact words;
    /// the stricter reading refuses the whole post with the parameter error, and the record says which it was.
    static func unusableAttachment(_ id: String) -> GraphError {
        GraphError("(#100) param attached_media: media_fbid \(id) is not an unpublished photo of this Page that can be attached",
                   code: 100, reasonCode: "invalid_attachment")
    }

    /// 506: the same Page posted the same message a short while ago.
    static var duplicateStatus: GraphError {
        GraphError("(#506) Duplicate status message", code: 506, reasonCode: "duplicate_post")
    }

    /// 324: a photo upload without a usable image.
    static func missingImage(_ detail: String) -> GraphError {
        GraphError("(#324) Missing or invalid image file", code: 324, reasonCode: "invalid_image").withSandboxDetail(detail)
    }

    /// 80001: a Page token used up the Page's Business Use Case budget.
    static var pageRateLimited: GraphError {
        GraphError("(#80001) There have been too many calls to this Page account. Wait a bit and try again. For more info, please refer to "
                   + "https://developers.facebook.com/docs/graph-api/overview/rate-limiting.", code: 80001, reasonCode: "rate_limited")
    }

    /// 80002: the Instagram account used up its Business Use Case budget.
    static var instagramRateLimited: GraphError {
        GraphError("(#80002) There have been too many calls to this Instagram account. Wait a bit and try again. For more info, please "
                   + "refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting.", code: 80002, reasonCode: "rate_limited")
    }

    /// 4: the app used up its call budget; Graph answers HTTP 403 for it.
    static var appRateLimited: GraphError {
        var error = GraphError("(#4) Application request limit reached", code: 4, reasonCode: "rate_limited")
        error.status = 403
        return error
    }

    /// 100: the body is larger than the endpoint reads.
    static func bodyTooLarge(_ limit: Int) -> GraphError {
        GraphError("(#100) The request body is larger than \(limit) bytes.", code: 100, reasonCode: "payload_too_large")
    }

    /// The same error with a sandbox-only explanation kept for the rejected record (not in the body).
    func withSandboxDetail(_ detail: String) -> GraphError {
        var copy = self
        copy.sandboxDetail = detail
        return copy
    }

    /// 324: a photo upload with neither `source` nor `url`.
    static var requiresUploadFile: GraphError {
        GraphError("(#324) Requires upload file", code: 324, reasonCode: "missing_image")
    }
}
