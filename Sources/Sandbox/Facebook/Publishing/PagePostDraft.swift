#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SchedulerCore

/// The parameters of `POST /{page-id}/feed`, checked as Graph checks them.
struct PagePostDraft: Sendable, Equatable {
    var message: String?
    var link: String?
    var published: Bool
    var scheduledAt: Date?
    /// `attached_media[n]={"media_fbid":"…"}`: unpublished photos of the same Page.
    var attachedMedia: [String]

    /// Scheduled posts must be 10 minutes to 30 days ahead.
    static let schedulingWindow: ClosedRange<TimeInterval> = 600...(30 * 86_400)

    /// Reads `parameters` into a draft, or the Graph error for the first thing wrong.
    static func parse(_ parameters: SubmittedForm, now: Date) -> Result<PagePostDraft, GraphError> {
        let message = parameters["message"].flatMap { $0.isEmpty ? nil : $0 }
        let link = parameters["link"].flatMap { $0.isEmpty ? nil : $0 }
        if let link, !(link.lowercased().hasPrefix("http://") || link.lowercased().hasPrefix("https://")) {
            return .failure(.invalidParameter("(#100) link URL is not properly formatted"))
        }
        guard let published = boolean(parameters["published"] ?? "true") else {
            return .failure(.invalidParameter("(#100) Param published must be a boolean"))
        }
        let attached: [String]
        switch attachedMedia(parameters) {
        case .success(let ids): attached = ids
        case .failure(let error): return .failure(error)
        }
        guard message != nil || link != nil || !attached.isEmpty else { return .failure(.missingMessageOrAttachment) }
        var scheduledAt: Date?
        if let text = parameters["scheduled_publish_time"] {
            guard let date = GraphTimestamp.parse(text) else { return .failure(.invalidScheduledTime("It must be a Unix time or an ISO 8601 instant.")) }
            guard !published else { return .failure(.invalidScheduledTime("A scheduled post must be sent with published=false.")) }
            guard schedulingWindow.contains(date.timeIntervalSince(now)) else {
                return .failure(.invalidScheduledTime("It must be between 10 minutes and 30 days from now."))
            }
            scheduledAt = date
        }
        return .success(PagePostDraft(message: message, link: link, published: published, scheduledAt: scheduledAt, attachedMedia: attached))
    }

    /// `true`, `false`, `1` or `0`.
    static func boolean(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "1": true
        case "false", "0": false
        default: nil
        }
    }

    /// The `media_fbid`s of `attached_media` (a JSON array) or `attached_media[0]`, `[1]`, … (each a JSON object).
    private static func attachedMedia(_ parameters: SubmittedForm) -> Result<[String], GraphError> {
        var values: [JSONValue] = []
        if let array = parameters["attached_media"] {
            guard case .array(let elements)? = json(array) else { return .failure(invalidAttachment) }
            values = elements
        }
        let indexed = parameters.fields.keys.compactMap { key -> (Int, String)? in
            guard key.hasPrefix("attached_media["), key.hasSuffix("]"), let index = Int(key.dropFirst(15).dropLast()) else { return nil }
            return (index, key)
        }
        for (_, key) in indexed.sorted(by: { $0.0 < $1.0 }) {
            guard let value = parameters[key].flatMap(json) else { return .failure(invalidAttachment) }
            values.append(value)
        }
        let ids = values.compactMap { $0["media_fbid"]?.stringValue }
        return ids.count == values.count ? .success(ids) : .failure(invalidAttachment)
    }

    private static func json(_ text: String) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    private static var invalidAttachment: GraphError {
        .invalidParameter("(#100) param attached_media must be an array of objects with a media_fbid")
    }
}
