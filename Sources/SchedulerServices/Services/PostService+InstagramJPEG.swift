import Connectors
import MediaCodecs
import NetworkRules
import SchedulerCore
import SchedulerDomain

extension PostService {
    /// Instagram's Graph API takes only JPEG, so a post with an Instagram account it publishes to (not a handoff,
    /// where the person posts from the app, which takes PNG) has its PNG images converted to JPEG here, at schedule
    /// time, rather than refused; the post's other accounts get the same JPEG, since a post has one set of media.
    /// Returns the media to store and a note for each conversion, saying what happened and why.
    ///
    /// The one place this is decided: every path that sets a post's media or its accounts calls it with the media and
    /// the accounts the post will have (schedule and import, `edit --media` and `edit --add-to`, a draft scheduled).
    package func convertedForInstagram(_ media: [MediaItem], to accounts: [AccountRecord],
                               problems: inout [String]) async throws -> (media: [MediaItem], notes: [String]) {
        let graphAccounts = accounts.filter { $0.network == .instagram && $0.authKind != .none }
        guard let library = self.media, !graphAccounts.isEmpty,
              media.contains(where: { JPEGConversion.convertibleContentTypes.contains($0.contentType) }) else { return (media, []) }
        var converted: [MediaItem] = []
        var notes: [String] = []
        for (index, item) in media.enumerated() {
            guard JPEGConversion.convertibleContentTypes.contains(item.contentType) else { converted.append(item); continue }
            let jpeg: JPEGConversion.Converted
            do {
                jpeg = try JPEGConversion.jpeg(fromPNG: try library.bytes(of: item))
            } catch let error as MediaCodecError {
                problems.append("image \(index + 1) could not be converted to JPEG for Instagram: \(error.message)")
                converted.append(item)
                continue
            }
            var stored = try await library.storeAndShare(jpeg.bytes)
            stored.alt = item.alt
            stored.name = item.name
            converted.append(stored)
            notes.append("image \(index + 1) (PNG, \(jpeg.width)×\(jpeg.height)) was converted to JPEG, because Instagram takes only JPEG "
                         + "(\(graphAccounts.map(\.reference).joined(separator: ", "))); every account of this post gets the JPEG")
        }
        return (converted, notes)
    }

    /// `notes` first among the answer's notes (a stored post's or a dry run's).
    package static func adding(_ notes: [String], to scheduled: Scheduled) -> Scheduled {
        guard !notes.isEmpty else { return scheduled }
        switch scheduled {
        case .stored(var view):
            view.notes = notes + (view.notes ?? [])
            return .stored(view)
        case .preview(var preview):
            preview.notes = notes + (preview.notes ?? [])
            return .preview(preview)
        }
    }

    /// `notes` first among a stored post's notes.
    package static func noting(_ notes: [String], _ view: PostRecord) -> PostRecord {
        guard !notes.isEmpty else { return view }
        var view = view
        view.notes = notes + (view.notes ?? [])
        return view
    }
}
