import Glibc

/// Runs a program to completion with its standard output sent to a file, and reports the wall
/// time and the CPU time (user + system, from `wait4`) it took; or starts one to run beside the
/// benchmark until it is stopped.
struct ChildProcess {
    struct Outcome {
        var status: Int32
        var wallSeconds: Double
        var cpuSeconds: Double
    }

    /// A program started by ``start(_:environment:output:)``.
    struct Running {
        let pid: pid_t

        /// Sends SIGTERM and waits for the exit, at most `seconds` (then SIGKILL); returns its
        /// exit status (128 + signal when killed).
        func stop(within seconds: Double) -> Int32 {
            kill(pid, SIGTERM)
            let deadline = Measurement.wallSeconds() + seconds
            var status: Int32 = 0
            while waitpid(pid, &status, WNOHANG) == 0 {
                if Measurement.wallSeconds() > deadline {
                    kill(pid, SIGKILL)
                    waitpid(pid, &status, 0)
                    break
                }
                usleep(10_000)
            }
            return ChildProcess.exitStatus(status)
        }
    }

    /// Runs `arguments[0]` (searched on `PATH` when it has no `/`) with stdout to `output`
    /// (truncated) and stderr inherited.
    static func run(_ arguments: [String], stdout output: String) throws(BenchmarkFailure) -> Outcome {
        let start = Measurement.wallSeconds()
        let pid = try spawn(arguments, output: output, alsoStderr: false, environment: nil)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchmarkFailure(description: "wait4: \(String(cString: strerror(errno)))") }
        }
        let wall = Measurement.wallSeconds() - start
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) * 1e-6 }
        return Outcome(status: exitStatus(status), wallSeconds: wall, cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }

    /// Starts `arguments[0]` with exactly `environment`, stdout and stderr to `output` (truncated).
    static func start(_ arguments: [String], environment: [String: String], output: String) throws(BenchmarkFailure) -> Running {
        Running(pid: try spawn(arguments, output: output, alsoStderr: true, environment: environment))
    }

    private static func spawn(_ arguments: [String], output: String, alsoStderr: Bool,
                              environment: [String: String]?) throws(BenchmarkFailure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if alsoStderr { posix_spawn_file_actions_adddup2(&actions, 1, 2) }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { envp?.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = envp.map { posix_spawnp(&pid, arguments[0], &actions, nil, argv, $0) }
            ?? posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw BenchmarkFailure(description: "cannot start \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        return pid
    }

    private static func exitStatus(_ status: Int32) -> Int32 {
        (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
