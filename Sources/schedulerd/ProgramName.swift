/// Which of the three programs a call means, by the last component of the path it was called by (`argv[0]`).
enum ProgramName {
    case schedulerd, schedctl, sandboxd

    static func called(_ path: String) -> ProgramName {
        switch path.split(separator: "/").last.map(String.init) ?? path {
        case "schedctl": .schedctl
        case "sandboxd": .sandboxd
        default: .schedulerd
        }
    }
}
