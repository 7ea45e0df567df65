import CryptoPrimitives
import Foundation
import Logging
import RunPosts
import RunSummary
import SchedulerCore
import SchedulerDomain
import ServiceLifecycle

/// `[runs] inbox`: a folder a watch's sync (or a person) drops finished runs into. Each complete file (see
/// ``InboxArrivals``) is read, taken by its SHA-256 (``InboxStore``), made into a post by the first rule that fits its
/// name, as `schedctl schedule --run` would make it, and moved to `done/`; a file that cannot be posted goes to
/// `failed/` with a `.txt` saying why. The store writes an event for each (`inbox_posted`, `inbox_failed`,
/// `inbox_skipped`), so a hook can tell the runner's phone.
package struct InboxService: Service {
    /// How long a daemon's claim on a file keeps others off it: far more than reading a run and storing its post takes.
    package static let leaseSeconds = 60
    /// The largest file read: a FIT of a day's activity is a few MB, a GPX of one under 50.
    package static let maximumBytes = 64 * 1_024 * 1_024
    /// How soon a file another daemon is taking is looked at again.
    package static let heldRetry = Duration.seconds(3)
    /// How soon a file is tried again when the store could not be reached or answered with a failure of its own.
    package static let storeRetry = Duration.seconds(30)

    package let settings: RunsConfiguration
    package let shelf: InboxShelf
    package let runs: RunPostService
    package let store: any InboxStore
    package let zone: TimeZone
    package let arrivals: InboxArrivals
    package let logger: Logger
    /// This run of the daemon, on the claims it makes.
    package let holder = UUID().uuidString.lowercased()

    package init(folder: String, settings: RunsConfiguration, runs: RunPostService, store: any InboxStore, zone: TimeZone, logger: Logger) {
        self.settings = settings
        self.shelf = InboxShelf(folder: folder)
        self.runs = runs
        self.store = store
        self.zone = settings.timeZone ?? zone
        self.arrivals = InboxArrivals(settleSeconds: settings.settleSeconds)
        self.logger = logger
    }

    /// The folder is watched before it is read, so no file arriving in between is missed (one seen twice is harmless).
    package func run() async throws {
        do { try shelf.prepare() } catch {
            throw InboxError("cannot make the inbox folder \(shelf.folder) and its done/ and failed/: \(error.localizedDescription)")
        }
        let changes: AsyncStream<FolderChange>
        do { changes = try FolderWatcher(path: shelf.folder).changes() } catch { throw InboxError(error.description) }
        await arrivals.found(try shelf.names())
        logger.info("watching the inbox for runs", metadata: ["inbox": "\(shelf.folder)", "inbox.rules": "\(settings.rules.count)"])
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await cancelWhenGracefulShutdown {
                    for await change in changes {
                        if change == .overflow { await arrivals.found((try? shelf.names()) ?? []) } else { await arrivals.handle(change) }
                    }
                }
                await arrivals.stop()
            }
            group.addTask {
                for await name in arrivals.ready {
                    if let delay = await take(name) { await arrivals.retry(name, after: delay) } else { await arrivals.finished(name) }
                }
            }
        }
    }

    /// What `schedctl runs inbox` shows.
    package func view(limit: Int) async throws -> InboxView {
        InboxView(folder: shelf.folder, waiting: await arrivals.waiting(), files: try await store.inboxFiles(limit: limit).map(InboxFileView.init))
    }

    /// One complete file: claimed, posted or failed, and moved out of the way; or, when it must be looked at again, how
    /// soon.
    package func take(_ name: String) async -> Duration? {
        guard let bytes = read(name) else { return nil }
        let claim = InboxFileClaim(sha256: Digest.sha256Hex(bytes), name: name, holder: holder)
        do {
            switch try await store.claimInboxFile(claim, leaseSeconds: Self.leaseSeconds, now: Date()) {
            case .taken:
                return await post(bytes, claim: claim)
            case .postedBefore(let postID, let firstName):
                logger.notice("skipped a run posted before", metadata: ["inbox.file": "\(name)", "inbox.first_name": "\(firstName)",
                                                                       "post": "\(postID.map(String.init) ?? "deleted")"])
                shelve(name) { try shelf.moveToDone(name) }
                return nil
            case .heldElsewhere:
                // The other daemon is most likely posting it now: look again soon, to skip it once posted (or take it
                // over once the other's claim has run out).
                return Self.heldRetry
            }
        } catch {
            logger.error("cannot take a run from the inbox; it is tried again", metadata: ["inbox.file": "\(name)", "error": "\(error)"])
            return Self.storeRetry
        }
    }

    /// The file's bytes, or nil when it went away or is no regular file (a directory, a link to one).
    private func read(_ name: String) -> [UInt8]? {
        let path = shelf.path(of: name)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path), attributes[.type] as? FileAttributeType == .typeRegular,
              let size = attributes[.size] as? Int else { return nil }
        guard size <= Self.maximumBytes else {
            shelve(name) { try shelf.moveToFailed(name, reason: "the file is \(size / 1_048_576) MB, more than any run file (64 MB)", at: Date()) }
            return nil
        }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return [UInt8](data)
    }

    /// Reads the run and makes its post, with the row marked posted in the post's transaction; or says why not. Returns
    /// how soon to try again when the failure was the daemon's, not the file's.
    private func post(_ bytes: [UInt8], claim: InboxFileClaim) async -> Duration? {
        let name = claim.name
        do {
            let request = try request(for: bytes, name: name)
            let scheduled = try await runs.schedule(request, author: .operator, inboxFile: claim)
            if case .stored(let view) = scheduled { logger.info("posted a run from the inbox", metadata: ["inbox.file": "\(name)", "post": "\(view.id)"]) }
            // Before it goes to done/: whoever sees it there sees no stale failure of it.
            let stale = shelf.clearFailed(name)
            if !stale.isEmpty {
                logger.info("removed an earlier failure of a run now posted", metadata: ["inbox.file": "\(name)", "removed": "\(stale.map { "failed/" + $0 })"])
            }
            shelve(name) { try shelf.moveToDone(name) }
        } catch let error as RequestError where [.badRequest, .notFound, .forbidden, .conflict].contains(error.code) {
            await fail(claim, reason: error.message)
        } catch let error as InboxError {
            await fail(claim, reason: error.description)
        } catch {
            logger.error("cannot post a run from the inbox now; it is tried again", metadata: ["inbox.file": "\(name)", "error": "\(error)"])
            return Self.storeRetry
        }
        return nil
    }

    /// The post the first matching rule asks for.
    private func request(for bytes: [UInt8], name: String) throws -> RunPostRequest {
        guard InboxFileNames.isRunFile(name) else { throw InboxError("\(name) is not a run file; the inbox reads .fit, .gpx and .tcx files") }
        guard let rule = InboxFileNames.rule(for: name, in: settings.rules) else {
            throw InboxError("no [[runs.rules]] match fits \(name); add a rule with match = \"*\" to take every file")
        }
        let summary = try runs.summarize(upload: bytes, name: name, zone: zone)
        return InboxSchedule.request(rule, summary: summary, file: name, units: settings.units, templates: try templates(rule), now: Date())
    }

    private func templates(_ rule: InboxRule) throws(InboxError) -> [String: RunTemplateSource]? {
        guard let directory = rule.templates else { return nil }
        do {
            let read = try RunTemplates(directory: directory).read()
            return Dictionary(uniqueKeysWithValues: read.map { ($0.key.rawValue, $0.value) })
        } catch { throw InboxError(error.description) }
    }

    private func fail(_ claim: InboxFileClaim, reason: String) async {
        logger.warning("a run from the inbox was not posted", metadata: ["inbox.file": "\(claim.name)", "reason": "\(reason)"])
        do { try await store.failInboxFile(claim, reason: reason, now: Date()) } catch {
            logger.error("cannot record why a run was not posted", metadata: ["inbox.file": "\(claim.name)", "error": "\(error)"])
        }
        shelve(claim.name) { try shelf.moveToFailed(claim.name, reason: reason, at: Date()) }
    }

    private func shelve(_ name: String, _ move: () throws -> String) {
        do { _ = try move() } catch {
            logger.error("cannot move a run out of the inbox", metadata: ["inbox.file": "\(name)", "error": "\(error.localizedDescription)"])
        }
    }
}

/// Why the inbox cannot start, or a file cannot become a post.
package struct InboxError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
