import Glibc

/// Small helpers shared by the benchmark sections: clocks, percentiles and number text.
enum Measurement {
    /// CPU time this thread has used, seconds (`CLOCK_THREAD_CPUTIME_ID`): unlike the wall
    /// clock, it does not count the time other builds on a shared machine take from us.
    static func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
    }

    /// Monotonic wall-clock time, seconds.
    static func wallSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
    }

    /// The nearest-rank percentile `p` (0…100) of `values`; nil when empty.
    static func percentile(_ p: Double, of values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count - 1, max(0, rank - 1))]
    }

    /// `value` with `decimals` digits after the point.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }

    /// A large count with a metric suffix: `8.64 M`, `412 k`.
    static func metric(_ value: Double) -> String {
        switch value {
        case 1e9...: return fixed(value / 1e9, 2) + " G"
        case 1e6...: return fixed(value / 1e6, 2) + " M"
        case 1e3...: return fixed(value / 1e3, 1) + " k"
        default: return fixed(value, 0)
        }
    }
}
