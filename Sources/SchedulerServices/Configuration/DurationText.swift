import SchedulerCore

/// Duration strings in the configuration use the same forms as the CLI.
package enum DurationText {
    package static func seconds(_ text: String) -> Int? {
        DurationParser.seconds(text)
    }
}
