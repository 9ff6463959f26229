/// Keeps the part of a vertical acceleration that a squat makes, for ``SquatSignal/Kind/bounce``.
///
/// A wrist on a barbell sees each rep as a slow push, and on top of it sharp jolts that are not
/// the rep: the bar stopping at lockout, settling on the back, the next descent dropping away
/// (each 0.2–0.3 s long and as large as the push, 2–6 m/s² on the development recordings), and
/// footfalls. Counting humps of |a| − |g| as it is reads one rep as two or three. But a rep lasts at
/// least 1.2 s (≤ 0.83 Hz), so a low-pass filter at ``cutoffHz`` keeps one hump per rep and
/// removes the jolts.
///
/// Why 0.5 Hz and second order: above the cut-off the filter divides by (f / 0.5 Hz)², while the
/// acceleration of a squat of depth `d` grows as `d · (2πf)²`: for reps faster than 2 s the output
/// is `(2π · 0.5 Hz)² · d`, about the same for a fast and a medium rep of the same depth, instead
/// of a fast rep reading 11 times a slow one. Slower reps (below the cut-off) keep their own,
/// smaller, acceleration: 0.3 m/s² for a 40 cm squat at 5 s per rep. The price is a lag of
/// `2 / (2π · 0.5 Hz)` ≈ 0.64 s, so reps are counted that much after the ascent ends.
struct SquatBandFilter: Sendable {
    /// Hz: below the fastest rep rate (1.2 s per rep ⇒ 0.83 Hz), above the slowest tempos' 0.17–0.25 Hz
    /// fundamentals, and far below the lockout jolt (≥ 2 Hz).
    static let cutoffHz = 0.5
    /// Seconds: half a period at ``cutoffHz`` (1 s), the duration below which a hump comes out
    /// of the filter flattened into the filter's own response. Its height is then set by the
    /// travel that made it, whatever its duration; a longer hump passes with its own shape, and
    /// for the same travel its height falls with the square of its duration (a movement of
    /// depth `d` that takes `D` seconds accelerates by about `d · (π/D)²`). See
    /// ``SquatStateMachine/leastDepth(lasting:)``.
    static let flattenedHump = 1 / (2 * cutoffHz)
    /// Seconds: the time constant of each of the filter's two sections, 1 / (2π · ``cutoffHz``)
    /// (0.32 s): the output follows an input that stopped changing over about this long.
    static let timeConstant = 1 / (2 * Double.pi * cutoffHz)

    private var filter = LowPassFilter(cutoffHz: SquatBandFilter.cutoffHz)

    /// Filters one value of vertical acceleration (m/s²) taken `dt` seconds after the previous one.
    /// The first value after ``reset()`` passes unchanged.
    @inline(__always)
    mutating func step(_ a: Double, dt: Double) -> Double {
        filter.step(a, weight: filter.weight(dt: dt))
    }

    /// Forgets the past (lost samples): the next value starts the filter afresh.
    mutating func reset() {
        filter.reset()
    }
}
