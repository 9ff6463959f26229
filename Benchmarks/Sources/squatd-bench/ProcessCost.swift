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

    init(from start: ProcessSnapshot, to end: ProcessSnapshot) {
        seconds = end.wall - start.wall
        cpuSeconds = end.cpuSeconds - start.cpuSeconds
        contextSwitches = end.contextSwitches.reduce(0) { $0 + $1.value - (start.contextSwitches[$1.key] ?? 0) }
        threadsEnded = start.contextSwitches.keys.filter { end.contextSwitches[$0] == nil }.count
        residentKilobytes = end.residentKilobytes
        peakResidentKilobytes = end.peakResidentKilobytes
    }

    /// Percent of one core.
    var cpuPercent: Double { 100 * cpuSeconds / seconds }
    var wakeUpsPerSecond: Double { Double(contextSwitches) / seconds }
}
