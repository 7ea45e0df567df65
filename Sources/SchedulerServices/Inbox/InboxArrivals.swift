import Foundation
import SchedulerCore

/// The files in the inbox not yet taken, and when each is complete: renamed into the folder, at once; closed by its
/// writer, once it has stayed unchanged for the settling time (a sync tool may open and close a file several times
/// while it arrives). A file still open for writing waits however long its writer takes. Complete names come out of
/// ``ready`` one at a time, for the inbox to take in order.
package actor InboxArrivals {
    private enum Stage {
        case writing
        case settling(generation: Int)
        case held
        case reading
    }

    private var stages: [String: (stage: Stage, since: Date)] = [:]
    private var timers: [String: Task<Void, Never>] = [:]
    private var generation = 0
    private let settle: Duration
    package nonisolated let ready: AsyncStream<String>
    private let readyContinuation: AsyncStream<String>.Continuation

    package init(settleSeconds: Double) {
        settle = .milliseconds(Int64(settleSeconds * 1_000))
        (ready, readyContinuation) = AsyncStream.makeStream(of: String.self)
    }

    /// A change inotify reported; temporary names (``InboxFileNames/isTemporary(_:)``) are not runs and never wait.
    package func handle(_ change: FolderChange) {
        switch change {
        case .writing(let name): if !InboxFileNames.isTemporary(name) { mark(name, .writing) }
        case .closed(let name): if !InboxFileNames.isTemporary(name) { startSettling(name) }
        case .movedIn(let name): if !InboxFileNames.isTemporary(name) { complete(name) }
        case .gone(let name): forget(name)
        case .overflow: break
        }
    }

    /// Files found in the folder when the daemon starts (or after lost changes): a writer may still have one open, so
    /// each settles before it is read.
    package func found(_ names: [String]) {
        for name in names where !InboxFileNames.isTemporary(name) && stages[name] == nil { startSettling(name) }
    }

    /// The file that came out of ``ready`` is to be looked at again after `delay` (another daemon is taking it, or the
    /// store could not be reached).
    package func retry(_ name: String, after delay: Duration) {
        stages[name] = (.held, stages[name]?.since ?? Date())
        timers[name]?.cancel()
        timers[name] = Task { [weak self] in
            try? await Task.sleep(for: delay)
            guard !Task.isCancelled else { return }
            await self?.complete(name)
        }
    }

    /// The file that came out of ``ready`` is done with (posted, skipped, failed, or gone): no longer waiting.
    package func finished(_ name: String) {
        timers.removeValue(forKey: name)?.cancel()
        stages[name] = nil
    }

    /// What `schedctl runs inbox` lists as waiting.
    package func waiting() -> [InboxWaitingFile] {
        stages.compactMap { name, entry in
            switch entry.stage {
            case .writing: InboxWaitingFile(name: name, state: "writing", since: entry.since)
            case .settling: InboxWaitingFile(name: name, state: "settling", since: entry.since)
            case .held: InboxWaitingFile(name: name, state: "held", since: entry.since)
            case .reading: nil
            }
        }.sorted { $0.name < $1.name }
    }

    /// Ends ``ready`` and every timer: the daemon is stopping.
    package func stop() {
        for timer in timers.values { timer.cancel() }
        timers = [:]
        readyContinuation.finish()
    }

    private func mark(_ name: String, _ stage: Stage) {
        if case .reading = stages[name]?.stage { return }
        timers.removeValue(forKey: name)?.cancel()
        stages[name] = (stage, stages[name]?.since ?? Date())
    }

    private func startSettling(_ name: String) {
        generation += 1
        let current = generation
        mark(name, .settling(generation: current))
        guard case .settling = stages[name]?.stage else { return }
        timers[name] = Task { [weak self, settle] in
            try? await Task.sleep(for: settle)
            guard !Task.isCancelled else { return }
            await self?.settled(name, generation: current)
        }
    }

    private func settled(_ name: String, generation: Int) {
        guard case .settling(let expected) = stages[name]?.stage, expected == generation else { return }
        complete(name)
    }

    private func complete(_ name: String) {
        timers.removeValue(forKey: name)?.cancel()
        if case .reading = stages[name]?.stage { return }
        stages[name] = (.reading, stages[name]?.since ?? Date())
        readyContinuation.yield(name)
    }

    private func forget(_ name: String) {
        if case .reading = stages[name]?.stage { return }
        timers.removeValue(forKey: name)?.cancel()
        stages[name] = nil
    }
}
