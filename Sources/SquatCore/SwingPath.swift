/// For the wrist: whether a movement carried the band along a line, as hands on a bar on the
/// back are carried, or swung it on an arc, as a hanging arm is swung by a trunk that bends
/// over to pick something up (a stoop).
///
/// A bar on the back goes down and up along one line over the feet (the real barbell sets:
/// nearly straight down; the simulated ones: down and forward, the shoulders going forward as
/// the trunk leans while the hips go back), so whatever its tempo its horizontal acceleration
/// is its vertical acceleration times one constant, the path's slope. A hanging hand rides on
/// the shoulder, which turns about the hip: as the trunk leans by L the shoulder goes forward by
/// r·sin L and down by r·(1 − cos L), so the hand first moves forward, then down, and comes back
/// up before it comes back: its horizontal acceleration leads the vertical one by a fraction
/// of a second and is not proportional to it. The band's tilt reads as a horizontal
/// acceleration too (g·sin θ), but a tilt that grows and shrinks with the depth is a term of
/// the shape of the depth, not of its second derivative. So, over the movement, the horizontal
/// components of the specific force (perpendicular to its mean) are fitted as
/// `c₀ + c₁·a_v(t) + c₂·u(t)`, where `a_v` is the vertical acceleration (|a| − its mean) and
/// `u` the depth, a_v integrated twice (velocity and depth both zero at either end) and scaled
/// to 1 at the bottom: `c₁` is the slope of a straight path, `c₂` the tilt at the bottom. What the
/// fit leaves over, relative to the vertical acceleration (``Shape/curvature``), is the path's
/// bend. No mounting orientation is needed: only |a|, the mean direction and the horizontal
/// plane it defines, in which both coefficients are fitted as 2-vectors.
///
/// Measured (session 16, on the movements the wrist's detector judges, each from where the
/// wrist was last quiet, see ``measure(from:to:notBefore:)``, to the end of the rep): with a
/// vertical acceleration that reaches ``leastVerticalAcceleration``, the score curvature − R²/4
/// (the less of the horizontal signal a straight path explains, the higher) reads
/// - on the simulated stoops at the wrist (3494 movements, tuning corpus and held-out A–E):
///   0.31 at least, 0.53 at the first percentile, 0.81 median;
/// - on the simulated squat reps (3602, tuning, held-out A–E, fast A and B): −0.18 to 0.46,
///   0.39 at the 99th percentile in every corpus;
/// - on the 45 real barbell reps (ebbelaar, 12.5 Hz): −0.13 to 0.41, median 0.07.
/// ``arcScore``, 0.5, is above every squat and below 98 % of the stoops (3433 of 3494). The
/// margin is thin (0.04 over the simulated squats' highest, 0.09 over the real ones'), and the
/// real stoops it was made for have never been measured: the simulated ones' hanging arm turns
/// by a tenth of the lean and reaches forward, and a real arm that reaches for the floor under
/// the shoulder, or a squatter whose hands slip on the bar, may read otherwise.
/// A curved path alone is not enough: a bar can go round a loop too (``BounceTests``'
/// `fastSquatsWithABarCount`: forward by 0.4·sin φ·(1 − cos φ)/2 while down by 0.45·(1 − cos φ)/2,
/// scores 1.4–1.6). What a loop lacks is the stoop's order: the trunk turns about the hip, so
/// the hanging hand sets off forward (1.9 m/s² horizontally while the vertical is still near 0,
/// about 0.3 s ahead of it) and only then goes down, where a loop's forward movement starts
/// as φ³ against the drop's φ². So a movement is an arc only if it also set off from rest
/// (the window begins where the wrist was quiet, not at the rep before) and its horizontal
/// specific force had changed from its value at rest before the vertical acceleration first
/// reached half its peak (``Shape/lead``: the root of that change's energy over those bins
/// against the vertical acceleration's energy over the whole movement). ``leastLead``, 0.2,
/// sits in a gap: of the 3433 simulated stoops that score over ``arcScore`` (tuning, held-out
/// A–E), 82 lead by 0.10 or less and the rest by 0.29 or more (median 0.57); the loop leads by
/// 0 (each of its windows starts at the rep before, or, the first one, drops at once). The
/// simulated stoops still count nothing (pick-up at the wrist 0 on the tuning corpus and
/// held-out A–E), but handling-wrist-70/73 (hoE) count 3 each again, and on the real wrist
/// recordings the other activities' false counts go back from 11.81 to 17.30 a minute (17.65
/// before the arc): the real movements the arc caught mostly did not lead sideways.
///
/// A slow squat's vertical acceleration (0.05 g at 4 s a rep) is too small for the shape to be
/// read against the sensor's noise and the tilt's own shape (the slow simulated reps read
/// curvatures up to 1.2): under ``leastVerticalAcceleration`` no movement is judged. Every
/// simulated stoop reached 1.46 m/s² (down in 0.8–1.5 s through 25–50 cm).
///
/// Memory: the last ``capacity`` bins of ``binWidth`` (20 s), allocated once; per sample, one
/// vector sum; the fit runs once per rep offered.
struct SwingPath: Sendable {
    /// Samples are averaged over bins this long, seconds (50 Hz): a 1 kHz stream costs what a
    /// 50 Hz stream does, and a rep's shape (0.8 s or longer) is untouched.
    static let binWidth = 0.02
    /// Bins kept: 20 s, longer than the longest window judged (a rep up to ``Thresholds/maxRepDuration``
    /// would not fit whole; a stoop is 2–5 s and its window at most ``lookBack`` more).
    static let capacity = 1024
    /// How far before the rep's start the window may reach back for the start of the movement,
    /// seconds: the detector's rep of a stoop begins near the end of the descent (the band
    /// filter's hump), 1 s after the hand set off (up to 2.9 s for slow squats).
    static let lookBack = 3.0
    /// The movement began where the smoothed acceleration last changed by less than this over
    /// ``quietSpan``, m/s² (a still wrist: noise 0.02–0.06 after smoothing).
    static let quietChange = 0.3
    static let quietSpan = 0.3
    /// Smoothing of the acceleration for the quiet search (``quietChange``) and the fit, seconds.
    static let quietSmoothing = 0.15
    static let fitSmoothing = 0.1
    /// The least vertical acceleration, m/s², for a movement's shape to be judged.
    static let leastVerticalAcceleration = 1.2
    /// Curvature − R²/4 above this is an arc (see the type's comment: simulated squats 0.46 at
    /// most, real ones 0.41, 98 % of the simulated stoops above 0.5).
    static let arcScore = 0.5
    /// ``Shape/lead`` above this: the hand moved sideways before it moved down (see the type's
    /// comment: simulated stoops over ``arcScore`` lead by 0.10 or less (82 of 3433) or by 0.29
    /// or more; the bar's loop in ``BounceTests`` by 0).
    static let leastLead = 0.2

