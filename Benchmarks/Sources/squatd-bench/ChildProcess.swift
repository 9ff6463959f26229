import Glibc

/// Runs a program to completion with its standard output sent to a file, and reports the wall
/// time and the CPU time (user + system, from `wait4`) it took.
struct ChildProcess {
    struct Outcome {
        var status: Int32
        var wallSeconds: Double
        var cpuSeconds: Double
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `arguments[0]` (searched on `PATH` when it has no `/`) with stdout to `output`
    /// (truncated) and stderr inherited.
    static func run(_ arguments: [String], stdout output: String) throws(Failure) -> Outcome {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = Measurement.wallSeconds()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw Failure(description: "cannot start \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw Failure(description: "wait4: \(String(cString: strerror(errno)))") }
        }
        let wall = Measurement.wallSeconds() - start
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) * 1e-6 }
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Outcome(status: exitStatus, wallSeconds: wall, cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }
}
