#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The parameters of `POST /{user-id}/threads` checked into a container, before anything is fetched or stored
/// (docs/research/threads.md §2, §4). Pure, so each rule reads on its own.
///
/// - `media_type` is required: `TEXT` (with `text`), `IMAGE` (`image_url`), `VIDEO` (`video_url`) or `CAROUSEL`
///   (`children`, comma-separated item containers).
/// - `text` at most 500 as Threads counts, at most 5 different links with `link_attachment`; `link_attachment` only on
///   `TEXT`; `alt_text` only on images and videos, at most 1,000.
/// - A carousel item (`is_carousel_item=true`) carries no text, link or reply: its carousel does.
/// - `reply_control` one of the five documented values; `topic_tag` 1 to 50 characters without `.` or `&`.
/// - `auto_publish_text=true` is refused: the sandbox keeps the two steps, and so should a scheduler.
enum ThreadsContainerDraft {
    static let replyControls: Set<String> = ["everyone", "accounts_you_follow", "mentioned_only", "parent_post_author_only", "followers_only"]

    static func parse(_ parameters: SubmittedForm, userID: String, now: Date) -> Result<ThreadsContainer, ThreadsError> {
        guard let typeName = parameters["media_type"], !typeName.isEmpty else {
            return .failure(.invalidParameter("(#100) The parameter media_type is required."))
        }
        guard let kind = ThreadsContainer.Kind(rawValue: typeName) else {
            return .failure(.invalidParameter("(#100) Param media_type must be one of TEXT, IMAGE, VIDEO, CAROUSEL."))
        }
        guard let isItem = boolean(parameters["is_carousel_item"] ?? "false") else {
            return .failure(.invalidParameter("(#100) Param is_carousel_item must be a boolean."))
        }
        if parameters["auto_publish_text"].flatMap(boolean) == true {
            return .failure(.invalidParameter("(#100) auto_publish_text is not supported by the sandbox: create the container, then publish it."))
        }
        var container = ThreadsContainer(
            userID: userID, kind: kind, text: nonEmpty(parameters["text"]), altText: nonEmpty(parameters["alt_text"]),
            linkAttachment: nonEmpty(parameters["link_attachment"]), replyTo: nonEmpty(parameters["reply_to_id"]), isCarouselItem: isItem,
            createdAt: now, readyAt: now
        )
        if let problem = shapeProblem(container, parameters: parameters) ?? textProblem(container) ?? optionsProblem(parameters) {
            return .failure(problem)
        }
        switch kind {
        case .text: break
        case .image, .video:
            let name = kind == .image ? "image_url" : "video_url"
            guard let url = nonEmpty(parameters[name]) else { return .failure(.invalidParameter("(#100) The parameter \(name) is required for \(kind.rawValue).")) }
            container.mediaURL = url
        case .carousel:
            guard let list = nonEmpty(parameters["children"]) else {
                return .failure(.invalidParameter("(#100) The parameter children is required for CAROUSEL."))
            }
            container.children = list.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        }
        return .success(container)
    }

    /// What this media type may not carry.
    private static func shapeProblem(_ container: ThreadsContainer, parameters: SubmittedForm) -> ThreadsError? {
        let kind = container.kind
        if kind == .text, container.text == nil { return .invalidParameter("(#100) The parameter text is required for TEXT.") }
        if container.isCarouselItem {
            if kind == .text || kind == .carousel { return .invalidParameter("(#100) A carousel item must be an IMAGE or a VIDEO.") }
            if container.text != nil || container.replyTo != nil || container.linkAttachment != nil {
                return .invalidParameter("(#100) A carousel item takes no text, link_attachment or reply_to_id; its CAROUSEL container carries them.")
            }
        }
        if container.linkAttachment != nil, kind != .text { return .invalidParameter("(#100) link_attachment is for TEXT posts only.") }
        if let alt = container.altText {
            guard kind == .image || kind == .video else { return .invalidAltText("alt_text is for images and videos only") }
            if let problem = ThreadsTextRules.problem(altText: alt) { return problem }
        }
        if kind == .carousel, parameters["image_url"] != nil || parameters["video_url"] != nil {
            return .invalidParameter("(#100) A CAROUSEL container takes children, not image_url or video_url.")
        }
        if kind != .carousel, parameters["children"] != nil { return .invalidParameter("(#100) children is for CAROUSEL containers only.") }
        return nil
    }

    private static func textProblem(_ container: ThreadsContainer) -> ThreadsError? {
        guard container.text != nil || container.linkAttachment != nil else { return nil }
        return ThreadsTextRules.problem(text: container.text ?? "", attachment: container.linkAttachment)
    }

    private static func optionsProblem(_ parameters: SubmittedForm) -> ThreadsError? {
        if let control = nonEmpty(parameters["reply_control"]), !replyControls.contains(control) {
            return .invalidParameter("(#100) Param reply_control must be one of \(replyControls.sorted().joined(separator: ", ")).")
        }
        if let tag = parameters["topic_tag"], !(1...50).contains(tag.count) || tag.contains(".") || tag.contains("&") {
            return .invalidParameter("(#100) Param topic_tag must be 1 to 50 characters without . or &.")
        }
        return nil
    }

    /// `true`/`false` (or `1`/`0`), as Graph reads a boolean parameter.
    static func boolean(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "1": true
        case "false", "0", "": false
        default: nil
        }
    }

    static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