    /// The shape of one movement's path (see ``SwingPath``).
    struct Shape: Sendable, Equatable {
        /// RMS of the horizontal acceleration a straight path and a depth-shaped tilt leave
        /// unexplained, over the RMS of the vertical acceleration.
        var curvature: Double
        /// Fraction of the horizontal signal's variance the straight path and tilt explain.
        var fit: Double
        /// Largest |vertical acceleration|, m/s².
        var peak: Double
        var start: Double
        /// How far the hand had moved sideways before it moved down: the horizontal specific
        /// force's change from the window's first bin, over the bins before |a_v| first reached
        /// half its peak, as the root of its energy over the whole movement's vertical energy;
        /// 0 if the window does not begin at rest (see ``leastLead``).
        var lead: Double = 0
        /// Whether this is a swing on an arc (see ``arcScore``, ``leastLead``).
        var isArc: Bool {
            peak >= SwingPath.leastVerticalAcceleration && curvature - fit / 4 > SwingPath.arcScore
                && lead > SwingPath.leastLead
        }
    }

    private var t: [Double], a: [Vector3]
    /// Scratch for the fit, allocated once: vertical acceleration and depth per bin.
    private var vertical: [Double], depth: [Double], smoothed: [Vector3]
    private var head = 0, count = 0
    private var bin = (start: 0.0, tSum: 0.0, sum: Vector3.zero, n: 0)

    init(capacity: Int = SwingPath.capacity) {
        isKept = capacity > 0
        t = Array(repeating: 0, count: capacity)
        a = Array(repeating: .zero, count: capacity)
        vertical = Array(repeating: 0, count: capacity)
        depth = Array(repeating: 0, count: capacity)
        smoothed = Array(repeating: .zero, count: capacity)
    }

