import Foundation
import RunSummary
@testable import SchedulerServices
import Testing
@testable import Scheduler

/// When a run from the inbox is posted, by its rule, in the runner's zone; and which names the inbox reads.
@Suite struct InboxScheduleTests {
    let paris = TimeZone(identifier: "Europe/Paris")!

    func run(startingAt text: String, minutes: Double = 45) -> RunSummary {
        RunSummary(title: "Run", start: ISO8601DateFormatter().date(from: text)!, timeZone: paris, distanceMeters: 8_000, movingSeconds: minutes * 60,
                   elapsedSeconds: minutes * 60, paceSecondsPerKilometre: 300, elevationGainMeters: nil, heartRateAverage: nil, heartRateMax: nil,
                   cadenceAverage: nil, calories: nil, route: [], pointCount: 0)
    }

    func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test func anAtRule_isThatTimeOnTheRunsDay_orTheNextDayOnceItHasPassed() {
        let morning = run(startingAt: "2026-11-27T06:30:00Z")   // 07:30 in Paris
        #expect(InboxSchedule.time(.at(hour: 19, minute: 0), summary: morning, now: date("2026-11-27T07:20:00Z")) == date("2026-11-27T18:00:00Z"))
        let late = run(startingAt: "2026-11-27T18:30:00Z")        // 19:30 in Paris, after the rule's 19:00
        #expect(InboxSchedule.time(.at(hour: 19, minute: 0), summary: late, now: date("2026-11-27T19:20:00Z")) == date("2026-11-28T18:00:00Z"))
    }

    @Test func anAtRule_keepsTheWallClockAcrossADSTChange() {
        // Paris leaves summer time on 2026-10-25: 19:00 is 17:00Z the day before and 18:00Z that day.
        let saturday = run(startingAt: "2026-10-24T20:00:00Z")
        #expect(InboxSchedule.time(.at(hour: 19, minute: 0), summary: saturday, now: date("2026-10-24T21:00:00Z")) == date("2026-10-25T18:00:00Z"))
    }

    @Test func anAfterRule_countsFromTheRunsEnd_butNeverSoonerThanAMinuteFromNow() {
        let summary = run(startingAt: "2026-11-27T06:30:00Z", minutes: 45)
        #expect(InboxSchedule.time(.after(seconds: 7_200), summary: summary, now: date("2026-11-27T07:20:00Z")) == date("2026-11-27T09:15:00Z"))
        let weekLater = date("2026-12-04T10:00:00Z")
        #expect(InboxSchedule.time(.after(seconds: 7_200), summary: summary, now: weekLater) == weekLater.addingTimeInterval(60),
                "an old run dropped late is not posted at once, nor in the past")
    }

    @Test func theRequest_carriesTheRulesAccountsAndTiming() {
        let summary = run(startingAt: "2026-11-27T06:30:00Z")
        let draft = InboxSchedule.request(InboxRule(to: ["x:@ada"], when: .draft), summary: summary, file: "a.fit", units: .metric, templates: nil, now: Date())
        #expect(draft.post.draft == true && draft.post.at == nil && draft.post.to == ["x:@ada"] && draft.runThread == nil)
        let slot = InboxSchedule.request(InboxRule(to: ["x:@ada"], when: .nextSlot, thread: true), summary: summary, file: "a.fit", units: .metric,
                                         templates: nil, now: Date())
        #expect(slot.post.nextSlot == true && slot.runThread == true)
        let timed = InboxSchedule.request(InboxRule(to: ["x:@ada"], when: .at(hour: 19, minute: 0)), summary: summary, file: "a.fit", units: .metric,
                                          templates: nil, now: date("2026-11-27T07:20:00Z"))
        #expect(timed.post.at == "2026-11-27T19:00:00+01:00" && timed.post.tz == "Europe/Paris")
    }

    @Test func syncToolsTemporaryNames_areNeverRead() {
        for name in [".syncthing.run.fit.tmp", "~syncthing~run.fit.tmp", ".~run.fit", "run.fit.part", "run.fit.crdownload", "run.fit.!sync", ".hidden.fit"] {
            #expect(InboxFileNames.isTemporary(name), "\(name)")
        }
        for name in ["run.fit", "Morning Run.GPX", "2026-11-27-07-30-00.fit"] { #expect(!InboxFileNames.isTemporary(name), "\(name)") }
    }

    @Test func theFirstRuleWhosePatternFits_isTaken_caseIgnored() {
        let rules = [InboxRule(match: "club-*", to: ["facebook:@club"], when: .draft), InboxRule(match: "*.fit", to: ["x:@ada"], when: .nextSlot),
                     InboxRule(to: ["x:@ada"], when: .draft)]
        #expect(InboxFileNames.rule(for: "club-long-run.fit", in: rules)?.to == ["facebook:@club"])
        #expect(InboxFileNames.rule(for: "MORNING.FIT", in: rules)?.when == .nextSlot)
        #expect(InboxFileNames.rule(for: "evening.gpx", in: rules)?.when == .draft)
        #expect(InboxFileNames.rule(for: "evening.gpx", in: Array(rules.prefix(2))) == nil)
    }
}
