#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A critically damped second-order low-pass filter on a 3-vector, exact for any sample spacing.
///
/// Two identical first-order sections in cascade, each the exact discretisation of
/// `τ·y' = x − y` with `τ = 1 / (2π·cutoff)`: the coefficient `1 − exp(−Δt/τ)` is computed from each
/// sample's own time step, so the filter is designed from the actual sample rate — 10 Hz, 1 kHz, or
/// jittery Bluetooth timing alike — instead of from a nominal rate that real sensors do not keep.
/// Critical damping means no overshoot: a step in orientation never rings into a false rep.
public struct LowPassFilter: Sendable {
    public let cutoffHz: Double
    private let tau: Double
    private var first = Vector3.zero
    private var second = Vector3.zero
    private var primed = false

    public init(cutoffHz: Double) {
        precondition(cutoffHz > 0, "cut-off must be positive")
        self.cutoffHz = cutoffHz
        self.tau = 1 / (2 * Double.pi * cutoffHz)
    }

    /// Seconds after which the output has forgotten all but 2 % of a step in the input (the
    /// cascade's step response is 1 − (1 + t/τ)·e^(−t/τ), within 2 % at 6τ): 0.38 s at 2.5 Hz.
    public var settlingTime: Double { 6 * tau }

    /// Filters one sample taken `dt` seconds after the previous one and returns the output.
    /// The first sample after ``reset()`` initialises the state (no start-up transient from zero).
    @inlinable
    public mutating func step(_ x: Vector3, dt: Double) -> Vector3 {
        _step(x, weight: weight(dt: dt))
    }

    /// The weight of a sample `dt` seconds after the previous one in each section: filters with
    /// the same cut-off fed the same samples share it (``step(_:weight:)``), one `exp` for all.
    @usableFromInline @inline(__always)
    func weight(dt: Double) -> Double {
        smoothingWeight(dt: dt, tau: tau)
    }

    /// ``weight(dt:)`` and the weight of the same `dt` for another time constant `tau`
    /// (`smoothingWeight(dt: dt, tau: tau)`), computed together (``smoothingWeights(dt:taus:)``).
    @inline(__always)
    func weights(dt: Double, alongside tau: Double) -> (own: Double, other: Double) {
        let w = smoothingWeights(dt: dt, taus: SIMD2(self.tau, tau))
        return (w[0], w[1])
    }

    /// ``step(_:dt:)`` with the weight for its `dt` already computed by ``weight(dt:)``.
    @inline(__always)
    mutating func step(_ x: Vector3, weight: Double) -> Vector3 {
        _step(x, weight: weight)
    }

    /// ``step(_:weight:)`` for a filter of one number, kept in the `x` lane: the same arithmetic
    /// on one lane instead of three, two of them zeros (|a| for `lift` and `bounce`, the band
    /// of ``SquatBandFilter``; 10–15 instructions a sample each).
    @inline(__always)
    mutating func step(_ x: Double, weight alpha: Double) -> Double {
        guard primed else {
            first = Vector3(x, 0, 0)
            second = first
            primed = true
            return x
        }
        first.x += (x - first.x) * alpha
        second.x += (first.x - second.x) * alpha
        return second.x
    }

    @usableFromInline @inline(__always)
    mutating func _step(_ x: Vector3, weight alpha: Double) -> Vector3 {
        guard primed else {
            first = x
            second = x
            primed = true
            return x
        }
        first += (x - first) * alpha
        second += (first - second) * alpha
        return second
    }

    /// Forgets the past: the next sample starts the filter afresh.
    public mutating func reset() { primed = false }
}

/// `1 − exp(−dt/τ)`: the weight of a new value in an exponential moving average with time
/// constant `τ`, for a sample `dt` seconds after the last.
///
/// Every sample needs two or three of these (low-pass filter, stillness mean, standing
/// direction) at the head of the chain every later step waits for; calling `exp` for them was a
/// quarter of a tilt sample's time (12 of 48 ns). For x = dt/τ ≤ ½, which a sampled stream gives
/// at every rate the profiles meet above ~20 Hz (x ≈ 0.09 for the tilt filter at 100 Hz), the weight is
/// the Taylor series x − x²/2! + x³/3! − … to x¹⁴: its truncation error is below x¹⁵/15! ≤ 0.4 ulp,
/// and rounding keeps it within 2.5 ulp of the exact value (checked against 200-bit arithmetic
/// over the whole range). That is more exact than `1 − exp(−x)` itself, whose subtraction turns
/// exp's half-ulp rounding into 8 ulp at x = 0.1 and 250 ulp at x = 0.001; the two differ only
/// in those last bits, and no count of any test, recording or benchmark changes.
/// Larger steps (slow streams, gaps) still call `exp`.
@inlinable @inline(__always)
func smoothingWeight(dt: Double, tau: Double) -> Double {
    let x = max(dt, 0) / tau
    guard x <= 0.5 else { return 1 - exp(-x) }
    return exponentialWeightSeries(x)
}

/// ``smoothingWeight(dt:tau:)`` for two time constants at once: the same operations in the same
/// order, lane by lane, on a two-lane vector (one SSE2 or NEON instruction does both lanes), so
/// each weight is bit for bit the single form's. Every sample needs the low-pass filter's and
/// the stillness mean's weights; together they cost one polynomial instead of two.
@inlinable @inline(__always)
func smoothingWeights(dt: Double, taus: SIMD2<Double>) -> SIMD2<Double> {
    let x = SIMD2(repeating: max(dt, 0)) / taus
    guard x[0] <= 0.5, x[1] <= 0.5 else {
        return SIMD2(smoothingWeight(dt: dt, tau: taus[0]), smoothingWeight(dt: dt, tau: taus[1]))
    }
    return exponentialWeightSeries(x)
}

/// x · Σ (−x)ʲ/(j + 1)!, j = 0…13 (see ``smoothingWeight(dt:tau:)``), by Estrin's scheme: pairs of
/// terms, then pairs of pairs, a chain of four multiply-adds instead of Horner's fourteen. For
/// one `Double` or, lane by lane, two (``smoothingWeights(dt:taus:)``).
@inlinable @inline(__always)
func exponentialWeightSeries<Value: WeightSeriesArgument>(_ x: Value) -> Value {
    let x2 = x * x, x4 = x2 * x2, x8 = x4 * x4
    let p0 = 1 - x / 2, p1 = 1.0 / 6 - x * (1.0 / 24)
    let p2 = 1.0 / 120 - x * (1.0 / 720), p3 = 1.0 / 5040 - x * (1.0 / 40320)
    let p4 = 1.0 / 362_880 - x * (1.0 / 3_628_800), p5 = 1.0 / 39_916_800 - x * (1.0 / 479_001_600)
    let p6 = 1.0 / 6_227_020_800 - x * (1.0 / 87_178_291_200)
    let sum = (p0 + p1 * x2) + (p2 + p3 * x2) * x4 + ((p4 + p5 * x2) + p6 * x4) * x8
    return x * sum
}

/// The arithmetic ``exponentialWeightSeries(_:)`` needs: a `Double`, or two in a `SIMD2`'s lanes.
@usableFromInline protocol WeightSeriesArgument {
    static func + (a: Self, b: Self) -> Self
    static func * (a: Self, b: Self) -> Self
    static func * (a: Self, b: Double) -> Self
    static func / (a: Self, b: Double) -> Self
    static func - (a: Double, b: Self) -> Self
}

extension Double: WeightSeriesArgument {}
extension SIMD2: WeightSeriesArgument where Scalar == Double {}