    /// Whether bins are kept at all (capacity above zero). Stored: ``add(t:_:)`` asks on every
    /// sample of every placement, and an array's count read there was a call of its own.
    let isKept: Bool

    mutating func reset() {
        head = 0
        count = 0
        bin.n = 0
    }

    @inline(__always)
    mutating func add(t time: Double, _ acceleration: Vector3) {
        guard isKept else { return }
        if bin.n > 0, time - bin.start >= SwingPath.binWidth { flush() }
        if bin.n == 0 {
            bin.start = time
            bin.tSum = 0
            bin.sum = .zero
        }
        bin.tSum += time
        bin.sum += acceleration
        bin.n += 1
    }

    private mutating func flush() {
        guard bin.n > 0 else { return }
        let k = 1 / Double(bin.n)
        t[head] = bin.tSum * k
        a[head] = bin.sum * k
        head = (head + 1) % t.count
        count = min(count + 1, t.count)
        bin.n = 0
    }

    /// Storage index of the `i`-th bin kept, oldest first.
    @inline(__always)
    private func at(_ i: Int) -> Int { (head - count + i + t.count) % t.count }

    /// Mean of the bins within `half` seconds of bin `i` (chronological index).
    private func mean(around i: Int, half: Double) -> Vector3 {
        let ti = t[at(i)]
        var s = Vector3.zero, n = 0.0
        var j = i
        while j >= 0, ti - t[at(j)] <= half { s += a[at(j)]; n += 1; j -= 1 }
        j = i + 1
        while j < count, t[at(j)] - ti <= half { s += a[at(j)]; n += 1; j += 1 }
        return s * (1 / n)
    }

