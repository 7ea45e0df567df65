#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

extension XSandboxNetwork {
    /// The longest alt text X takes ("<= 1000 characters"), counted here in Unicode code points.
    static let maximumAltText = 1_000

    /// `POST /2/media/metadata` with JSON `{"id": "…", "metadata": {"alt_text": {"text": "…"}}}`: alt text
    /// for the caller's own uploaded media (docs.x.com "Create media metadata"); nothing else may be in the body.
    func createMediaMetadata(_ call: MediaCall) async -> Response {
        let body = call.form.recordedBody
        guard HeaderParameters.parse(call.request.headers[.contentType] ?? "")?.value == "application/json" else {
            return await refuse(.invalidRequest("The body must be application/json.", reasonCode: "invalid_body"), call)
        }
        if let unknown = body.objectMembers.keys.sorted().first(where: { !["id", "metadata"].contains($0) }) {
            return await refuse(.invalidRequest("The field `\(unknown)` is not allowed here.", reasonCode: "unknown_field"), call)
        }
        guard let id = body["id"]?.stringValue, id.wholeMatch(of: /[0-9]{1,19}/) != nil else {
            return await refuse(.invalidRequest("`id` must be a media id string (1 to 19 digits).", reasonCode: "missing_field"), call)
        }
        guard let altText = body["metadata"]?["alt_text"] else {
            return await refuse(.invalidRequest("`metadata.alt_text` is required to describe the media.", reasonCode: "missing_field"), call)
        }
        guard let text = altText["text"]?.stringValue else {
            return await refuse(.invalidRequest("`metadata.alt_text.text` must be a string.", reasonCode: "missing_field"), call)
        }
        guard text.unicodeScalars.count <= Self.maximumAltText else {
            return await refuse(.invalidRequest("`metadata.alt_text.text` must be at most \(Self.maximumAltText) characters.", reasonCode: "alt_text_too_long"), call)
        }
        switch await media.describe(owner: call.principal.user.id, id: id, altText: text, now: call.receivedAt) {
        case .failure(let problem):
            return await refuse(problem, call)
        case .success(let described):
            await recordUpload(described, body: body, call)
            return answer(.object(["data": .object(["id": .string(described.id),
                                                    "associated_metadata": .object(["alt_text": .object(["text": .string(text)])])])]), call)
        }
    }
}
