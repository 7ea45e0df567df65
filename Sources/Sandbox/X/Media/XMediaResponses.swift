#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SchedulerCore

extension XMedia {
    /// The `data` of an upload, initialize, finalize or status answer, as X v2 sends it.
    ///
    /// `size` appears once the file is complete; `processing_info` while (and once) X processes a GIF
    /// or video: `pending` with `check_after_secs`, then `in_progress` with `progress_percent`, then
    /// `succeeded` (or `failed` with an error).
    func data(now: Date, includeSize: Bool = true) -> JSONValue {
        var data: [String: JSONValue] = [
            "id": .string(id),
            "media_key": .string(key),
            "expires_after_secs": .integer(Int64(max(0, Int(expiresAt.timeIntervalSince(now).rounded(.down))))),
        ]
        if includeSize, state != .uploading { data["size"] = .integer(Int64(totalBytes)) }
        if let processing = processingInfo { data["processing_info"] = processing }
        if kind == .image, let sniffed, let width = sniffed.width, let height = sniffed.height {
            data["image"] = .object(["image_type": .string(mediaType), "w": .integer(Int64(width)), "h": .integer(Int64(height))])
        }
        return .object(["data": .object(data)])
    }

    /// `processing_info`, for kinds X processes once the upload is complete.
    private var processingInfo: JSONValue? {
        guard kind.needsProcessing else { return nil }
        switch state {
        case .uploading:
            return nil
        case .processing(let polls):
            return polls == 0
                ? .object(["state": .string("pending"), "check_after_secs": .integer(1)])
                : .object(["state": .string("in_progress"), "check_after_secs": .integer(1), "progress_percent": .integer(Int64(100 * polls / XMediaLibrary.pollsToSucceed))])
        case .succeeded:
            return .object(["state": .string("succeeded"), "progress_percent": .integer(100)])
        case .failed(let reason):
            return .object([
                "state": .string("failed"), "progress_percent": .integer(100),
                "error": .object(["code": .integer(1), "name": .string("InvalidMedia"), "message": .string(reason)]),
            ])
        }
    }
}
