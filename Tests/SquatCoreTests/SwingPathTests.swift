#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import SquatCore

/// A wrist band on a hanging arm that bends over with the trunk moves on an arc; hands on a
/// bar on the back move along a line (``SwingPath``).
@Suite struct SwingPathTests {
    static let g = 9.81

    /// A band at `position(t)` (m; x forward, z up), turned forward by `pitch(t)` rad about the
    /// left–right axis and mounted at a slant, sampled at `rateHz` for `seconds`.
    static func samples(rateHz: Double, seconds: Double, position: (Double) -> Vector3,
                        pitch: (Double) -> Double) -> [Sample] {
        let h = 1e-3
        return (0...Int(seconds * rateHz)).map { i in
            let t = Double(i) / rateHz
            let a = (position(t + h) - position(t) * 2 + position(t - h)) * (1 / (h * h))
            let f = (a + Vector3(0, 0, g)).rotated(about: Vector3(0, 1, 0), by: pitch(t))
                .rotated(about: Vector3(0.6, 0.8, 0), by: 0.7)
            return Sample(t: t, x: f.x, y: f.y, z: f.z)
        }
    }

    /// 0 → 1 → 0 for one movement every `period` seconds from 2 s (`count` of them): down in
    /// `down` s (a cosine), held 0.8 s, up in `up` s.
    static func progress(_ t: Double, period: Double, count: Int, down: Double = 1.1, up: Double = 1.2) -> Double {
        let u = t - 2
        guard u > 0, u < period * Double(count) else { return 0 }
        let v = u.truncatingRemainder(dividingBy: period), hold = 0.8
        if v < down { return (1 - cos(Double.pi * v / down)) / 2 }
        if v < down + hold { return 1 }
        if v < down + hold + up { return (1 + cos(Double.pi * (v - down - hold) / up)) / 2 }
        return 0
    }

    /// Bending over to pick something up: the trunk (hip to shoulder 0.5 m) leans 80°, the arm
    /// (0.65 m) hangs from the shoulder and swings forward by a tenth of the lean, as the band
    /// does. The hand goes 0.55 m forward and 0.45 m down, forward first.
    static func stoops(rateHz: Double, count: Int = 8) -> [Sample] {
        samples(rateHz: rateHz, seconds: 2 + 6 * Double(count) + 2, position: { t in
            let lean = 80 * Double.pi / 180 * progress(t, period: 6, count: count)
            let arm = 0.1 * lean
            return Vector3(0.5 * sin(lean) + 0.65 * sin(arm), 0, 0.9 + 0.5 * cos(lean) - 0.65 * cos(arm))
        }, pitch: { t in -0.1 * 80 * Double.pi / 180 * progress(t, period: 6, count: count) })
    }

    /// The same bends' depth and timing along a line, 0.4 m forward per metre down, the band
    /// turning forward by 35 % of a 40° lean: a bar carried by a squat.
    static func straightBends(rateHz: Double, count: Int = 8) -> [Sample] {
        samples(rateHz: rateHz, seconds: 2 + 6 * Double(count) + 2, position: { t in
            let drop = 0.45 * progress(t, period: 6, count: count)
            return Vector3(0.4 * drop, 0, 0.75 - drop)
        }, pitch: { t in 0.35 * 40 * Double.pi / 180 * progress(t, period: 6, count: count) })
    }

    /// Each bend read from 0.8 s after it set off (where the detector's rep of a stoop begins,
    /// near the end of the descent) to its end: the window reaches back to where the wrist was
    /// last quiet, and the arc shows.
    @Test(arguments: [12.5, 50, 400])
    func aStoopSwingsOnAnArcAndABarGoesAlongALine(rateHz: Double) throws {
        for (samples, isArc) in [(Self.stoops(rateHz: rateHz, count: 1), true), (Self.straightBends(rateHz: rateHz, count: 1), false)] {
            var path = SwingPath()
            for s in samples { path.add(t: s.t, s.acceleration) }
            let measured = path.measure(from: 2.8, to: 5.1, notBefore: -.infinity)
            let shape = try #require(measured)
            #expect(shape.isArc == isArc, "\(shape)")
            #expect(shape.start < 2.2, "the window reaches back to the bend's start: \(shape)")
            if isArc { #expect(shape.lead > SwingPath.leastLead, "the hand set off forward first: \(shape)") }
        }
    }

    /// A bar that goes round a loop from rest (``BounceTests``' fast squat: forward by
    /// 0.4·sin φ·(1 − cos φ)/2 while down by 0.45·(1 − cos φ)/2, one rep of 1.2 s) bends as
    /// much as a stoop, but it drops first and goes forward later: it does not lead, and is
    /// no arc. Without ``SwingPath/leastLead`` it was one (and the fast squats counted none).
    @Test(arguments: [12.5, 50, 400])
    func aLoopThatDropsFirstIsNoArc(rateHz: Double) throws {
        let samples = Self.samples(rateHz: rateHz, seconds: 6, position: { t in
            let u = t - 2
            guard u > 0, u < 1.2 else { return Vector3(0, 0, 0) }
            let phase = 2 * Double.pi * u / 1.2, down = (1 - cos(phase)) / 2
            return Vector3(0.4 * sin(phase) * down, 0, -0.45 * down)
        }, pitch: { _ in 0 })
        var path = SwingPath()
        for s in samples { path.add(t: s.t, s.acceleration) }
        let measured = path.measure(from: 2.3, to: 3.2, notBefore: -.infinity)
        let shape = try #require(measured)
        #expect(shape.curvature - shape.fit / 4 > SwingPath.arcScore, "it bends: \(shape)")
        #expect(shape.lead < SwingPath.leastLead, "\(shape)")
        #expect(!shape.isArc, "\(shape)")
    }

    /// Eight stoops 6 s apart with the band on the hanging arm count nothing; before
    /// `SquatDetector.swungOnAnArc(_:)`, they counted as a set.
    @Test(arguments: [12.5, 50])
    func stoopsAtTheWristCountNothing(rateHz: Double) {
        let run = DetectorRun(profile: SquatProfile(placement: .wrist), samples: Self.stoops(rateHz: rateHz))
        #expect(run.reps.isEmpty, "reps at \(run.reps.map(\.end))")
    }

    /// The same bends along a line (a bar on the back) still count, one rep each.
    @Test(arguments: [12.5, 50])
    func theSameBendsAlongALineCount(rateHz: Double) {
        let run = DetectorRun(profile: SquatProfile(placement: .wrist), samples: Self.straightBends(rateHz: rateHz))
        #expect(run.reps.count == 8, "reps at \(run.reps.map(\.end))")
    }
}
