#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XMediaLibrary {
    /// Why `ids` cannot be attached to a post by `owner`, or `nil` when they can.
    ///
    /// Each id must be this user's (or list them as an additional owner), unexpired and done
    /// processing; together they must be 1–4 images, or one GIF, or one video.
    func problem(attaching ids: [String], owner: String, now: Date) -> XProblem? {
        var kinds: [XMediaKind] = []
        for id in ids {
            guard let media = live(id, owner: owner, now: now) else { return .unknownMedia(id) }
            switch media.state {
            case .succeeded: kinds.append(media.kind)
            case .uploading: return .mediaNotReady(id, state: "not finalized")
            case .processing: return .mediaNotReady(id, state: "still processing")
            case .failed: return .mediaNotReady(id, state: "failed processing")
            }
        }
        return Self.isAllowedCombination(kinds) ? nil : .invalidMediaCombination
    }

    /// 1–4 images, or exactly one GIF, or exactly one video.
    static func isAllowedCombination(_ kinds: [XMediaKind]) -> Bool {
        guard let first = kinds.first, kinds.allSatisfy({ $0 == first }) else { return kinds.isEmpty }
        return first == .image ? kinds.count <= 4 : kinds.count == 1
    }
}
