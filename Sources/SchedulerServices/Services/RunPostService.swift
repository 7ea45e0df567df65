import Foundation
import RunCard
import RunPosts
import RunSummary
import SchedulerCore
import SchedulerDomain

/// `POST /v1/runs`: a run posted in one request. From the run's summary (read from the person's file by schedctl) it
/// writes each account's text from its network's template, fitted to the network, draws the picture and stores it as
/// media, then schedules the post as ``PostService/schedule(_:)`` does: the same post `schedctl schedule --run` made
/// when it did these steps itself, one request per account.
package struct RunPostService: Sendable {
    package let posts: PostService
    /// Where the map under the route comes from (`[runs.map]`); nil, the card has none.
    package let map: MapTileSource?
    /// What of a route is never drawn (`[runs] privacy_zones`, `hide_start_end_m`): applied here, to every card the
    /// daemon draws, whoever read the file.
    package let privacy: RunPrivacy

    package init(posts: PostService, map: MapTileSource? = nil, privacy: RunPrivacy = .none) {
        self.privacy = privacy
        self.posts = posts
        self.map = map
    }

    package func schedule(_ request: RunPostRequest, author: PostAuthor = .operator, inboxFile: InboxFileClaim? = nil) async throws -> PostService.Scheduled {
        if let problem = request.summary.wireProblem { throw RequestError.badRequest("the run's summary cannot be used: \(problem)") }
        let units = request.units ?? .metric
        let name = request.file ?? "the run"
        let texts = RunTexts(templates: RunTemplates(sources: try Self.templates(request.templates)))
        var post = request.post
        // Each target's text, keyed by the reference as given; the picture is a JPEG when an Instagram account publishes
        // through the Graph API, which takes JPEG only (a handoff account, posted from the app, takes the PNG).
        var overrides: [String: String] = [:]
        var format = RunCard.Format.png
        for reference in post.to where overrides[reference] == nil {
            let network = try await network(of: reference)
            do { overrides[reference] = try texts.text(for: network, summary: request.summary, units: units) } catch let error as RunTemplateError {
                throw RequestError.badRequest(error.description)
            }
            if network == .instagram, try await !isHandoff(reference) { format = .jpeg }
        }
        let picture = try await storePicture(request.summary, units: units, format: format, name: name)
        let text = post.to.first.flatMap { overrides[$0] } ?? ""
        overrides.merge(post.overrides ?? [:], uniquingKeysWith: { $1 })
        post.text = text
        post.overrides = overrides.isEmpty ? nil : overrides
        post.media = [picture] + (post.media ?? [])
        post.thread = try thread(after: text, request: request, units: units)
        return try await posts.schedule(post, author: author, inboxFile: inboxFile)
    }

    /// A run file a person uploaded (the web app): read as `schedctl` reads one from disk, from a private temporary
    /// copy that is removed at once, in the zone the runner's times are shown in. `name` is the file's name as sent,
    /// for messages only.
    package func summarize(upload bytes: [UInt8], name: String, zone: TimeZone) throws -> RunSummary {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("schedulerd-run-\(UUID().uuidString)").path
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes), attributes: [.posixPermissions: 0o600]) else {
            throw RequestError(.unavailable, "the run could not be kept for reading; the daemon's temporary folder may be full")
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try summarize(uploadAt: path, name: name, zone: zone)
    }

    /// A run file a person uploaded, already kept in a private file (the web app writes an upload to one as it arrives,
    /// rather than holding it in memory).
    package func summarize(uploadAt path: String, name: String, zone: TimeZone) throws -> RunSummary {
        do { return try RunFile.summarize(path: path, timeZone: zone) } catch {
            throw RequestError.badRequest("\(name): \(error.problem)")
        }
    }

    /// The parts after the first: the run's splits (with `run_thread`), each with the media the request gives it.
    private func thread(after text: String, request: RunPostRequest, units: Units) throws -> [ThreadPartRequest]? {
        let splits = request.runThread == true ? RunThread.splitParts(request.summary, units: units) : []
        let media = request.post.thread ?? []
        let parts = 1 + splits.count
        if media.count + 1 > parts {
            throw RequestError.badRequest("media were given for part \(media.count + 1), but the post has \(parts) part\(parts == 1 ? "" : "s")")
        }
        guard !splits.isEmpty else { return nil }
        return splits.enumerated().map { index, split in
            let attached = index < media.count ? media[index].media : nil
            return ThreadPartRequest(text: split, media: attached?.isEmpty == false ? attached : nil)
        }
    }

    /// The picture drawn and stored as `POST /v1/media` stores a file, with its alt text. With `[runs.map]`, over the
    /// map's tiles when they come in time, else without them (``MapTileSource``).
    private func storePicture(_ summary: RunSummary, units: Units, format: RunCard.Format, name: String) async throws -> MediaReference {
        let tiles = await map?.tiles(RunCard.mapTiles(for: summary, units: units, privacy: privacy))
        let bytes: [UInt8]
        do { bytes = try RunCard.render(summary, units: units, format: format, map: tiles, privacy: privacy) } catch {
            throw RequestError(.internalError, "cannot draw the picture of \(name): \(error)")
        }
        guard let library = posts.media else { throw RequestError(.unavailable, "the picture of \(name): this daemon keeps no media") }
        let id: String
        do { id = try await library.storeAndShare(bytes).sha256 } catch let error as RequestError {
            throw RequestError(error.code, "the picture of \(name): \(error.message)", problems: error.problems)
        }
        return MediaReference(id: id, alt: RunTexts.altText(summary, units: units))
    }

    /// The network of a target: from `network:@handle`, else the account's.
    private func network(of reference: String) async throws -> Network {
        let trimmed = reference.trimmingCharacters(in: .whitespaces)
        if let colon = trimmed.firstIndex(of: ":"), let network = Network(rawValue: trimmed[..<colon].lowercased()) { return network }
        return try await posts.store.account(reference: trimmed).network
    }

    private func isHandoff(_ reference: String) async throws -> Bool {
        try await posts.store.account(reference: reference.trimmingCharacters(in: .whitespaces)).authKind == .none
    }

    /// The person's templates by network; a name that is no network is refused.
    package static func templates(_ given: [String: RunTemplateSource]?) throws -> [Network: RunTemplateSource] {
        var templates: [Network: RunTemplateSource] = [:]
        for (name, source) in given ?? [:] {
            guard let network = Network(rawValue: name) else {
                throw RequestError.badRequest("templates names '\(name)', which is no network; use \(Network.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            templates[network] = source
        }
        return templates
    }
}
