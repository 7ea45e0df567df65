import Foundation
import Logging
import SchedulerDomain
import ServiceLifecycle

/// Sweeps the media folder at start-up and then every `interval`: a dry run's or a refused schedule's uploads
/// would otherwise stay for good. Each sweep lists the folder and asks the store, by index, which of the old files
/// posts name; it never reads the posts.
package struct MediaSweeper: Service {
    package let library: MediaLibrary
    package let references: any MediaReferenceStore
    package let interval: Duration
    package let logger: Logger

    /// Every 15 minutes: a file no post names goes within a quarter of an hour of its grace period's end.
    package static let defaultInterval: Duration = .seconds(900)

    package init(library: MediaLibrary, references: any MediaReferenceStore, interval: Duration = defaultInterval, logger: Logger) {
        self.library = library; self.references = references; self.interval = interval; self.logger = logger
    }

    package func run() async throws {
        await repeatEvery(interval) { await sweepOnce() }
    }

    package func sweepOnce() async {
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
