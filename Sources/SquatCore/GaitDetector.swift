/// Tells walking from squatting by its steps: a train of upward jolts of |a| at a walking
/// cadence, evenly spaced. This is the step counters' regularity test (see
/// `shared/notes/squat-signals.md`), used the other way round: while the wearer walks, nothing
/// they do is a squat.
///
/// Why it is needed: walking raises the mean |a| (every footfall adds to it, and horizontal
/// accelerations only ever lengthen the vector), which the `lift` signal integrates into
/// travel that never happened, a hump as a walk starts or stops. A squat makes at most two
/// upward jolts per rep (braking and pushing, merged into one without a pause at the bottom),
/// at least 1.2 s apart from rep to rep; a walk makes one per step, every 0.35–0.8 s (75–170
/// steps a minute), with the same interval step after step.
///
/// A jolt is a rise of the low-passed |a| − |g| by ``joltHeight`` to at least ``joltHeight``
/// above |g|, followed by a fall by as much. ``regularSteps`` jolts whose intervals are all in
/// ``stepInterval`` and each within ``regularity`` of the one before, or of the one before that,
/// make a walk; it lasts until no step (a jolt ``stepInterval`` after the one before) has come for
/// ``stepInterval``'s upper end plus a half step.
/// While it lasts nothing counts, and as it is recognised the set in progress ends
/// (``SquatDetector``): the first strides, over before the third step, are no reps.
struct GaitDetector: Sendable {
    /// m/s²: a footfall at walking pace lifts |a| by 2–6 m/s² at the hip; sensor noise after
    /// the low-pass filter stays well below 1.
    static let joltHeight = 1.0
    /// Seconds between steps at 75–170 steps a minute.
    static let stepInterval = 0.35...0.8
    /// Successive step intervals differ by at most this fraction.
    static let regularity = 0.25
    /// Jolts in a row that make a walk (two regular intervals: a walk is recognised within ~1.5 s,
    /// before the first steps' sway completes a squat-shaped movement).
    static let regularSteps = 3

    private var low = Double.infinity
    private var high = -Double.infinity
    private var rising = false
    private var lastJolt = -Double.infinity
    /// The last jolt that came a step after the one before (in ``stepInterval``): what keeps a
    /// walk going. Any jolt did until November 2026, and a fast squat set, once its braking and
    /// push jolts had lined up three alike (0.6, 0.79, 0.6 s apart: fast set 3010 at the waist,
    /// 25 Hz) was a walk to its end: its jolts come 0.5–0.65 s and 0.85–1.15 s apart in turn,
    /// never 1.2 s, and no rep counted after it. Only every other interval is a step's, and the
    /// steps lie 1.4–1.8 s apart: the walk ends. A real walk steps every 0.35–0.8 s; a step
    /// missed (a soft footfall) ends it for as long as two steps take to show it again.
    /// Simulated squat sets, before → after (their counts, no set yet exact): fastB upper arm
    /// 3050 8 → 9 of 11, 3054 6 → 9 of 15; fast half squats seed 4015 in the hand 0 → 9 of 14.
    /// No other squat set counts otherwise, no distractor (tuning, held-out A–E and fast corpora,
    /// distractor seeds 400–405; walking at seeds 406–420 on every placement), the real
    /// recordings as before.
    private var lastStep = -Double.infinity
    private var lastInterval = 0.0
    /// The interval before `lastInterval`; it belongs to the jolts in progress once two
    /// intervals in a row were in ``stepInterval``.
    private var intervalBefore = 0.0
    private var intervalsInRange = 0
    private var steps = 0
    /// Whether the wearer is walking at the last sample.
    private(set) var isWalking = false

    /// Takes the vertical acceleration (low-passed |a| − |g|, m/s²) at time `t`, seconds.
    @inline(__always)
    mutating func step(vertical a: Double, t: Double) {
        if isWalking && t - lastStep > GaitDetector.stepInterval.upperBound * 1.5 {
            isWalking = false
        }
        if !rising {
            low = min(low, a)
            if a > low + GaitDetector.joltHeight { rising = true; high = a }
            return
        }
        high = max(high, a)
        guard a < high - GaitDetector.joltHeight else { return }
        rising = false
        low = a
        // A footfall pushes |a| above |g|; a rise out of a dip below it (the end of a squat's
        // descent, the top of its ascent) is no step.
        if high > GaitDetector.joltHeight { jolt(at: t) }
    }

    private mutating func jolt(at t: Double) {
        let interval = t - lastJolt
        // A second jolt within the same footfall (a hand or a controller swinging with the
        // step rings twice) belongs to that step.
        if interval < GaitDetector.stepInterval.lowerBound { return }
        lastJolt = t
        guard GaitDetector.stepInterval.contains(interval) else {
            steps = 1
            intervalsInRange = 0
            return
        }
        lastStep = t
        // Regular: like the interval before (footfalls seen from the trunk), or like the one
        // before that (a leg-worn sensor's own heel strike and toe-off, 60 % and 40 % of a
        // stride apart, alternate).
        let regular = steps < 2 || GaitDetector.alike(interval, lastInterval)
            || (intervalsInRange >= 2 && GaitDetector.alike(interval, intervalBefore))
        steps = regular ? steps + 1 : 2
        intervalsInRange += 1
        intervalBefore = lastInterval
        lastInterval = interval
        if steps >= GaitDetector.regularSteps { isWalking = true }
    }

    private static func alike(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= regularity * b
    }

    /// Forgets the steps so far (lost samples).
    mutating func reset() {
        low = .infinity
        rising = false
        lastJolt = -.infinity
        lastStep = -.infinity
        steps = 0
        intervalsInRange = 0
        isWalking = false
    }
}
