import Foundation
import Mustache
import SchedulerCore

/// The Mustache template of each network's text: the person's own `<dir>/<network>.mustache`, else the built-in one.
public struct RunTemplates: Sendable {
    /// Where the person's templates are; nil uses the built-in ones only.
    public let directory: String?
    /// The person's templates as read from their directory by schedctl and sent with `POST /v1/runs`, by network: the
    /// daemon never reads the person's files. They come before the directory's.
    public let sources: [Network: RunTemplateSource]

    public init(directory: String? = nil, sources: [Network: RunTemplateSource] = [:]) {
        self.directory = directory
        self.sources = sources
    }

    /// The person's templates in ``directory``, read to be sent to the daemon: each network's file that exists.
    public func read() throws(RunTemplateError) -> [Network: RunTemplateSource] {
        var found: [Network: RunTemplateSource] = [:]
        for network in Network.allCases {
            if let path = path(for: network), FileManager.default.fileExists(atPath: path) {
                found[network] = RunTemplateSource(path: path, source: try Self.contents(path))
            }
        }
        return found
    }

    /// The templates directory: `option` (`--templates DIR`), else `$SCHEDCTL_TEMPLATES`, else the first of
    /// `$XDG_CONFIG_HOME/schedulerd/templates` (or `~/.config/schedulerd/templates`) and `/etc/schedulerd/templates`
    /// that exists. A directory named by the option or the variable must exist; the others are optional.
    public static func resolve(option: String?, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(RunTemplateError) -> RunTemplates {
        let given = option ?? environment["SCHEDCTL_TEMPLATES"].flatMap { $0.isEmpty ? nil : $0 }
        if let given {
            guard isDirectory(given) else {
                throw RunTemplateError(path: given, problem: "no such templates directory")
            }
            return RunTemplates(directory: given)
        }
        var candidates: [String] = []
        if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty {
            candidates.append(config + "/schedulerd/templates")
        } else if let home = environment["HOME"], !home.isEmpty {
            candidates.append(home + "/.config/schedulerd/templates")
        }
        candidates.append("/etc/schedulerd/templates")
        return RunTemplates(directory: candidates.first(where: isDirectory))
    }

    /// The file a person's template for `network` lives in (whether or not it exists).
    public func path(for network: Network) -> String? {
        directory.map { ($0.hasSuffix("/") ? String($0.dropLast()) : $0) + "/\(network.rawValue).mustache" }
    }

    /// The parsed template for `network`, and the file it came from (nil for the built-in one).
    public func template(for network: Network) throws(RunTemplateError) -> (template: MustacheTemplate, path: String?) {
        if let given = sources[network] {
            return (try Self.parse(LineEndings.normalized(given.source), path: given.path), given.path)
        }
        if let path = path(for: network), FileManager.default.fileExists(atPath: path) {
            return (try Self.parse(LineEndings.normalized(try Self.contents(path)), path: path), path)
        }
        do {
            return (try Self.parse(Self.builtIn(network), path: "built-in \(network.rawValue) template"), nil)
        } catch {
            preconditionFailure("\(error)")
        }
    }

    /// The text of the template file at `path`.
    static func contents(_ path: String) throws(RunTemplateError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RunTemplateError(path: path, problem: "cannot read the template")
        }
        guard let source = String(data: data, encoding: .utf8) else {
            throw RunTemplateError(path: path, problem: "the template is not UTF-8 text")
        }
        return source
    }

    /// Parses `source` as plain text (no HTML escaping); errors name `path`, the line and column, and the problem.
    public static func parse(_ source: String, path: String) throws(RunTemplateError) -> MustacheTemplate {
        // A key the run does not fill in would render as nothing, silently: refused, naming the keys there are.
        if let unknown = TemplateTags.unknown(in: source, keys: Set(RunTextContext.keys)).first {
            throw RunTemplateError(path: path, problem: "line \(unknown.line): \(unknown.text) names no figure of a run; the keys are "
                + RunTextContext.keys.joined(separator: ", "))
        }
        do {
            // A standalone pragma line: the text is not HTML, so `{{title}}` must not turn "&" into "&amp;".
            // It is removed whole (with its newline), so the person's line numbers are one more than the parser's.
            return try MustacheTemplate(string: "{{%CONTENT_TYPE:TEXT}}\n" + source)
        } catch let error as MustacheTemplate.ParserError {
            let line = max(1, error.context.lineNumber - 1)
            throw RunTemplateError(path: path, problem: "line \(line), column \(error.context.columnNumber): \(describe(error.error))"
                + " (in: \(error.context.line.trimmingCharacters(in: .whitespaces)))")
        } catch {
            throw RunTemplateError(path: path, problem: "\(error)")
        }
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? MustacheTemplate.Error else {
            return "\(error)" == "overflow" ? "the template ends inside a tag that is not finished (missing }})" : "\(error)"
        }
        switch error {
        case .sectionCloseNameIncorrect: return "a section is closed with a name that does not match the {{#name}} that opened it"
        case .unfinishedName: return "a tag is not finished (a name, then }} or }}} to close it)"
        case .expectedSectionEnd: return "a section is opened but never closed; add {{/name}}"
        case .invalidSetDelimiter: return "a delimiter change ({{=<% %>=}}) is not valid"
        case .transformAppliedToInheritanceSection: return "a transform is applied to an inheritance section"
        case .illegalTokenInsideInheritSection, .textInsideInheritSection: return "an inheritance section holds something other than blocks"
        case .invalidConfigVariableSyntax: return "a pragma ({{% NAME: value}}) is not valid"
        case .unrecognisedConfigVariable: return "unknown pragma"
        @unknown default: return "\(error)"
        }
    }

