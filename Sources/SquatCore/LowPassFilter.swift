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

    /// Filters one sample taken `dt` seconds after the previous one and returns the output.
    /// The first sample after ``reset()`` initialises the state (no start-up transient from zero).
    @inlinable
    public mutating func step(_ x: Vector3, dt: Double) -> Vector3 {
        _step(x, weight: weight(dt: dt))
    }

    /// The weight of a sample `dt` seconds after the previous one in each section: filters with
    /// the same cut-off fed the same samples share it (``step(_:weight:)``), one `exp` for all.
    @usableFromInline
    func weight(dt: Double) -> Double {
        smoothingWeight(dt: dt, tau: tau)
    }

    /// ``step(_:dt:)`` with the weight for its `dt` already computed by ``weight(dt:)``.
    mutating func step(_ x: Vector3, weight: Double) -> Vector3 {
        _step(x, weight: weight)
    }

    @usableFromInline
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
@inlinable
func smoothingWeight(dt: Double, tau: Double) -> Double {
    1 - exp(-max(dt, 0) / tau)
}
