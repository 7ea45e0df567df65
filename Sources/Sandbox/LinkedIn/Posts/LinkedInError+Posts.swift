extension LinkedInError {
    /// 422: a required field is absent, as Rest.li reports it.
    static func missingField(_ path: String) -> LinkedInError {
        unprocessable("ERROR :: \(path) :: field is required but not found and has no default value", reasonCode: "missing_field")
    }

    /// 422: a field has the wrong type or value.
    static func invalidField(_ path: String, _ problem: String) -> LinkedInError {
        unprocessable("ERROR :: \(path) :: \(problem)", reasonCode: "invalid_field")
    }

    /// 422: the commentary is longer than LinkedIn allows.
    static func commentaryTooLong(_ length: Int) -> LinkedInError {
        unprocessable("ERROR :: /commentary :: length \(length) exceeds the maximum allowed length of \(LinkedInPostDraft.maximumCommentary)", reasonCode: "commentary_too_long")
    }

    /// 422: a referenced image was never uploaded, failed processing, or belongs to someone else.
    static func imageNotAvailable(_ urn: String, status: String) -> LinkedInError {
        unprocessable("ERROR :: /content :: \(urn) is not available for this post (status \(status))", reasonCode: "image_not_available")
    }

    /// 422: the same author posted the same commentary recently.
    static func duplicate(of share: String) -> LinkedInError {
        unprocessable("Content is a duplicate of \(share)", reasonCode: "duplicate_post")
    }

    /// 403: the author is not the member, nor an organization the member administers (with the scope to post as it).
    static func authorDenied(_ resource: String, author: String, reason: String) -> LinkedInError {
        var error = accessDenied(resource)
        error.reasonCode = reason
        error.sandboxDetail = "the token may not act as \(author)"
        return error
    }

    /// 429: the member's daily quota is used up; LinkedIn sends no body.
    static var dailyQuotaExceeded: LinkedInError {
        LinkedInError(status: 429, serviceErrorCode: 0, code: nil, message: "Resource level throttle DAY limit reached", reasonCode: "rate_limited")
    }

    /// 400: the `X-Restli-Protocol-Version: 2.0.0` header is missing.
    static var protocolVersionMissing: LinkedInError {
        illegalArgument("The X-Restli-Protocol-Version header must be 2.0.0 for this resource.")
    }

    /// 413: the body is larger than the endpoint reads.
    static func bodyTooLarge(_ limit: Int) -> LinkedInError {
        LinkedInError(status: 413, serviceErrorCode: 0, code: "REQUEST_TOO_LARGE", message: "The request body is larger than \(limit) bytes.", reasonCode: "payload_too_large")
    }

    private static func unprocessable(_ message: String, reasonCode: String) -> LinkedInError {
        LinkedInError(status: 422, serviceErrorCode: 0, code: "UNPROCESSABLE_ENTITY", message: message, reasonCode: reasonCode)
    }
}
