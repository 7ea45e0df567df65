import ArgumentParser
import Foundation
import NetworkRules
import RunPosts
import RunSummary
import SchedctlOutput
import SchedulerCore

struct ScheduleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract: "Schedule a post to one or more accounts.",
        discussion: """
            TIME is RFC 3339 with an offset (2026-11-21T07:30:00+01:00), a local time \
            (2026-11-21 07:30), '07:30' or '7:30' (tomorrow's once today's has passed, \
            and it says so), 'today 07:30', 'tomorrow 07:30', 'sunday 18:00' (the coming \
            one), 'next mon 7:30' (never today), 'in 2h', or 'now'; at \
            most 5 years ahead. A local time is read in --tz, else in this machine's \
            zone ($TZ, else the system's), and the answer names the zone used; with \
            --run, the run's start in the text is written in that same zone. \
            --lateness is at least 1m (with less, every post would be missed).
            Examples:
              schedctl schedule "Parkrun PB!" --to x:@runner --at 09:45 --tz Europe/London
              schedctl schedule - --to x:@runner --at "in 30m" < post.txt
              schedctl schedule "Hello" --to x:@runner --at "in 1h" --dry-run
              schedctl schedule --run morning.gpx --to x:@runner instagram:@club --at 7:30
              schedctl schedule --run long.tcx --run-thread --to x:@runner --at "in 1h" \\
                  --first-comment "On Strava: https://…"
              schedctl schedule --thread "10 km today 🧵" "The splits…" "Thanks, club!" \\
                  --part-media 2=splits.jpg --to x:@runner --at "in 1h"
              schedctl schedule "Race photos" --media 1.jpg --media 2.jpg --media 3.jpg \\
                  --to facebook:@club --first-comment "Results: https://example.org/5k" \\
                  --at 9:00
              schedctl schedule "Week 12" --to mastodon:@me@mastodon.social \\
                  --visibility unlisted --content-warning "Running talk" \\
                  --language en --at 18:00
              schedctl schedule "Club run Thursday" --to x:@runner --draft
              schedctl schedule --post 12 --at "tomorrow 07:30"
              schedctl schedule "Intervals tonight" --to x:@club facebook:@club --next-slot
              schedctl schedule "Club run #{{n}}, {{weekday}} {{date}}" --to x:@club \\
                  --at "2026-12-03 07:30" --repeat "weekly on thu"
            Texts of a repeating post may use {{date}}, {{weekday}} and {{n}} (X refuses a text it was sent before).
            A thread (\(Network.displayNames(NetworkRules.threadNetworks, joinedBy: "or"))) is --thread PART…, --thread-file FILE, or a TEXT whose parts are \
            separated by a line '---'.
            On Mastodon, --visibility, --content-warning and --language apply to every part; Bluesky takes --language.
            Several --media make a multi-photo post on Facebook, a MultiImage post on LinkedIn and a carousel on Instagram.
            With --run FILE (a GPX, TCX or FIT run) each account's text comes from its network's template \
            (see `schedctl run-summary`) and the picture of the run is attached.
            """)

    @Argument(help: "The text of the post, or - to read it from standard input (not with --run).")
    var text: String?

    @Option(name: .customLong("run"), help: "Post a run: a GPX, TCX or FIT file, read here; texts from the templates, with the picture attached.")
    var runFile: String?

    @Option(help: "With --run: metric or imperial.")
    var units: Units = .metric

    @Option(help: "With --run: the title instead of the generated one.")
    var title: String?

    @Option(help: "With --run: the templates directory.")
    var templates: String?

    @Flag(name: .customLong("run-thread"), help: "With --run: post the run as an X thread, the summary then its splits (X accounts only).")
    var runThread = false

    @Option(name: .customLong("run-number"), help: "With --run: which run of a FIT file holding several (a multi-sport day), from 1.")
    var runNumber: Int?

    @Option(name: .long, parsing: .upToNextOption, help: "Target accounts: an id, network:@handle, or @handle.")
    var to: [String] = []

    @Option(help: "When to publish.")
    var at: String?

    @Flag(help: "Keep it as a draft, checked like any post but with no time; `schedctl drafts` lists them.")
    var draft = false

    @Flag(name: .customLong("next-slot"), help: "Instead of --at: the first posting slot of every --to account that no queued post has taken.")
    var nextSlot = false

    @Option(name: .customLong("repeat"), help: "Repeat from --at: 'weekly on mon,thu', 'every 2 weeks on mon', 'monthly on 1,15', daily, or an RRULE.")
    var repeatRule: String?

    @Option(help: "With --repeat: the last day (2027-03-01) an occurrence may fall on.")
    var until: String?

    @Option(help: "Schedule this draft (its id) at --at, instead of a new post.")
    var post: Int64?

    @Option(help: "IANA time zone for a local TIME and for a run's start in the text, e.g. Europe/Paris (default: this machine's zone, $TZ or the system's).")
    var tz: String?

    // Unconditional: `--lateness -5m` reaches the daemon, which says it is negative, instead of being read as an option.
    @Option(parsing: .unconditional, help: "How late the post may still go out after downtime, at least 1m, e.g. 30m (default: the daemon's setting).")
    var lateness: String?

    @Option(name: .customLong("text-for"), help: "Different text for one account: ACCOUNT=TEXT. Repeatable.")
    var textFor: [String] = []

    @Option(help: "Attach an image, GIF or video (copied into the daemon's state directory). Repeatable.")
    var media: [String] = []

    @Option(help: "Alt text for the --media at the same position. Repeatable.")
    var alt: [String] = []

    @Option(name: .long, parsing: .upToNextOption, help: "An X thread: its parts in order (instead of TEXT), each a reply to the one before.")
    var thread: [String] = []

    @Option(name: .customLong("thread-file"), help: "An X thread read from a file (- for standard input): parts separated by a line '---'.")
    var threadFile: String?

    @Option(name: .customLong("part-media"), help: "Attach a file to part N of a thread: N=FILE (part 1 takes --media too). Repeatable.")
    var partMedia: [String] = []

    @Option(name: .customLong("part-alt"), help: "Alt text for part N's --part-media, in the same order: N=TEXT. Repeatable.")
    var partAlt: [String] = []

    @Option(name: .customLong("first-comment"), help: "A comment made under the post once it is out (on X, a reply at the thread's end).")
    var firstComment: String?

    @Option(name: .customLong("first-comment-for"), help: "A different first comment for one account: ACCOUNT=TEXT. Repeatable.")
    var firstCommentFor: [String] = []

    @Option(help: "Mastodon: who sees it, public, unlisted, private (followers) or direct (default: the account's own).")
    var visibility: String?

    @Option(name: .customLong("content-warning"), help: "Mastodon: a content warning shown in place of the text until opened.")
    var contentWarning: String?

    @Option(help: "The text's language for Mastodon and Bluesky, a two-letter ISO 639-1 code such as en.")
    var language: String?

    @Flag(name: .customLong("dry-run"), help: "Show exactly what each network would receive; store nothing.")
    var dryRun = false

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if at != nil, nextSlot { throw ValidationError("give --at TIME or --next-slot, not both") }
        if post != nil {
            guard at != nil || nextSlot else { throw ValidationError("--post ID needs --at TIME or --next-slot") }
            guard text == nil, runFile == nil, to.isEmpty, media.isEmpty, textFor.isEmpty, lateness == nil, !draft, !dryRun, repeatRule == nil,
                  !hasParts else {
                throw ValidationError("--post ID schedules a draft as it is: give only --at (or --next-slot) and --tz (change it first with `schedctl edit`)")
            }
            return
        }
        if until != nil, repeatRule == nil { throw ValidationError("--until goes with --repeat") }
        if repeatRule != nil, at == nil { throw ValidationError("--repeat needs --at TIME, the first occurrence's time") }
        if draft, at != nil || nextSlot { throw ValidationError("a draft has no time: leave out --at and --next-slot, or leave out --draft") }
        if draft, dryRun { throw ValidationError("--dry-run shows what is sent at a time; a draft has none") }
        if !draft, at == nil, !nextSlot { throw ValidationError("give --at TIME, --next-slot, or --draft to keep the post without a time") }
        if to.isEmpty { throw ValidationError("give at least one --to ACCOUNT") }
        let sources = [text != nil, runFile != nil, !thread.isEmpty, threadFile != nil].filter { $0 }.count
        if sources > 1 { throw ValidationError("give one of the post's TEXT, --run FILE, --thread PART… or --thread-file FILE") }
        if sources == 0 { throw ValidationError("give the post's TEXT (- reads it from standard input), --run FILE, --thread PART… or --thread-file FILE") }
        try validateParts()
        if runFile == nil, title != nil || templates != nil || runThread || runNumber != nil {
            throw ValidationError("--title, --templates, --run-thread and --run-number go with --run FILE")
        }
        // An ACCOUNT before the `=`: `=TEXT` names no account, and `=` alone would leave nothing to key the text by.
        for (option, entries) in [("--text-for", textFor), ("--first-comment-for", firstCommentFor)] {
            for entry in entries where !entry.contains("=") || entry.hasPrefix("=") {
                throw ValidationError("\(option) takes ACCOUNT=TEXT, not '\(entry)'")
            }
        }
        if alt.count > media.count { throw ValidationError("\(alt.count) --alt for \(media.count) --media; give each --alt after its --media") }
        for file in media { if let problem = LocalFile.problem(file, what: "the media file") { throw ValidationError(problem) } }
    }

    func run() async throws {
        if let post { return try await scheduleDraft(post) }
        let data: Data
        if let runFile { data = try await sendRun(runFile) } else { data = try await sendPost() }
        if options.json { return Output.json(data) }
        if dryRun {
            let preview = try options.client().decode(DryRunView.self, data)
            print("dry run: nothing stored; due \(preview.dueLocal) \(preview.dueZone) (\(preview.dueAt))")
            for delivery in preview.deliveries {
                var parts = ""
                if case .array(let all)? = delivery.request["parts"] { parts = " (the first of \(all.count) parts)" }
                print("\(delivery.account): \(Counted.of(delivery.weightedLength, "character")) as counted by \(delivery.network.displayName)\(parts)")
                Output.json(try JSONCoding.encoder().encode(delivery.request))
            }
            for note in preview.notes ?? [] { print("note: \(note)") }
            if let occurrences = preview.occurrences, !occurrences.isEmpty {
                print("occurrences (the first, then the first after each change of \(preview.dueZone)'s offset within a year):")
                for occurrence in occurrences {
                    let local = ZonedTime.format(occurrence.dueAt, in: TimeZone(identifier: occurrence.dueZone))
                    print("  #\(occurrence.index)  \(local)  (\(RFC3339.format(occurrence.dueAt)))" + (occurrence.note.map { "  note: \($0)" } ?? ""))
                }
            }
            return
        }
        Self.printScheduled(try options.client().decode(PostView.self, data))
    }

    /// `POST /v1/posts`: the text (or thread) and its media, uploaded first.
    private func sendPost() async throws -> Data {
        var body = try text.map(TextInput.read) ?? ""
        var references = try await uploadedMedia()
        let parts = try await threadParts(first: body)
        if let first = parts.first {
            body = first.text
            references += first.media ?? []
        }
        let request = postRequest(text: body, overrides: Self.pairs(textFor), media: references, thread: Array(parts.dropFirst()))
        return try await options.client().send("POST", "/v1/posts", body: request)
    }

    /// `POST /v1/runs`: the run is read here (the daemon never reads the person's files, and a bad file is refused before
    /// the daemon is asked anything), and its summary sent with the templates and the post in one request; the daemon
    /// writes each account's text by its network, draws and stores the picture, and schedules.
    private func sendRun(_ file: String) async throws -> Data {
        let run = try RunPost.read(file, tz: tz, title: title, templates: templates, runNumber: runNumber)
        // What of the file was not posted as it stated it, said before the post is sent (never in the post's text).
        for note in run.summary.notes { FileHandle.standardError.write(Data("note: \(note)\n".utf8)) }
        let templateSources = try run.templateSources()
        var references = try await uploadedMedia()
        let partMedia = try await uploadedPartMedia(parts: highestPart)
        references += partMedia.first ?? []
        let thread = partMedia.dropFirst().map { ThreadPartRequest(text: "", media: $0.isEmpty ? nil : $0) }
        let post = postRequest(text: "", overrides: Self.pairs(textFor), media: references, thread: thread)
        let request = RunPostRequest(summary: run.summary, file: file, units: units, templates: templateSources,
                                     runThread: runThread ? true : nil, post: post)
        return try await options.client().send("POST", "/v1/runs", body: request)
    }

    /// Each --media uploaded with `POST /v1/media`, with its --alt.
    private func uploadedMedia() async throws -> [MediaReference] {
        var references: [MediaReference] = []
        for (index, file) in media.enumerated() {
            references.append(try await MediaUpload.reference(file, alt: index < alt.count ? alt[index] : nil, with: options.client()))
        }
        return references
    }

    /// The request of `POST /v1/posts` (and the `post` of `POST /v1/runs`): `thread` holds the parts after the first.
    private func postRequest(text: String, overrides: [String: String], media: [MediaReference], thread: [ThreadPartRequest]) -> SchedulePostRequest {
        let firstComments = Self.pairs(firstCommentFor)
        return SchedulePostRequest(text: text, to: to, at: at, tz: tz, lateness: lateness,
                                   overrides: overrides.isEmpty ? nil : overrides, dryRun: dryRun ? true : nil,
                                   media: media.isEmpty ? nil : media, draft: draft ? true : nil,
                                   nextSlot: nextSlot ? true : nil, repeatRule: repeatRule, until: until,
                                   thread: thread.isEmpty ? nil : thread, firstComment: firstComment,
                                   firstCommentFor: firstComments.isEmpty ? nil : firstComments,
                                   clientTz: tz == nil ? ClientZone.current.name : nil,
                                   visibility: visibility, contentWarning: contentWarning, language: language)
    }

    private func scheduleDraft(_ id: Int64) async throws {
        let data = try await options.client().send("POST", "/v1/posts/\(id)/schedule",
                                                    body: ScheduleDraftRequest(at: at, tz: tz, nextSlot: nextSlot ? true : nil))
        if options.json { return Output.json(data) }
        Self.printScheduled(try options.client().decode(PostView.self, data))
    }

    static func printScheduled(_ post: PostView) {
        let accounts = post.deliveries.map(\.account).joined(separator: ", ")
        guard post.dueAt != nil else {
            return print("draft \(post.id) to \(accounts) kept without a time; schedule it with `schedctl schedule --post \(post.id) --at TIME`")
        }
        let thread = post.thread.map { ", a thread of \($0.count + 1) parts" } ?? ""
        let comments = post.deliveries.contains { $0.firstComment != nil } ? ", with a first comment" : ""
        print("scheduled post \(post.id) for \(Output.due(post)) to \(accounts)\(thread)\(comments)"
              + (post.queued == true ? ", in the first free posting slot" : ""))
        for note in post.notes ?? [] { print("note: \(note)") }
    }
}

/// Post text given as an argument, or `-` for standard input.
enum TextInput {
    static func read(_ argument: String) throws -> String {
        guard argument == "-" else { return argument }
        let text = try LocalFile.standardInput()
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}
