#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import SquatCore

/// The filter must behave like the continuous critically damped second-order low-pass
/// `|H(f)| = 1 / (1 + (f/fc)²)` whatever the sample spacing, since sensors run at 10 Hz … 1 kHz
/// and rarely keep their nominal rate.
@Suite struct LowPassFilterTests {
    /// Low enough that 10 × the cut-off (4 Hz) is still below the Nyquist frequency at 10 Hz.
    static let cutoff = 0.4

    static let clocks = [
        SampleClock(rateHz: 10), SampleClock(rateHz: 100), SampleClock(rateHz: 1000),
        SampleClock(rateHz: 10, jitter: 0.2), SampleClock(rateHz: 100, jitter: 0.2),
    ]

    /// Gain and phase for a sine of `frequency` on x, measured after the filter settled; y carries
    /// a constant, z the same sine negated and scaled (the axes must not mix).
    struct Response {
        var gain: Double
        var phaseDegrees: Double
        var zGain: Double
        var maxDCError: Double
    }

    static func response(at frequency: Double, clock: SampleClock, seed: UInt64 = 1) -> Response {
        var rng = SeededGenerator(seed: seed)
        let settle = 12 / cutoff
        let measure = max(3 / frequency, 10)
        let times = clock.times(over: settle + measure, using: &rng)
        var filter = LowPassFilter(cutoffHz: cutoff)
        var last = times[0]
        var kept: [Double] = [], xs: [Double] = [], zs: [Double] = []
        var maxDCError = 0.0
        let dc = 9.81
        for t in times {
            let s = sin(2 * Double.pi * frequency * t)
            let out = filter.step(Vector3(s, dc, -2 * s), dt: t - last)
            last = t
            maxDCError = max(maxDCError, abs(out.y - dc))
            if t - times[0] >= settle {
                kept.append(t)
                xs.append(out.x)
                zs.append(out.z)
            }
        }
        let x = SineFit(times: kept, values: xs, frequency: frequency)
        let z = SineFit(times: kept, values: zs, frequency: frequency)
        return Response(gain: x.amplitude, phaseDegrees: x.phaseDegrees, zGain: z.amplitude / 2, maxDCError: maxDCError)
    }

    /// The phase of a sine of `frequency` over the longest interval `clock` produces, degrees
    /// (plus 1° for the fit).
    static func phaseOfOneSample(at frequency: Double, clock: SampleClock) -> Double {
        360 * frequency * (1 + clock.jitter) / clock.rateHz + 1
    }

    static func idealGain(_ f: Double) -> Double { 1 / (1 + (f / cutoff) * (f / cutoff)) }

    @Test(arguments: clocks)
    func constantPassesUnchanged(clock: SampleClock) {
        let r = LowPassFilterTests.response(at: 0.1 * LowPassFilterTests.cutoff, clock: clock)
        #expect(r.maxDCError < 1e-9)
    }

    @Test(arguments: clocks)
    func sineWellBelowCutoffPasses(clock: SampleClock) {
        let f = 0.1 * LowPassFilterTests.cutoff
        let r = LowPassFilterTests.response(at: f, clock: clock)
        #expect(abs(r.gain - LowPassFilterTests.idealGain(f)) < 0.01, "gain \(r.gain)")
        #expect(abs(r.zGain - r.gain) < 1e-9, "axes filtered differently")
    }

    @Test(arguments: clocks)
    func sineAtCutoffIsHalved(clock: SampleClock) {
        let r = LowPassFilterTests.response(at: LowPassFilterTests.cutoff, clock: clock)
        #expect(abs(r.gain - 0.5) < 0.02, "gain \(r.gain)")
        // Two identical first-order sections: −45° each at the cut-off. Each section takes the new
        // sample as held over the interval before it, which shifts the output by at most one
        // sample interval in all (14° at 0.4 Hz and 10 Hz).
        let oneSample = LowPassFilterTests.phaseOfOneSample(at: LowPassFilterTests.cutoff, clock: clock)
        #expect(abs(r.phaseDegrees + 90) < oneSample, "phase \(r.phaseDegrees)°")
    }

    @Test(arguments: clocks)
    func sineAtTenTimesCutoffIsRemoved(clock: SampleClock) {
        let r = LowPassFilterTests.response(at: 10 * LowPassFilterTests.cutoff, clock: clock)
        #expect(r.gain < 0.02, "gain \(r.gain)")
    }

