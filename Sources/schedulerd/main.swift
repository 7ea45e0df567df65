import SandboxdApp
import SchedctlApp
import SchedulerdApp

// One program, three names (as busybox does): the package installs `schedulerd` once, with `schedctl` and `sandboxd`
// as links to it, so the Swift runtime, Foundation and ICU's data are carried once instead of three times. What it
// does is decided by the name it was called by; any name but the two links runs the daemon.
switch ProgramName.called(CommandLine.arguments.first ?? "") {
case .schedctl: await schedctlMain()
case .sandboxd: await sandboxdMain()
case .schedulerd: await schedulerdMain()
}