    private static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }

    // MARK: - Built-in templates

    /// The built-in template of `network`.
    public static func builtIn(_ network: Network) -> String {
        switch network {
        case .x: x
        case .facebook: facebook
        case .linkedin: linkedin
        case .instagram: instagram
        case .bluesky: bluesky
        case .mastodon: mastodon
        case .threads: threads
        }
    }

    /// One line: "Sunday Morning Run: 10.02 km in 52:13 (5:13 /km), 85 m up, HR 148 bpm. #running".
    public static let x = """
        {{title}}: {{distance}} in {{moving_time}}{{#pace}} ({{pace}}){{/pace}}{{#elevation_gain}}, {{elevation_gain}} up{{/elevation_gain}}{{#hr_avg}}, HR {{hr_avg}}{{/hr_avg}}. #running
        """

    /// The figures, one a line, under the title and the date.
    static let figures = """
        {{title}}
        {{date}}, {{time}}

        Distance: {{distance}}
        Moving time: {{moving_time}}{{#paused}} ({{elapsed_time}} elapsed){{/paused}}
        {{#pace}}
        Average pace: {{pace}}
        {{/pace}}
        {{#fastest_split}}
        Fastest {{split_unit}}: {{fastest_split}}
        {{/fastest_split}}
        {{#elevation_gain}}
        Elevation gain: {{elevation_gain}}
        {{/elevation_gain}}
        {{#hr_avg}}
        Heart rate: {{hr_avg}} average{{#hr_max}}, {{hr_max}} max{{/hr_max}}
        {{/hr_avg}}
        {{^hr_avg}}
        {{#hr_max}}
        Heart rate: {{hr_max}} max
        {{/hr_max}}
        {{/hr_avg}}
        {{#calories}}
        Calories: {{calories}}
        {{/calories}}
        """

    public static let facebook = figures

    public static let linkedin = figures + "\n\n#running"

    /// Short, for Bluesky's 300 graphemes: the title, one line of figures, the heart rate and a tag (a facet).
    public static let bluesky = """
        {{title}}
        {{distance}} in {{moving_time}}{{#pace}} ({{pace}}){{/pace}}{{#elevation_gain}}, {{elevation_gain}} up{{/elevation_gain}}
        {{#hr_avg}}
        HR {{hr_avg}}{{#hr_max}}, max {{hr_max}}{{/hr_max}}
        {{/hr_avg}}
        #running
        """

    /// The figures and a hashtag, well under an instance's usual 500 characters.
    public static let mastodon = figures + "\n\n#running"

    /// The figures and a hashtag, with no emoji: Threads counts an emoji by its UTF-8 bytes against its 500.
    public static let threads = figures + "\n\n#running"

    /// A caption: a headline, the figures with a symbol each, and hashtags (well under Instagram's 30).
    public static let instagram = """
        {{title}} 🏃
        {{distance}} in {{moving_time}}{{#pace}} · {{pace}}{{/pace}}
        {{#elevation_gain}}
        ⛰️ {{elevation_gain}} of climbing
        {{/elevation_gain}}
        {{#hr_avg}}
        ❤️ {{hr_avg}} average{{#hr_max}}, {{hr_max}} max{{/hr_max}}
        {{/hr_avg}}
        {{#fastest_split}}
        ⚡ Fastest {{split_unit}}: {{fastest_split}}
        {{/fastest_split}}
        {{#calories}}
        🔥 {{calories}}
        {{/calories}}
        📅 {{date}}

        #running #run #runner #runnersofinstagram #runningcommunity #runninglife #instarunners #runhappy #fitness #cardio
        """
}

/// A person's template as sent to the daemon: the file it was read from (for messages) and its text.
public struct RunTemplateSource: Codable, Sendable, Equatable {
    public var path: String
    public var source: String

    public init(path: String, source: String) {
        self.path = path
        self.source = source
    }
}

/// A template that cannot be used: which file, and what is wrong with it.
public struct RunTemplateError: Error, Sendable, CustomStringConvertible, Equatable {
    public var path: String
    public var problem: String

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    public var description: String { "\(path): \(problem)" }
}
