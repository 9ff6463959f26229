import Foundation
import Glibc

/// What the kernel says a running process has used so far (proc(5)); two snapshots give its
/// cost over the time between them.
struct ProcessSnapshot {
    /// Monotonic time of the snapshot, seconds.
    var wall: Double
    /// User + system CPU time of every thread so far, ended ones included (`utime` + `stime` of
    /// `/proc/PID/stat`), seconds; clock-tick resolution (10 ms).
    var cpuSeconds: Double
    /// Each thread alive now, by thread id.
    var threads: [Int: Thread]
    /// Resident memory now and its peak (`VmRSS`, `VmHWM`), kB.
    var residentKilobytes: Int
    var peakResidentKilobytes: Int

    struct Thread {
        /// As the thread named itself (`/proc/PID/task/TID/comm`).
        var name: String
        /// `utime` + `stime`, seconds.
        var cpuSeconds: Double
        /// Voluntary + involuntary context switches (`/proc/PID/task/TID/status`): each is the
        /// thread going to sleep (voluntary: poll, a lock, a wait) or being preempted.
        var contextSwitches: Int
    }

    init(pid: pid_t) throws(BenchmarkFailure) {
        wall = Measurement.wallSeconds()
        cpuSeconds = try Self.cpuSeconds(stat: "/proc/\(pid)/stat")
        let status = try Self.fields(of: "/proc/\(pid)/status")
        residentKilobytes = status["VmRSS"] ?? 0
        peakResidentKilobytes = status["VmHWM"] ?? 0
        threads = [:]
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        for task in tasks {
            // A thread may end between listing and reading: it no longer counts.
            let directory = "/proc/\(pid)/task/\(task)"
            guard let id = Int(task), let status = try? Self.fields(of: directory + "/status"),
                  let cpu = try? Self.cpuSeconds(stat: directory + "/stat"),
                  let name = try? Self.read(directory + "/comm")
            else { continue }
            threads[id] = Thread(name: name.trimmingCharacters(in: .newlines), cpuSeconds: cpu,
                                 contextSwitches: (status["voluntary_ctxt_switches"] ?? 0) + (status["nonvoluntary_ctxt_switches"] ?? 0))
        }
    }

    /// `utime` + `stime` of a `stat` file, seconds.
    private static func cpuSeconds(stat path: String) throws(BenchmarkFailure) -> Double {
        let stat = try read(path)
        // Fields after the command name, which is in parentheses and may hold spaces: state is
        // field 3, utime 14 and stime 15.
        guard let close = stat.lastIndex(of: ")") else { throw BenchmarkFailure(description: "\(path): \(stat)") }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
            throw BenchmarkFailure(description: "\(path): \(stat)")
        }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    private static func read(_ path: String) throws(BenchmarkFailure) -> String {
        do { return try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw BenchmarkFailure(description: "cannot read \(path): \(error)")
        }
    }

    /// The leading number of each `Key: value` line (`VmRSS:   8124 kB` gives 8124).
    private static func fields(of path: String) throws(BenchmarkFailure) -> [String: Int] {
        var fields: [String: Int] = [:]
        for line in try read(path).split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = line[line.index(after: colon)...].split(whereSeparator: { $0 == " " || $0 == "\t" }).first
            if let value, let number = Int(value) {
                fields[String(line[..<colon])] = number
            }
        }
        return fields
    }
}
