import Foundation

/// `GET /v1/doctor`: what `schedctl doctor` prints, one finding per line, each with what to do about it.
public struct DoctorReport: Codable, Sendable, Equatable {
    public var checks: [DoctorFinding]

    public init(checks: [DoctorFinding]) {
        self.checks = checks
    }

    /// The worst level found: a report fails when any finding does.
    public var worst: DoctorFinding.Level {
        checks.map(\.level).max() ?? .ok
    }
}

/// One thing the doctor looked at: what it found and, unless all is well, what a person can do.
public struct DoctorFinding: Codable, Sendable, Equatable {
    /// `ok`: nothing to do; `warn`: works now, needs attention soon; `fail`: something does not work, or will not.
    public enum Level: String, Codable, Sendable, Comparable {
        case ok, warn, fail

        private var rank: Int {
            switch self {
            case .ok: 0
            case .warn: 1
            case .fail: 2
            }
        }

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rank < rhs.rank }
    }

    /// What was checked: `configuration`, `key file`, `permissions`, `database`, `clock`, `api version`, `token`.
    public var area: String
    public var level: Level
    public var message: String
    /// The next step, when the level is not `ok`.
    public var action: String?

    public init(area: String, level: Level, message: String, action: String? = nil) {
        self.area = area; self.level = level; self.message = message; self.action = action
    }

    public static func ok(_ area: String, _ message: String) -> DoctorFinding {
        DoctorFinding(area: area, level: .ok, message: message)
    }

    public static func warn(_ area: String, _ message: String, action: String) -> DoctorFinding {
        DoctorFinding(area: area, level: .warn, message: message, action: action)
    }

    public static func fail(_ area: String, _ message: String, action: String) -> DoctorFinding {
        DoctorFinding(area: area, level: .fail, message: message, action: action)
    }
}
