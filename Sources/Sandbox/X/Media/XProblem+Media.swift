extension XProblem {
    /// 400: the media id is unknown, expired, or belongs to someone else (X does not say which).
    static func unknownMedia(_ id: String) -> XProblem {
        var problem = invalidRequest("Your media IDs are invalid.", reasonCode: "invalid_media")
        problem.reason = "Media \(id) was not uploaded by this user, has expired, or does not exist."
        return problem
    }

    /// 400: the media exists but is still processing, or its processing failed.
    static func mediaNotReady(_ id: String, state: String) -> XProblem {
        var problem = invalidRequest("Your media IDs are invalid.", reasonCode: "media_not_ready")
        problem.reason = "Media \(id) is \(state); only media whose processing succeeded can be attached."
        return problem
    }

    /// 400: more than 4 images, more than one GIF or video, or kinds mixed.
    static let invalidMediaCombination = invalidRequest(
        "A post may have 1 to 4 images, or 1 GIF, or 1 video; media kinds cannot be mixed.",
        reasonCode: "invalid_media_combination"
    )

    /// 413: the body is larger than the endpoint accepts.
    static func payloadTooLarge(_ limit: Int) -> XProblem {
        XProblem(
            title: "Payload Too Large",
            detail: "The request body is larger than \(limit) bytes.",
            type: "about:blank",
            status: 413,
            reasonCode: "payload_too_large"
        )
    }
}
