import ArgumentParser
import Foundation
import SchedulerCore

struct EditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change what has not gone out yet: text, time, lateness, per-account texts, media and accounts.",
        discussion: """
            Every change is checked against each network's rules (and X's rule against \
            repeating a recent post) and written at once, or not at all. The text, \
            time, lateness, media and --add-to need every delivery still waiting; \
            --text-for and --remove-from need only that account's. What has gone out \
            is never changed: such an edit exits 5. With --if-version (the version \
            `schedctl show` prints), a post changed since is not edited: the post as it \
            is now is shown and the edit exits 5. An occurrence of a series edited on \
            its own keeps its changes when the series' text is edited later.
            Examples:
              schedctl edit 12 --at "tomorrow 08:00" --tz Europe/Paris
              schedctl edit 12 --text-for facebook:@club="Club run Thursday, all paces"
              schedctl edit 12 --media card.jpg --alt "Route map" \\
                  --add-to linkedin:@runner --remove-from x:@club
              schedctl edit 12 --no-media
              schedctl edit 12 --if-version 1765432101234 --text "Club run, 18:30"
              schedctl edit 12 --reschedule --at "sat 08:00" --text "Parkrun, again"
              schedctl edit 12 --visibility unlisted \\
                  --first-comment "Route: https://example.org/r/12"
            """)

    @Argument(help: "The post id.")
    var id: Int64

    @Option(help: "New text, or - to read it from standard input.")
    var text: String?

    @Option(help: "New time (same forms as schedule --at).")
    var at: String?

    @Option(help: "IANA zone for a local --at (default: the post's zone).")
    var tz: String?

    @Option(parsing: .unconditional, help: "New lateness limit, at least 1m, e.g. 30m.")
    var lateness: String?

    @Flag(help: "With --text: the text of every occurrence still to come of this post's series ({{date}}, {{weekday}}, {{n}} filled in).")
    var series = false

    @Option(name: .customLong("text-for"), help: "A different text for one account: ACCOUNT=TEXT. Repeatable.")
    var textFor: [String] = []

    @Option(help: "Replace the post's files with these (an image, GIF or video). Repeatable.")
    var media: [String] = []

    @Option(help: "Alt text for the --media at the same position. Repeatable.")
    var alt: [String] = []

    @Flag(name: .customLong("no-media"), help: "Remove every file from the post.")
    var noMedia = false

    @Option(name: .customLong("add-to"), parsing: .upToNextOption, help: "Accounts to add: an id, network:@handle, or @handle.")
    var addTo: [String] = []

    @Option(name: .customLong("remove-from"), parsing: .upToNextOption, help: "Accounts to drop (their deliveries must still be waiting).")
    var removeFrom: [String] = []

    @Option(name: .customLong("first-comment"), help: "The comment made under the post once it is out, for every account; \"\" removes it.")
    var firstComment: String?

    @Option(help: "Mastodon's visibility: public, unlisted, private or direct; \"\" for the account's default.")
    var visibility: String?

    @Option(name: .customLong("content-warning"), help: "Mastodon's content warning; \"\" removes it.")
    var contentWarning: String?

    @Option(help: "The text's language (two letters, for Mastodon and Bluesky); \"\" removes it.")
    var language: String?

    @Flag(help: "With --at: deliveries that failed, were missed or expired are scheduled again at the new time, with the other changes.")
    var reschedule = false

    @Option(name: .customLong("if-version"), help: "Edit only if the post is still at this version (`schedctl show` prints it).")
    var ifVersion: Int64?

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        let deliveries = !textFor.isEmpty || !media.isEmpty || noMedia || !addTo.isEmpty || !removeFrom.isEmpty
            || firstComment != nil || visibility != nil || contentWarning != nil || language != nil
        if series, text == nil || at != nil || lateness != nil || deliveries {
            throw ValidationError("--series changes the text of the occurrences still to come; give --text only")
        }
        if text == nil && at == nil && lateness == nil && !deliveries {
            throw ValidationError("nothing to change; give --text, --at, --lateness, --text-for, --media, --no-media, --add-to, --remove-from, "
                                  + "--first-comment, --visibility, --content-warning or --language")
        }
        if tz != nil && at == nil { throw ValidationError("--tz only applies together with --at") }
        if reschedule && at == nil { throw ValidationError("--reschedule needs the new time: --at TIME") }
        if noMedia, !media.isEmpty { throw ValidationError("give --media FILE… to replace the files, or --no-media to remove them, not both") }
        if alt.count > media.count { throw ValidationError("\(alt.count) --alt for \(media.count) --media; give each --alt after its --media") }
        for entry in textFor where !entry.contains("=") || entry.hasPrefix("=") {
            throw ValidationError("--text-for takes ACCOUNT=TEXT, not '\(entry)'")
        }
        for file in media { if let problem = LocalFile.problem(file, what: "the media file") { throw ValidationError(problem) } }
    }

    func run() async throws {
        var references: [MediaReference]? = noMedia ? [] : nil
        for (index, file) in media.enumerated() {
            references = (references ?? []) + [try await MediaUpload.reference(file, alt: index < alt.count ? alt[index] : nil, with: options.client())]
        }
        let overrides = ScheduleCommand.pairs(textFor)
        let request = EditPostRequest(text: try text.map(TextInput.read), at: at, tz: tz, lateness: lateness, series: series ? true : nil,
                                      overrides: overrides.isEmpty ? nil : overrides, media: references,
                                      addTo: addTo.isEmpty ? nil : addTo, removeFrom: removeFrom.isEmpty ? nil : removeFrom,
                                      firstComment: firstComment, visibility: visibility, contentWarning: contentWarning, language: language,
                                      version: ifVersion, reschedule: reschedule ? true : nil)
        let data: Data
        do { data = try await options.client().send("PATCH", "/v1/posts/\(id)", body: request) } catch let error as CLIError
            where error.exitCode == ExitCodes.conflict && ifVersion != nil && !options.json {
            // A stale version: the person sees the post as it is now, to build the edit again from it.
            if let (now, _) = try? await options.client().get("/v1/posts/\(id)", as: PostView.self), now.version != ifVersion {
                FileHandle.standardError.write(Data("the post as it is now:\n".utf8))
                PostPrinter.print(now)
            }
            throw error
        }
        if options.json { return Output.json(data) }
        let post = try options.client().decode(PostView.self, data)
        PostPrinter.print(post)
        for note in post.notes ?? [] { print("note: \(note)") }
    }
}

struct CancelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Cancel every delivery of a post that has not gone out.")

    @Argument(help: "The post id.")
    var id: Int64

    @Flag(help: "The post is an occurrence of a repeating post: end the series and cancel every occurrence not yet published.")
    var series = false

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let data = try await options.client().send("POST", "/v1/posts/\(id)/cancel" + (series ? "?series=true" : ""))
        if options.json { return Output.json(data) }
        PostPrinter.print(try options.client().decode(PostView.self, data))
    }
}
