/// One day's counted squats, per device and in total.
public struct DaySummary: Sendable, Equatable {
    public var day: LocalDay
    /// Reps per device, keyed by the device's `stateKey` (its `ID_SERIAL`, `ID_PATH` or name).
    /// Devices that counted nothing that day are absent.
    public var counts: [String: Int]
    /// The sum of ``counts``.
    public var total: Int

    public init(day: LocalDay, counts: [String: Int] = [:]) {
        self.day = day
        self.counts = counts
        self.total = counts.values.reduce(0, +)
    }
}
