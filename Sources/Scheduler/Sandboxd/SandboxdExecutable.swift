import Foundation

/// Where `sandboxd` is: beside this daemon's own executable (the build folder, or the directory it was installed
/// to), else the first executable one on `PATH`. It is this same program under another name (a link), since the
/// name a program is called by decides what it runs (Sources/schedulerd).
package enum SandboxdExecutable {
    package static let name = "sandboxd"

    /// The path to start, or an error naming every place looked at.
    package static func find(environment: [String: String]) throws(SandboxdError) -> String {
        let beside = besideThisExecutable()
        if let beside, isExecutableFile(beside) { return beside }
        let searchPath = environment["PATH"] ?? ""
        for directory in searchPath.split(separator: ":") where !directory.isEmpty {
            let candidate = (String(directory) as NSString).appendingPathComponent(name)
            if isExecutableFile(candidate) { return candidate }
        }
        let besideText = beside.map { "at \($0) (beside schedulerd)" } ?? "beside schedulerd (its own path is unknown)"
        throw SandboxdError(.notFound, "sandbox mode starts sandboxd, the network emulations, beside the daemon, but there is no "
            + "executable sandboxd \(besideText) nor in PATH (\(searchPath.isEmpty ? "empty" : searchPath)). sandboxd is "
            + "schedulerd by another name: `make build` links it in the build folder, or `ln -s schedulerd sandboxd` beside it; or run one yourself and give its URLs as "
            + "networks.*.api_base_url / graph_base_url")
    }

    /// `sandboxd` in the directory of the running executable, symlinks resolved (`/proc/self/exe` names the file
    /// itself, so a symlink to schedulerd elsewhere still finds the sandboxd it was built with).
    package static func besideThisExecutable() -> String? {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? Bundle.main.executablePath
        guard let executable else { return nil }
        return ((executable as NSString).deletingLastPathComponent as NSString).appendingPathComponent(name)
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue && access(path, X_OK) == 0
    }
}