    /// The same filter at 10 Hz, at 1 kHz and with jittered timing gives the same response:
    /// it is designed from the timestamps, not from a nominal rate.
    @Test func responseDoesNotDependOnSampleRate() {
        for f in [0.1, 0.5, 1, 2].map({ $0 * LowPassFilterTests.cutoff }) {
            let reference = LowPassFilterTests.response(at: f, clock: SampleClock(rateHz: 1000))
            #expect(abs(reference.gain - LowPassFilterTests.idealGain(f)) < 0.005, "1 kHz gain \(reference.gain) at \(f) Hz")
            for clock in LowPassFilterTests.clocks {
                let r = LowPassFilterTests.response(at: f, clock: clock)
                #expect(abs(r.gain - reference.gain) < 0.025, "\(clock) gain \(r.gain) vs \(reference.gain) at \(f) Hz")
                let oneSample = LowPassFilterTests.phaseOfOneSample(at: f, clock: clock)
                #expect(abs(r.phaseDegrees - reference.phaseDegrees) < oneSample,
                        "\(clock) phase \(r.phaseDegrees) vs \(reference.phaseDegrees) at \(f) Hz")
            }
        }
    }

    /// A step never overshoots (critical damping: an orientation change cannot ring into a
    /// false rep) and follows `1 − e^(−t/τ)·(1 + t/τ)` at any rate.
    @Test(arguments: clocks)
    func stepResponseIsCriticallyDamped(clock: SampleClock) {
        var rng = SeededGenerator(seed: 2)
        let tau = 1 / (2 * Double.pi * LowPassFilterTests.cutoff)
        var filter = LowPassFilter(cutoffHz: LowPassFilterTests.cutoff)
        _ = filter.step(.zero, dt: 0)
        var t = 0.0
        var previous = 0.0
        var worst = 0.0
        for dt in clock.times(over: 5, using: &rng).adjacentDifferences() {
            t += dt
            let y = filter.step(Vector3(1, 1, 1), dt: dt).x
            #expect(y <= 1 + 1e-12)
            #expect(y >= previous - 1e-12)
            previous = y
            worst = max(worst, abs(y - (1 - exp(-t / tau) * (1 + t / tau))))
        }
        #expect(worst < 0.05, "largest deviation from the continuous step response \(worst)")
    }

    @Test func firstSamplePassesThroughWithoutStartupTransient() {
        var filter = LowPassFilter(cutoffHz: 1.5)
        let g = Vector3(0.3, -9.7, 1.2)
        #expect(filter.step(g, dt: 0) == g)
        for _ in 0..<50 {
            let out = filter.step(g, dt: 0.01)
            #expect((out - g).length < 1e-12)
        }
    }

    @Test func resetRestartsFromTheNextSample() {
        var filter = LowPassFilter(cutoffHz: 1.5)
        for i in 0..<200 {
            _ = filter.step(Vector3(sin(Double(i) * 0.3) * 5, 9.81, 0), dt: 0.01)
        }
        var unreset = filter
        filter.reset()
        let g = Vector3(-4, 2, 8.5)
        #expect(filter.step(g, dt: 0.01) == g)
        var stillSettling = false
        for _ in 0..<100 {
            #expect((filter.step(g, dt: 0.01) - g).length < 1e-12)
            stillSettling = stillSettling || (unreset.step(g, dt: 0.01) - g).length > 0.1
        }
        // Without the reset the same input would still be settling: the reset is what removed it.
        #expect(stillSettling)
    }

    /// A repeated or out-of-order timestamp must not move the output.
    @Test func zeroOrNegativeIntervalHoldsTheOutput() {
        var filter = LowPassFilter(cutoffHz: 1.5)
        _ = filter.step(Vector3(0, 0, 9.81), dt: 0)
        let settled = filter.step(Vector3(0, 5, 9.81), dt: 0.1)
        #expect(filter.step(Vector3(100, 100, 100), dt: 0) == settled)
        #expect(filter.step(Vector3(100, 100, 100), dt: -0.5) == settled)
    }
}

extension Array where Element == Double {
    /// `[a1 − a0, a2 − a1, …]`.
    func adjacentDifferences() -> [Double] {
        zip(dropFirst(), self).map { $0 - $1 }
    }
}
