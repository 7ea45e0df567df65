import Foundation
import Logging
import ServiceLifecycle

/// Sweeps the media folder at start-up and then every `interval`: a dry run's or a refused schedule's uploads
/// would otherwise stay for good. Each sweep lists the folder and asks the store, by index, which of the old files
/// posts name; it never reads the posts.
public struct MediaSweeper: Service {
    let library: MediaLibrary
    let references: any MediaReferenceStore
    let interval: Duration
    let logger: Logger

    /// Every 15 minutes: a file no post names goes within a quarter of an hour of its grace period's end.
    public static let defaultInterval: Duration = .seconds(900)

    public init(library: MediaLibrary, references: any MediaReferenceStore, interval: Duration = defaultInterval, logger: Logger) {
        self.library = library; self.references = references; self.interval = interval; self.logger = logger
    }

    public func run() async throws {
        await repeatEvery(interval) { await sweepOnce() }
    }

    func sweepOnce() async {
        do {
            let result = try await library.sweep(references: references)
            if !result.removed.isEmpty {
                logger.info("removed media no post uses", metadata: ["media.removed": "\(result.removed.count)",
                                                                      "media.grace_seconds": "\(Int(MediaLibrary.sweepGrace))"])
            }
        } catch {
            logger.error("cannot sweep the media folder; it is tried again later", metadata: ["error": "\(error)"])
        }
    }
}
