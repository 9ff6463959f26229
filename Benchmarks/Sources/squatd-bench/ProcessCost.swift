/// The cost of a process over a window between two snapshots.
struct ProcessCost {
    var seconds: Double
    var cpuSeconds: Double
    /// Context switches in the window of the threads alive at its end (a thread that started
    /// in it counts from zero).
    var contextSwitches: Int
    /// Threads that ended in the window: their switches since the start are not counted.
    var threadsEnded: Int
    var residentKilobytes: Int
    var peakResidentKilobytes: Int
    /// CPU seconds and context switches in the window of the threads alive at its end, by
    /// thread name (threads of one name together), most CPU first.
    var byThread: [(name: String, cpuSeconds: Double, contextSwitches: Int)]

    init(from start: ProcessSnapshot, to end: ProcessSnapshot) {
        seconds = end.wall - start.wall
        cpuSeconds = end.cpuSeconds - start.cpuSeconds
        contextSwitches = end.threads.reduce(0) { $0 + $1.value.contextSwitches - (start.threads[$1.key]?.contextSwitches ?? 0) }
        threadsEnded = start.threads.keys.filter { end.threads[$0] == nil }.count
        var byName: [String: (cpuSeconds: Double, contextSwitches: Int)] = [:]
        for (id, thread) in end.threads {
            let before = start.threads[id]
            byName[thread.name, default: (0, 0)].cpuSeconds += thread.cpuSeconds - (before?.cpuSeconds ?? 0)
            byName[thread.name, default: (0, 0)].contextSwitches += thread.contextSwitches - (before?.contextSwitches ?? 0)
        }
        byThread = byName.map { ($0.key, $0.value.cpuSeconds, $0.value.contextSwitches) }.sorted { $0.cpuSeconds > $1.cpuSeconds }
        residentKilobytes = end.residentKilobytes
        peakResidentKilobytes = end.peakResidentKilobytes
    }

    /// Percent of one core.
    var cpuPercent: Double { 100 * cpuSeconds / seconds }
    var wakeUpsPerSecond: Double { Double(contextSwitches) / seconds }
}
