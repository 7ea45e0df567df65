import Foundation
import SchedulerCore
import TestSpawning

/// Runs `schedctl` as a person or a script would and captures what it printed.
struct SchedctlRun {
    var status: Int32
    var stdout: String
    var stderr: String

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        do { return try JSONCoding.decoder().decode(T.self, from: Data(stdout.utf8)) } catch {
            throw E2EError("schedctl printed no \(T.self) (status \(status)): \(stdout) \(stderr)")
        }
    }
}

enum Schedctl {
    /// `environment` is added to the test's own (with `SCHEDCTL_SOCKET` set to `socket`).
    static func run(_ arguments: [String], socket: String?, stdin: String? = nil, environment extra: [String: String] = [:]) throws -> SchedctlRun {
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "SCHEDCTL_SOCKET")
        if let socket { environment["SCHEDCTL_SOCKET"] = socket }
        environment.merge(extra) { _, new in new }
        return try capture(Products.path("schedctl"), arguments, environment: environment, stdin: stdin)
    }

    /// Runs `executable` with exactly `environment`, in `directory` (else the test's own), and waits for what it printed
    /// (TestSpawning's `runToEnd`: waited for with waitpid, never with Foundation's spinning `waitUntilExit`).
    static func capture(_ executable: String, _ arguments: [String], environment: [String: String], stdin: String? = nil,
                        directory: String? = nil) throws -> SchedctlRun {
        let run = try runToEnd([executable] + arguments, environment: environment, stdin: stdin.map { Data($0.utf8) },
                               directory: directory ?? FileManager.default.currentDirectoryPath)
        return SchedctlRun(status: run.status, stdout: String(decoding: run.stdout, as: UTF8.self),
                           stderr: String(decoding: run.stderr, as: UTF8.self))
    }
}
