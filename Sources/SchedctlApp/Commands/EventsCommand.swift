import ArgumentParser
import Foundation
import HTTPClient
import SchedctlOutput
import SchedulerCore
import Synchronization

struct EventsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events", abstract: "What happened: published, failed, unknown, missed, needs_relink, handed_off.",
        discussion: """
            Without --follow, prints the last events (or those after --since) and exits. With --follow, prints each \
            event as it happens from now on, until interrupted (with --since, from after that event; with --last N, \
            the last N first, as tail -n N -f does); with --json, one JSON object per line.

            Examples:
              schedctl events
              schedctl events --follow --json | jq .
              schedctl events --since 120
            """)

    @Flag(help: "Keep printing events as they happen.")
    var follow = false

    @Option(help: "Only events after this event id.")
    var since: Int64?

    @Option(help: "How many past events to show (1-1000; default 20, and none before --follow).")
    var last: Int?

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if let last, !(1...1_000).contains(last) { throw ValidationError("--last must be between 1 and 1000; got \(last).") }
        if let since, since < 0 { throw ValidationError("--since must be an event id (0 or more); got \(since).") }
    }

    func run() async throws {
        var query = "limit=\(last ?? 20)"
        if let since { query += "&after=\(since)" }
        guard follow else {
            let (events, data) = try await options.client().get("/v1/events?\(query)", as: [EventView].self)
            if options.json { return Output.json(data) }
            if events.isEmpty {
                // Whether there are none at all, or none after --since: the newest there is says which.
                var newest: Int64?
                if since != nil { newest = try await options.client().get("/v1/events?limit=1", as: [EventView].self).0.last?.id }
                print(EventsText.none(since: since, last: newest))
            }
            for event in events { print(EventPrinter.line(event)) }
            return
        }
        if since == nil, last == nil {
            // Issue 25: following replayed the whole history first. From now on: after the newest event there is
            // (one stored between the two requests is still shown, after it).
            let newest = try await options.client().get("/v1/events?limit=1", as: [EventView].self).0.last?.id ?? 0
            query += "&after=\(newest)"
        }
        let lines = LineSplitter(json: options.json)
        let status = try await options.client().stream("/v1/events?\(query)&follow=true") { lines.feed($0) }
        guard status == 200 else {
            throw CLIError(exitCode: ExitCodes.failure, message: "schedulerd refused to stream events (HTTP \(status)); too many followers may be connected")
        }
        throw CLIError(exitCode: ExitCodes.unreachable, message: "schedulerd closed the event stream (it stopped or restarted)")
    }
}

/// Turns the stream's bytes into printed lines as they arrive.
private final class LineSplitter: Sendable {
    private let pending = Mutex<[UInt8]>([])
    let json: Bool

    init(json: Bool) { self.json = json }

    func feed(_ bytes: [UInt8]) {
        let lines: [[UInt8]] = pending.withLock { buffer in
            buffer += bytes
            var complete: [[UInt8]] = []
            while let newline = buffer.firstIndex(of: 0x0A) {
                complete.append(Array(buffer[..<newline]))
                buffer.removeSubrange(...newline)
            }
            return complete
        }
        for line in lines where !line.isEmpty {
            // Written straight away, unbuffered, so a pipe sees each event as it happens.
            if json {
                FileHandle.standardOutput.write(Data(line + [0x0A]))
            } else if let event = try? JSONCoding.decoder().decode(EventView.self, from: Data(line)) {
                FileHandle.standardOutput.write(Data((EventPrinter.line(event) + "\n").utf8))
            }
        }
    }
}

enum EventPrinter {
    static func line(_ event: EventView) -> String {
        var text = "#\(event.id ?? 0)  \(RFC3339.format(event.at))  \(event.event)"
        // The messages of delivery events name their post already ("Post 10 was published…"): said once.
        if let post = event.postId, !event.message.hasPrefix("Post \(post) ") { text += "  post \(post)" }
        if let delivery = event.deliveryId { text += "  delivery \(delivery)" }
        text += ": \(event.message)"
        if let url = event.remoteUrl { text += "  \(url)" }
        if let confirm = event.confirm { text += "\n    → \(confirm)" }
        return text
    }
}
