import ArgumentParser
import Foundation
import SchedctlOutput

/// Options every command shares: where the daemon is, and whether a script is reading.
struct GlobalOptions: ParsableArguments {
    @Option(help: "The daemon's control socket (default: $SCHEDCTL_SOCKET, else /run/schedulerd/control.sock).")
    var socket: String?

    @Flag(help: "Print JSON for scripts instead of tables.")
    var json = false

    var socketPath: String {
        if let socket { return socket }
        if let fromEnvironment = EnvironmentVariable.value("SCHEDCTL_SOCKET"), !fromEnvironment.isEmpty { return fromEnvironment }
        return "/run/schedulerd/control.sock"
    }

    /// Where ``socketPath`` came from, for the message when nothing answers there.
    var socketSource: String {
        if socket != nil { return "--socket" }
        if let fromEnvironment = EnvironmentVariable.value("SCHEDCTL_SOCKET"), !fromEnvironment.isEmpty { return "$SCHEDCTL_SOCKET" }
        return "the default path (no --socket, no $SCHEDCTL_SOCKET)"
    }

    func client() -> ControlClient { ControlClient(socketPath: socketPath, socketSource: socketSource) }
}
