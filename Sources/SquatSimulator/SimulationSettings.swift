import SquatCore

/// Everything that shapes one simulated recording. Values left `nil` are drawn at random from
/// the seed; everything else is exactly as set. Units: seconds, degrees, Hz, m/s².
public struct SimulationSettings: Sendable, Equatable {
    /// The body segment the sensor is fixed to.
    public var placement: Placement = .thigh
    public var activity: Activity = .squats
    /// Squats in the set (``Activity/squats`` only).
    public var reps = 10
    /// Seconds per rep, descent plus ascent, not counting pauses: ~1.2 fast, ~2.5 normal,
    /// 4–6 slow.
    public var tempo = 2.5
    /// Thigh angle from vertical at the bottom, degrees: ~100–110 full, 90 parallel,
    /// ~60 half, ~35 quarter squat.
    public var depth = 90.0
    /// Seconds held at the bottom of each rep. 0, the usual squat, turns straight back up: the
    /// body is still for an instant but already pushing up, so braking and pushing make one
    /// upward acceleration, as on the real waist recordings; a pause stops there first.
    public var bottomPause = 0.0
    /// Seconds standing between reps; 0 goes straight from one ascent into the next descent.
    public var topPause = 0.5
    /// Rep-to-rep variation: relative standard deviation of tempo, depth and pauses.
    public var variation = 0.08
    /// Length of a distractor recording, seconds (squat sets last as long as their reps).
    public var duration = 30.0
    /// Nominal sample rate, Hz.
    public var sampleRate = 100.0
    /// Timestamp jitter, standard deviation as a fraction of the sample period (clamped so
    /// timestamps stay in order).
    public var jitter = 0.05
    /// Probability that a sample is lost.
    public var dropRate = 0.005
    /// |g| as this sensor reads it at rest, m/s² (real ones read 9.8–14); nil: 9–14 at random.
    /// The reading at rest is this within a few percent: each axis has its own scale error
    /// (±1.5 %) and bias (0.1 m/s²), so it depends on how the sensor is turned (``SensorImperfections``).
    public var gravityReading: Double?
    /// Density of the sensor's white noise on each axis, m/s²/√Hz, as datasheets give it
    /// (1 mg/√Hz = 0.0098 m/s²/√Hz); per sample its standard deviation is density × √(rate / 2).
    /// nil: 0.001–0.03 (0.1–3 mg/√Hz) at random.
    public var noiseDensity: Double?
    /// Seed of every random choice: the same settings and seed give the same recording.
    public var seed: UInt64 = 1

    public init() {}

    /// Throws the first setting outside the range the model is meant for.
    public func validate() throws(SimulationSettingsError) {
        let checks: [(name: String, value: Double, allowed: ClosedRange<Double>)] = [
            ("reps", Double(reps), 0...500),
            ("tempo", tempo, 0.5...20),
            ("depth", depth, 10...130),
            ("bottom pause", bottomPause, 0...30),
            ("top pause", topPause, 0...30),
            ("variation", variation, 0...0.5),
            ("duration", duration, 1...3600),
            ("sample rate", sampleRate, 1...2000),
            ("jitter", jitter, 0...0.45),
            ("drop rate", dropRate, 0...0.5),
            ("gravity reading", gravityReading ?? 9.81, 5...20),
            ("noise density", noiseDensity ?? 0, 0...0.5),
        ]
        for c in checks where !c.allowed.contains(c.value) {
            throw SimulationSettingsError(name: c.name, value: c.value, allowed: c.allowed)
        }
        // A set is bounded like a distractor's `duration`, an hour: 500 reps of 20 s with 30 s
        // pauses, each in range, would be 14 h, 100 M samples at 2 kHz, held in memory.
        if activity == .squats {
            let length = Double(reps) * (tempo + bottomPause + topPause)
            if length > 3600 {
                throw SimulationSettingsError(name: "set length (reps × (tempo + pauses), s)", value: length, allowed: 0...3600)
            }
        }
    }
}

/// Why a ``SimulationSettings`` cannot be simulated.
public struct SimulationSettingsError: Error, Equatable, CustomStringConvertible {
    /// The setting's name in words ("sample rate").
    public var name: String
    public var value: Double
    public var allowed: ClosedRange<Double>

    public var description: String {
        "\(name) \(value) is outside the simulated range \(allowed.lowerBound)…\(allowed.upperBound)"
    }
}
