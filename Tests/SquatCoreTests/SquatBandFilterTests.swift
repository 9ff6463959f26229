#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import SquatCore

/// The squat band keeps a rep's slow push and removes the short jolts around it (lockout, bar
/// settling, the drop into the next descent), at any sample spacing; and with it a wrist on a
/// barbell counts one rep per rep.
@Suite struct SquatBandFilterTests {
    static let clocks = [
        SampleClock(rateHz: 12.5), SampleClock(rateHz: 12.5, jitter: 0.2), SampleClock(rateHz: 100),
        SampleClock(rateHz: 1000),
    ]

    /// Gain for a sine of `frequency` (Hz), fitted after the filter settled.
    static func gain(at frequency: Double, clock: SampleClock) -> Double {
        var rng = SeededGenerator(seed: 1)
        let settle = 12 / SquatBandFilter.cutoffHz
        let times = clock.times(over: settle + max(3 / frequency, 10), using: &rng)
        var band = SquatBandFilter()
        var last = times[0]
        var kept: [Double] = [], values: [Double] = []
        for t in times {
            let out = band.step(sin(2 * Double.pi * frequency * t), dt: t - last)
            last = t
            if t - times[0] >= settle {
                kept.append(t)
                values.append(out)
            }
        }
        return SineFit(times: kept, values: values, frequency: frequency).amplitude
    }

    /// `1 / (1 + (f/fc)²)`: the critically damped second-order low-pass.
    static func idealGain(_ f: Double) -> Double {
        let r = f / SquatBandFilter.cutoffHz
        return 1 / (1 + r * r)
    }

    @Test(arguments: clocks)
    func slowRepPasses(clock: SampleClock) {
        // 4 s per rep.
        let g = SquatBandFilterTests.gain(at: 0.25, clock: clock)
        #expect(abs(g - SquatBandFilterTests.idealGain(0.25)) < 0.02, "gain \(g)")
        #expect(g > 0.75)
    }

    @Test(arguments: clocks)
    func lockoutJoltIsRemoved(clock: SampleClock) {
        // A jolt of 0.2–0.3 s is mostly 2–4 Hz; 3 Hz stays below the Nyquist frequency at 12.5 Hz ± 20 %.
        let g = SquatBandFilterTests.gain(at: 3, clock: clock)
        #expect(abs(g - SquatBandFilterTests.idealGain(3)) < 0.01, "gain \(g)")
        #expect(g < 0.04)
    }

    @Test func firstValueAfterResetPassesUnchanged() {
        var band = SquatBandFilter()
        _ = band.step(0, dt: 0)
        _ = band.step(3, dt: 0.08)
        band.reset()
        #expect(band.step(-1.5, dt: 5) == -1.5)
        #expect(band.step(-1.5, dt: 0.08) == -1.5)
    }

    /// Vertical acceleration (m/s²) of a barbell back squat as a wrist band on the bar reads it,
    /// `tau` seconds into a cycle of a `period`-second rep and a 0.6 s stand at the top: a 40 cm
    /// sinusoidal squat plus the jolts the development recordings show around the top of every
    /// rep, each as large as the push: the drop into the descent (3 m/s²) and the bar stopping at
    /// lockout (4 m/s²), 0.25 s each, each followed by the rebound that brings the bar's velocity
    /// back (a jolt moves the bar, it does not keep it moving).
    static func barbellRep(_ tau: Double, period: Double) -> Double {
        let w = 2 * Double.pi / period
        func pulse(at center: Double, _ height: Double) -> Double {
            let x = (tau - center) / 0.25
            return abs(x) < 0.5 ? height * cos(Double.pi * x) : 0
        }
        let squat = tau < period ? -0.2 * w * w * cos(w * tau) : 0
        return squat + pulse(at: 0.1, -3) + pulse(at: 0.35, 3) + pulse(at: period - 0.15, -4) + pulse(at: period + 0.1, 4)
    }

    /// Standing, `reps` barbell squats, standing; the band on the wrist in a tilted orientation,
    /// its |g| reading 10.4 m/s², with noise.
    static func barbellSet(reps: Int, period: Double, clock: SampleClock) -> [Sample] {
        var rng = SeededGenerator(seed: 7)
        let up = Vector3(0.3, 0.8, 0.5) * (1 / Vector3(0.3, 0.8, 0.5).length)
        let stand = 3.0
        let cycle = period + 0.6
        let duration = stand + Double(reps) * cycle + stand
        return clock.times(over: duration, using: &rng).map { t in
            let s = t - clock.start - stand
            let rep = s / cycle
            let a = rep >= 0 && rep < Double(reps) ? barbellRep(s - rep.rounded(.down) * cycle, period: period) : 0
            let noise = Vector3(Double.random(in: -0.05...0.05, using: &rng), Double.random(in: -0.05...0.05, using: &rng),
                                Double.random(in: -0.05...0.05, using: &rng))
            let v = up * (10.4 * (1 + a / 9.81)) + noise
            return Sample(t: t, x: v.x, y: v.y, z: v.z)
        }
    }

    @Test(arguments: [SampleClock(rateHz: 12.5, jitter: 0.2), SampleClock(rateHz: 100)], [2.0, 3.0])
    func wristOnABarbellCountsOnePerRep(clock: SampleClock, period: Double) {
        let samples = SquatBandFilterTests.barbellSet(reps: 8, period: period, clock: clock)
        let run = DetectorRun(profile: SquatProfile(placement: .wrist), samples: samples)
        #expect(run.reps.count == 8, "\(run.reps.map(\.end))")
    }
}