    /// The shape of the movement of the rep from `start` to `end` (seconds), its window reaching
    /// back from `start` to where the wrist was last quiet (``quietChange``), at most
    /// ``lookBack`` and never before `floor` (the end of the rep before). `nil` if too few bins.
    mutating func measure(from start: Double, to end: Double, notBefore floor: Double) -> Shape? {
        flush()
        guard count > 8 else { return nil }
        // Chronological index of the last bin at or before `start`.
        var i = count - 1
        while i > 0, t[at(i)] > start { i -= 1 }
        let lo = max(floor, start - SwingPath.lookBack)
        var setOffFromRest = false
        while i > 0, t[at(i)] > lo {
            let now = mean(around: i, half: SwingPath.quietSmoothing / 2)
            var j = i
            while j > 0, t[at(i)] - t[at(j)] < SwingPath.quietSpan { j -= 1 }
            if t[at(i)] - t[at(j)] < SwingPath.quietSpan { break }
            if (now - mean(around: j, half: SwingPath.quietSmoothing / 2)).length < SwingPath.quietChange {
                setOffFromRest = true
                break
            }
            i -= 1
        }
        let from = max(lo, t[at(i)] - SwingPath.quietSpan)
        var first = 0
        while first < count, t[at(first)] < from { first += 1 }
        var last = count - 1
        while last >= 0, t[at(last)] > end { last -= 1 }
        let n = last - first + 1
        guard n >= 8 else { return nil }
        /// The spacing of bin `k` of the window from the one before (the first: from the next).
        func spacing(_ k: Int) -> Double {
            k == 0 ? t[at(first + 1)] - t[at(first)] : t[at(first + k)] - t[at(first + k - 1)]
        }
        // Smoothed acceleration, |a| and its mean (each bin weighted by its spacing).
        var w = 0.0, magnitudeSum = 0.0, mean = Vector3.zero
        for k in 0..<n {
            let f = self.mean(around: first + k, half: SwingPath.fitSmoothing / 2)
            smoothed[k] = f
            let dt = spacing(k)
            depth[k] = dt
            w += dt
            magnitudeSum += f.length * dt
            mean += f * dt
        }
        let g = magnitudeSum / w
        let t0 = t[at(first)], span = max(t[at(last)] - t0, 1e-9)
        // Vertical acceleration, integrated to a velocity that ends at zero, then to a height
        // that ends at zero; `depth` holds each bin's spacing until it is overwritten.
        var v = 0.0
        for k in 0..<n {
            vertical[k] = smoothed[k].length - g
            v += vertical[k] * depth[k]
        }
        let vEnd = v
        v = 0
        var z = 0.0
        for k in 0..<n {
            let dt = depth[k]
            let tau = (t[at(first + k)] - t0) / span
            v += vertical[k] * dt
            z += (v - vEnd * tau) * dt
            depth[k] = z
        }
        let zEnd = z
        var deepest = 0.0
        for k in 0..<n {
            let tau = (t[at(first + k)] - t0) / span
            depth[k] = -(depth[k] - zEnd * tau)
            deepest = max(deepest, depth[k])
        }
        guard deepest > 0 else { return nil }
        // The horizontal plane: perpendicular to the mean specific force.
        let up = mean * (1 / mean.length)
        var e1 = up.cross(Vector3(1, 0, 0))
        if e1.length < 0.3 { e1 = up.cross(Vector3(0, 1, 0)) }
        e1 = e1 * (1 / e1.length)
        let e2 = up.cross(e1)
        // Least squares of each horizontal component on (1, a_v, u): normal equations.
        var s11 = 0.0, s1v = 0.0, s1u = 0.0, svv = 0.0, svu = 0.0, suu = 0.0
        var b1 = (0.0, 0.0, 0.0), b2 = (0.0, 0.0, 0.0)
        var h1Sum = 0.0, h2Sum = 0.0, hh = 0.0, vv = 0.0, peak = 0.0
        for k in 0..<n { peak = max(peak, abs(vertical[k])) }
        // Before the vertical acceleration has built up: the horizontal one's change from the start.
        let h0 = (smoothed[0].dot(e1), smoothed[0].dot(e2))
        var early = 0.0, verticalEnergy = 0.0
        var building = true
        for k in 0..<n {
            let dt = spacing(k)
            if abs(vertical[k]) >= peak / 2 { building = false }
            if building {
                let d1 = smoothed[k].dot(e1) - h0.0, d2 = smoothed[k].dot(e2) - h0.1
                early += (d1 * d1 + d2 * d2) * dt
            }
            verticalEnergy += vertical[k] * vertical[k] * dt
        }
        for k in 0..<n {
            let u = depth[k] / deepest, av = vertical[k]
            let h1 = smoothed[k].dot(e1), h2 = smoothed[k].dot(e2)
            s11 += 1; s1v += av; s1u += u; svv += av * av; svu += av * u; suu += u * u
            b1.0 += h1; b1.1 += h1 * av; b1.2 += h1 * u
            b2.0 += h2; b2.1 += h2 * av; b2.2 += h2 * u
            h1Sum += h1; h2Sum += h2; hh += h1 * h1 + h2 * h2; vv += av * av
        }
        let m = (a: s11, b: s1v, c: s1u, d: svv, e: svu, f: suu)
        guard let c1 = SwingPath.solve(m, b1), let c2 = SwingPath.solve(m, b2) else { return nil }
        // Residual sum of squares from the sums: Σh² − c·b for each component (normal equations).
        let residual = max(0, hh - (c1.0 * b1.0 + c1.1 * b1.1 + c1.2 * b1.2) - (c2.0 * b2.0 + c2.1 * b2.1 + c2.2 * b2.2))
        let total = hh - (h1Sum * h1Sum + h2Sum * h2Sum) / s11
        guard vv > 0, total > 0 else { return nil }
        return Shape(curvature: (residual / vv).squareRoot(), fit: 1 - residual / total, peak: peak, start: from,
                     lead: setOffFromRest && verticalEnergy > 0 ? (early / verticalEnergy).squareRoot() : 0)
    }

    /// Solves `m · x = b` for the symmetric 3×3 matrix `m` = (a, b, c / b, d, e / c, e, f)
    /// (Cramer's rule); nil if singular.
    private static func solve(_ m: (a: Double, b: Double, c: Double, d: Double, e: Double, f: Double),
                              _ r: (Double, Double, Double)) -> (Double, Double, Double)? {
        func det(_ c0: (Double, Double, Double), _ c1: (Double, Double, Double), _ c2: (Double, Double, Double)) -> Double {
            c0.0 * (c1.1 * c2.2 - c2.1 * c1.2) - c1.0 * (c0.1 * c2.2 - c2.1 * c0.2) + c2.0 * (c0.1 * c1.2 - c1.1 * c0.2)
        }
        let k0 = (m.a, m.b, m.c), k1 = (m.b, m.d, m.e), k2 = (m.c, m.e, m.f)
        let d = det(k0, k1, k2)
        guard abs(d) > 1e-12 else { return nil }
        return (det(r, k1, k2) / d, det(k0, r, k2) / d, det(k0, k1, r) / d)
    }
}
