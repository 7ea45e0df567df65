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
        socket ?? socketFromEnvironment ?? "/run/schedulerd/control.sock"
    }

    /// Where ``socketPath`` came from, for the message when nothing answers there.
    var socketSource: String {
        if socket != nil { return "--socket" }
        if socketFromEnvironment != nil { return "$SCHEDCTL_SOCKET" }
        return "the default path (no --socket, no $SCHEDCTL_SOCKET)"
    }

    /// `$SCHEDCTL_SOCKET`, when set and not empty.
    private var socketFromEnvironment: String? {
        EnvironmentVariable.value("SCHEDCTL_SOCKET").flatMap { $0.isEmpty ? nil : $0 }
    }

    func client() -> ControlClient { ControlClient(socketPath: socketPath, socketSource: socketSource) }
}
