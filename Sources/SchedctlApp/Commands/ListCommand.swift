import ArgumentParser
import Foundation
import SchedctlOutput
import SchedulerCore

struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List posts: pending ones next due first, others (published, failed, all) newest first.",
        discussion: """
            STATE is pending (the default), all, or a delivery state: \(StateFilter.acceptedNames.joined(separator: ", ")).
            Posts that wait (pending, scheduled, retrying, publishing) come in the order they go out; any other state \
            newest due time first.

            One line per delivery in STATE, with its account and its state; a post's deliveries in other states are \
            counted on a line under it (`show ID` lists them). The table fits the terminal's width (else $COLUMNS, \
            else 80 columns), cutting the text first with "…", then long account names; a state is never cut. \
            Deliveries are coloured by state on a terminal (NO_COLOR turns colour off). Times are in the daemon's zone, \
            or in --tz, named in the header. `show ID` prints a post whole.

            A page that has a next one ends with the command for it: `--after CURSOR` starts just after the page's last post \
            (as quick at page 1,000 as at the first). With --json the page is the daemon's JSON array and the cursor goes to \
            standard error as `next_cursor: CURSOR`.

              schedctl list --state published --limit 100
              schedctl list --state published --limit 100 --after 'MTox…'
            """)

    @Option(help: "Which posts: pending, published, failed, handed_off, missed, all, …")
    var state = "pending"

    @Option(help: "Only posts to this account.")
    var account: String?

    @Option(help: "Posts per page (1-1000).")
    var limit = 50

    @Option(help: "Start just after the page that printed this cursor.")
    var after: String?

    @Option(help: "Page number, from 1 (the daemon counts the pages before it off; --after is quicker deep down).")
    var page = 1

    @Option(help: "IANA time zone the times are shown in (default: the daemon's).")
    var tz: String?

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        guard StateFilter(name: state) != nil else {
            throw ValidationError("unknown state '\(state)'; use one of \(StateFilter.acceptedNames.joined(separator: ", "))")
        }
        guard (1...1_000).contains(limit) else { throw ValidationError("--limit must be between 1 and 1000") }
        guard page >= 1 else { throw ValidationError("--page starts at 1") }
        if after != nil, page != 1 { throw ValidationError("give --after CURSOR or --page N, not both") }
        if let after, after.isEmpty { throw ValidationError("--after needs the cursor a page printed") }
        if let tz, let problem = Suggestions.zoneProblem(tz) { throw ValidationError(problem) }
    }

    func run() async throws {
        var query = "state=\(state)&limit=\(limit)&offset=\((page - 1) * limit)"
        if let account { query += "&account=\(PathSegment.encode(account))" }
        if let after { query += "&after=\(after.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? after)" }
        let client = options.client()
        let listed = try await client.postPage(query)
        if options.json {
            // The answer as it came: nothing decoded, nothing asked of the daemon besides.
            if let next = listed.nextCursor { FileHandle.standardError.write(Data("next_cursor: \(next)\n".utf8)) }
            return Output.json(listed.data)
        }
        let posts = try client.decode([PostListRow].self, listed.data)
        guard !posts.isEmpty else {
            return print(PostListText.empty(state: state, page: page, limit: limit, cursor: after != nil, total: listed.total))
        }
        print(PostListText.table(posts, zone: try await zone(daemonSays: listed.zone, client: client), terminal: .current(),
                                 showing: StateFilter(name: state) ?? .all), terminator: "")
        if let next = listed.nextCursor { print("(more: \(nextCommand(next)))") }
    }

    /// `--tz`, else the daemon's zone, as its answer said it (asked for with the status from a daemon that does not
    /// say it): one zone for the whole table.
    private func zone(daemonSays: String?, client: ControlClient) async throws -> TimeZone {
        if let tz, let zone = TimeZone(identifier: tz) { return zone }
        if let daemonSays, let zone = TimeZone(identifier: daemonSays) { return zone }
        let (status, _) = try await client.get("/v1/status", as: StatusView.self)
        return status.zone.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC")!
    }

    /// The command that lists the next page: this one, from the cursor on.
    private func nextCommand(_ cursor: String) -> String {
        var words = ["schedctl list"]
        if state != "pending" { words.append("--state \(state)") }
        if let account { words.append("--account \(account)") }
        if limit != 50 { words.append("--limit \(limit)") }
        if let tz { words.append("--tz \(tz)") }
        words.append("--after \(cursor)")
        return words.joined(separator: " ")
    }
}
