#if canImport(Glibc)
import Glibc
#endif
import Logging
import SchedulerServer
import SchedulerServices
import ServiceLifecycle

/// Hands the program's clean pages back again once the daemon has gone quiet after serving.
///
/// Why: the start-up hand-back (StartupPages) leaves an idle daemon at about 8 MB of its own, but the first request
/// after it brings back the code that serving runs: a `status` answer maps about 13 MB of program pages again, because
/// the kernel maps a whole cached folio (up to 2 MB since Linux 6.18) around each page touched. A daemon that answered
/// one command and then waits for the next post holds them for hours. Once a period passes quiet, they go back the
/// same way (clean pages only, the page cache keeps them): the next request finds them in the page cache, a minor fault
/// each (measured in docs/benchmarks.md, "Idle memory").
///
/// The daemon has no single place that sees all of its activity (the control socket, the web app, the engine, the
/// hooks), so quiet is read from the process itself: the CPU it used in the period, and its file pages against what
/// idling alone keeps. A check every minute costs microseconds, next to the one-second timer Hummingbird's date header
/// already runs.
package struct IdlePagesService: Service, CustomStringConvertible {
    package var rule = IdlePagesRule()
    /// How long after a hand-back its figure is read: the timers that run while idle have brought their pages back by
    /// then, so the figure is what idling keeps, and they do not count as activity.
    package var settle: Duration = .seconds(2)
    package let logger: Logger
    /// The hand-back itself: this process's file mappings. A test gives its own, which advises only a file of its own.
    package var handBack: @Sendable () -> StartupPages.Outcome = { StartupPages.handBack() }

    package var description: String { "IdlePagesService" }

    /// The process's file-backed resident bytes; 0 without `/proc`, where the kernel also refuses the advice.
    private static func fileResident() -> Int { ProcessMemory.read()?.fileResidentBytes ?? 0 }

    package func run() async throws {
        await cancelWhenGracefulShutdown {
            var idleFigure: Int?
            var cpuMark = ProcessUsage.cpuTime()
            while (try? await Task.sleep(for: rule.period)) != nil {
                let cpuUsed = ProcessUsage.cpuTime() - cpuMark
                if rule.shouldHandBack(cpuUsed: cpuUsed, fileResident: Self.fileResident(), idleFigure: idleFigure) {
                    let started = ContinuousClock.now
                    let outcome = handBack()
                    let took = ContinuousClock.now - started
                    if let refusal = outcome.refusal {
                        // Returning would end the daemon's service group: the service stays, idle, until shutdown.
                        logger.debug("idle pages kept: the kernel refused the advice (\(refusal))")
                        while (try? await Task.sleep(for: .seconds(3_600))) != nil {}
                        return
                    }
                    guard (try? await Task.sleep(for: settle)) != nil else { return }
                    let figure = Self.fileResident()
                    idleFigure = figure
                    logger.debug("idle pages handed back", metadata: ["megabytes": "\(outcome.bytesSpanned >> 20)", "took": "\(took)",
                                                                      "file_resident_megabytes": "\(figure >> 20)"])
                }
                cpuMark = ProcessUsage.cpuTime()
            }
        }
    }
}

/// When a hand-back is worth it: after a quiet period, with pages back since the last one.
package struct IdlePagesRule: Sendable, Equatable {
    /// How often quiet is checked. A minute: a person typing a few commands in a row pays the faults once, and a
    /// daemon waiting hours for its next post is back to its idle figure within two.
    package var period: Duration = .seconds(60)
    /// CPU a period may use and still count as quiet: a hundredth of it. Idling uses about 0.05 %; a `status` answer
    /// about 2 ms of CPU, so a period with a few commands is still quiet and their pages go back.
    package var quietCPU: Duration = .milliseconds(600)
    /// File pages, beyond what idling keeps, that make a hand-back worth its cost (reading the page map, and the minor
    /// faults of the next request).
    package var worthHandingBack = 1 << 20

    /// Whether to hand back now. `idleFigure` is what idling kept after the last hand-back; nil before the first, which
    /// runs at the first quiet period (a command at start, before any figure, still has its pages handed back).
    package func shouldHandBack(cpuUsed: Duration, fileResident: Int, idleFigure: Int?) -> Bool {
        guard cpuUsed < quietCPU else { return false }
        guard let idleFigure else { return true }
        return fileResident - idleFigure >= worthHandingBack
    }
}

/// The process's own CPU time, read from the kernel (its memory: ProcessMemory).
package enum ProcessUsage {
    /// CPU used by every thread of the process since it started.
    package static func cpuTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}
