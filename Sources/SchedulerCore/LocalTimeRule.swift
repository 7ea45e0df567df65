/// Which zone a local time (typed without an offset, such as `2026-12-07 07:30`) is read in: one rule for `schedule`,
/// `edit`, `import` and the control API, worded here once for every place that states it (issue 25, bug 9: import rows
/// without `tz` were read in the client's zone while the README said the daemon's, and `doctor` said a third thing).
public enum LocalTimeRule {
    /// The rule in a sentence.
    public static let statement = "a local time is read in --tz (or an import row's tz), else in the zone of the machine schedctl "
        + "runs on ($TZ, else its system zone), never the daemon's; the daemon's zone is for a control-API client that sends "
        + "neither tz nor client_tz"

    /// What the daemon's own zone is used for, after its name, briefly (a `doctor` line).
    public static let daemonZoneUse = "for status and the calendar; schedctl's local times are read in the zone it runs in"
}
