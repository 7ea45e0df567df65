import ArgumentParser
import Foundation
import SchedctlOutput
import SchedulerCore

struct SlotsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "slots",
        abstract: "Each account's posting slots: the times of the week `schedule --next-slot` fills.",
        subcommands: [SlotsShow.self, SlotsSet.self, SlotsClear.self],
        defaultSubcommand: SlotsShow.self)
}

struct SlotsShow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "The slots of every account that has some, or of one account.")

    @Argument(help: "Only this account: an id, network:@handle, or @handle.")
    var account: String?

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let path = account.map { "/v1/slots?account=\(PathSegment.encode($0))" } ?? "/v1/slots"
        let (views, data) = try await options.client().get(path, as: [SlotsView].self)
        if options.json { return Output.json(data) }
        if let only = views.first, account != nil, only.slots == nil {
            return print("\(only.account) has no posting slots; `schedctl slots set \(only.account) mon-fri 07:30` sets some")
        }
        guard !views.isEmpty else { return print("no account has posting slots; `schedctl slots set ACCOUNT mon-fri 07:30` sets some") }
        print(PlanningText.slots(views, terminal: .current()), terminator: "")
    }
}

struct SlotsSet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Replace an account's slots; queued posts whose time is no longer a slot move to the next free one.",
        discussion: """
            SLOTS are days, each followed by its times: mon-fri 07:30,12:15 sat 09:00. Days: mon … sun, ranges (mon-fri), \
            lists (mon,wed,fri), daily, weekdays, weekends. Times are wall-clock times in --tz: a slot stays at 07:30 across \
            DST changes; on the day the clocks skip it, it moves to the first minute that exists, and says so.
            Example:
              schedctl slots set x:@club mon-fri 07:30,12:15 sat 09:00 --tz Europe/Kyiv
            """)

    @Argument(help: "The account: an id, network:@handle, or @handle.")
    var account: String

    @Argument(help: "Days and their times.")
    var slots: [String] = []

    @Option(help: "IANA time zone the times are read in (default: the daemon's zone).")
    var tz: String?

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if slots.isEmpty { throw ValidationError("give days and times, as in 'mon-fri 07:30,12:15 sat 09:00' (`slots clear` removes them)") }
    }

    func run() async throws {
        let path = "/v1/accounts/\(PathSegment.encode(account))/slots"
        let data = try await options.client().send("PUT", path, body: SetSlotsRequest(slots: slots, tz: tz))
        if options.json { return Output.json(data) }
        SlotsPrinter.print(try options.client().decode(SlotsView.self, data))
    }
}

struct SlotsClear: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove an account's slots; its queued posts keep their times.")

    @Argument(help: "The account: an id, network:@handle, or @handle.")
    var account: String

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let path = "/v1/accounts/\(PathSegment.encode(account))/slots"
        let data = try await options.client().send("DELETE", path)
        if options.json { return Output.json(data) }
        SlotsPrinter.print(try options.client().decode(SlotsView.self, data))
    }
}

enum SlotsPrinter {
    static func print(_ view: SlotsView) {
        Swift.print(PlanningText.slotsChanged(view, width: Terminal.current().columns), terminator: "")
    }
}

struct QueueCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "queue",
        abstract: "What is queued in each account's slots, in order, and its next free slots.")

    @Option(help: "Only this account.")
    var account: String?

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        var path = "/v1/queue"
        if let account { path += "?account=\(PathSegment.encode(account))" }
        let (views, data) = try await options.client().get(path, as: [QueueView].self)
        if options.json { return Output.json(data) }
        guard !views.isEmpty else { return print("nothing is queued and no account has slots; see `schedctl slots set`") }
        print(PlanningText.queue(views, width: Terminal.current().columns), terminator: "")
    }
}
