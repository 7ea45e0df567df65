import Foundation
import SchedulerDomain

extension MediaLibrary {
    /// How long a file no post names is kept after it was last uploaded or attached: `schedctl schedule` uploads and
    /// then schedules within seconds, so an hour never races a schedule, while a dry run's or a refused schedule's
    /// copies go the same day.
    package static let sweepGrace: TimeInterval = 3_600
    /// Files' references are asked of the store this many at a time.
    package static let sweepBatch = 500
    /// The name a file has while the sweep decides on it.
    package static let sweepingSuffix = ".sweeping"

    /// Stamps the file as used now (its modification time), which the sweep's grace period counts from.
    package func touch(_ path: String) throws {
        try FileManager.default.setAttributes([.modificationDate: now()], ofItemAtPath: path)
    }

    /// What one sweep did.
    package struct SweepResult: Sendable, Equatable {
        /// Files removed: no post named them, and nothing uploaded or attached them within the grace period.
        package var removed: [String] = []
        /// Files older than the grace period that a post still names.
        package var kept = 0
    }

    /// Removes the files no post names (`references`) that were last uploaded or attached more than `grace` ago,
    /// with half-written uploads as old; files a post names are kept whatever their age.
    ///
    /// A schedule may attach a file while the sweep decides on it. Attaching touches the file before the post is
    /// stored (``item(id:alt:)``), and the sweep renames the file aside before it looks at its time again: a touch
    /// before the rename shows as a fresh time (the file goes back), a touch after it finds no file (the schedule is
    /// refused, naming the file to upload again). Either way no post is stored naming a file that is gone.
    package func sweep(references: any MediaReferenceStore, grace: TimeInterval = sweepGrace) async throws -> SweepResult {
        let files = FileManager.default
        guard let names = try? files.contentsOfDirectory(atPath: directory) else { return SweepResult() }
        let cutoff = now().addingTimeInterval(-grace)
        var result = SweepResult()
        var candidates: [String: String] = [:]  // SHA-256 → file name
        for var name in names {
            var path = (directory as NSString).appendingPathComponent(name)
            // A sweep stopped between its rename and its decision: the file goes back and is decided on again.
            if name.hasSuffix(Self.sweepingSuffix) {
                let original = String(name.dropLast(Self.sweepingSuffix.count))
                let back = (directory as NSString).appendingPathComponent(original)
                if files.fileExists(atPath: back) { try? files.removeItem(atPath: path); continue }
                guard (try? files.moveItem(atPath: path, toPath: back)) != nil else { continue }
                name = original
                path = back
            }
            guard let modified = try? files.attributesOfItem(atPath: path)[.modificationDate] as? Date, modified < cutoff else { continue }
            if name.hasSuffix(".partial") {
                if (try? files.removeItem(atPath: path)) != nil { result.removed.append(name) }
                continue
            }
            guard let sha = Self.sha256(ofFileNamed: name) else { continue }
            candidates[sha] = name
        }
        let shas = candidates.keys.sorted()
        for start in stride(from: 0, to: shas.count, by: Self.sweepBatch) {
            let batch = Array(shas[start..<min(start + Self.sweepBatch, shas.count)])
            let named = try await references.referencedMedia(batch)
            result.kept += named.count
            for sha in batch where !named.contains(sha) {
                guard let name = candidates[sha] else { continue }
                if removeIfStillUnused(name, cutoff: cutoff) { result.removed.append(name) }
            }
        }
        if let shared {
            _ = try await shared.removeUnreferencedMedia(storedBefore: cutoff)
        }
        return result
    }

    /// Moves the file aside, then removes it if nothing touched it since the cutoff; else puts it back.
    private func removeIfStillUnused(_ name: String, cutoff: Date) -> Bool {
        let files = FileManager.default
        let path = (directory as NSString).appendingPathComponent(name)
        let aside = path + Self.sweepingSuffix
        guard (try? files.moveItem(atPath: path, toPath: aside)) != nil else { return false }
        guard let modified = try? files.attributesOfItem(atPath: aside)[.modificationDate] as? Date, modified < cutoff else {
            try? files.moveItem(atPath: aside, toPath: path)
            return false
        }
        return (try? files.removeItem(atPath: aside)) != nil
    }

    /// The SHA-256 a stored file's name (`<sha256>.<ext>`) carries; nil for any other name.
    package static func sha256(ofFileNamed name: String) -> String? {
        let parts = name.split(separator: ".")
        guard parts.count == 2, parts[0].count == 64, parts[0].allSatisfy(\.isHexDigit) else { return nil }
        return String(parts[0])
    }
}
