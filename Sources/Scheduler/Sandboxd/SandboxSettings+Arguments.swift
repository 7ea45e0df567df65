import Logging
import SandboxContract

extension SandboxSettings {
    /// `sandboxd`'s command line for these settings: every port picked by the system, unless `ports` asks for the ones
    /// the last sandbox had (by host name; a taken one is then given up for a picked one), the daemon's log level,
    /// `--exit-with-stdin` so it ends with the daemon, and each `sandbox_*` key as the flag of the same meaning.
    package func sandboxdArguments(logLevel: Logger.Level, ports: [String: Int] = [:]) -> [String] {
        var arguments = ["--port", "0", "--facebook-port", "0", "--linkedin-port", "0"]
        if !ports.isEmpty { arguments += ["--ports", SandboxPorts.argument(ports), "--fall-back-from-taken-ports"] }
        arguments += ["--exit-with-stdin", "--log-level", logLevel.rawValue]
        if let seconds = accessTokenLifetimeSeconds { arguments += ["--access-token-lifetime", "\(seconds)s"] }
        if let seconds = codeLifetimeSeconds { arguments += ["--code-lifetime", "\(seconds)s"] }
        if let products = linkedinProducts { arguments += ["--linkedin-products", products.joined(separator: ",")] }
        return arguments
    }
}
