import Foundation
import Logging
@testable import SchedulerServices
import Testing
@testable import Scheduler

/// The idle hand-back: when the rule hands pages back, and that the service does it again once pages come back.
@Suite struct IdlePagesTests {
    let rule = IdlePagesRule()
    let megabyte = 1 << 20

    @Test func theFirstQuietPeriod_handsBack_whateverCameBackSinceStartUp() {
        #expect(rule.shouldHandBack(cpuUsed: .milliseconds(5), fileResident: 30 * megabyte, idleFigure: nil))
    }

    @Test func aBusyPeriod_handsNothingBack_howeverManyPagesCameBack() {
        #expect(!rule.shouldHandBack(cpuUsed: rule.quietCPU, fileResident: 30 * megabyte, idleFigure: 6 * megabyte))
        #expect(!rule.shouldHandBack(cpuUsed: .seconds(10), fileResident: 30 * megabyte, idleFigure: nil))
    }

    @Test func pagesBackSinceTheLastHandBack_goBackAtTheNextQuietPeriod() {
        #expect(rule.shouldHandBack(cpuUsed: .milliseconds(5), fileResident: 6 * megabyte + rule.worthHandingBack, idleFigure: 6 * megabyte))
    }

    /// What idling keeps comes straight back after a hand-back: handing it back again every period would be churn.
    @Test func idlingAlone_handsNothingBackAgain() {
        #expect(!rule.shouldHandBack(cpuUsed: .milliseconds(5), fileResident: 6 * megabyte, idleFigure: 6 * megabyte))
        #expect(!rule.shouldHandBack(cpuUsed: .milliseconds(5), fileResident: 6 * megabyte + rule.worthHandingBack - 1, idleFigure: 6 * megabyte))
    }

    @Test func theProcessReadsItsOwnCPUTimeAndFilePages() {
        let before = ProcessUsage.cpuTime()
        var sum = 0
        for value in 0..<2_000_000 { sum &+= value &* value }
        #expect(sum != 0 && ProcessUsage.cpuTime() > before, "CPU time grows with work")
        #expect((ProcessMemory.read()?.fileResidentBytes ?? 0) > 1 << 20, "a test process maps at least its own program")
    }

    /// The service, with a short period and a hand-back of a mapped file of the test's own: the file's pages leave the
    /// resident set at a quiet period, and leave it again after they were read back. The rule's CPU allowance is wide,
    /// since other tests run in this process at the same time.
    @Test(.timeLimit(.minutes(1)))
    func aQuietProcess_handsItsPagesBack_andAgainOnceTheyCameBack() async throws {
        try await StartupPagesTests.withMappedFile(protection: PROT_READ) { mapped, length in
            let bytes = mapped.assumingMemoryBound(to: UInt8.self)
            let mapping = FileMapping(range: UInt(bitPattern: mapped)..<UInt(bitPattern: mapped) + UInt(length), writable: false)
            let sum = StartupPagesTests.readEveryPage(bytes, length)
            let resident = try StartupPagesTests.residentKilobytes(of: mapped)
            #expect(resident >= 7 * 1024, "every page was read (\(resident) KB)")

            // The service says "handed back" once it has taken its idle figure, after the settle: pages read back before
            // that would count in the figure, and never look like pages that came back (seen under load).
            let log = LogRecorder()
            let service = IdlePagesService(rule: IdlePagesRule(period: .milliseconds(50), quietCPU: .seconds(3_600), worthHandingBack: 1 << 20),
                                           settle: .milliseconds(10), logger: log.logger(label: "idle-pages-test"),
                                           handBack: { StartupPages.handBack([mapping]) })
            let running = Task { try await service.run() }
            defer { running.cancel() }

            try await Self.waitUntil("the file's pages are handed back") { try StartupPagesTests.residentKilobytes(of: mapped) < 1024 }
            try await Self.waitUntil("the service takes its idle figure") { log.contains("idle pages handed back") }
            // Reading every page makes each resident as it is read; whether they are all resident still when the read ends
            // is the service's race to win (it may hand them back at once), so the second hand-back is seen in its log.
            #expect(StartupPagesTests.readEveryPage(bytes, length) == sum, "pages read back hold the file's bytes")
            try await Self.waitUntil("the pages read back are handed back again") {
                try log.all.count(where: { $0.message == "idle pages handed back" }) >= 2 && StartupPagesTests.residentKilobytes(of: mapped) < 1024
            }

            running.cancel()
            try await running.value
        }
    }

    private static func waitUntil(_ what: String, deadline: Duration = .seconds(20), _ condition: () throws -> Bool) async throws {
        let end = ContinuousClock.now + deadline
        while try !condition() {
            guard ContinuousClock.now < end else {
                Issue.record("not within \(deadline): \(what)")
                return
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
