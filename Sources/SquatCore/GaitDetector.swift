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
    /// Degrees: on a free arm (``followsArm``), the most the arm's tilt changes from one
    /// footfall's jolt to the next in a walk, where a quick squat set's arm swings further
    /// between its jolts (``swungAsARep(tilt:height:)``). A walking arm swings about ±20° about
    /// hanging (the simulated walks; a brisk real walk up to about ±30°), and its tilt from
    /// hanging, an angle either way, changed at most 13.5° from one step's jolt to the next in
    /// the simulated upper-arm walks (11,513 steps, tuning and held-out corpora A–E, 99.9 % under
    /// 12.4°); the simulated quick squat sets turn it 42–72° between their braking and their top
    /// (62 of the 63 pairs of jolts a step apart that turned it more than 15°). 30°: a brisk
    /// walk's swing either way, clear of both. The same sets count the same from 20° to 45°.
    static let walkingArmSwing = 30.0
    /// Whether the jolts come with the tilt of a free arm, degrees from where it hangs
    /// (``step(vertical:t:armTilt:)``): on the upper arm.
    let followsArm: Bool
    /// Where the last jolt found the arm's tilt, and that jolt's height.
    private var lastJoltTilt = 0.0
    private var lastJoltHeight = 0.0
    private var lastInterval = 0.0
    /// The interval before `lastInterval`; it belongs to the jolts in progress once two
    /// intervals in a row were in ``stepInterval``.
    private var intervalBefore = 0.0
    private var intervalsInRange = 0
    private var steps = 0
    /// Whether the wearer is walking at the last sample.
    private(set) var isWalking = false

    /// Whether footfalls reach the sensor one a step, evenly spaced (``takesAnEvenStep(_:)``): on
    /// the trunk, the head and in the hand (the `lift` placements), where both feet land alike,
    /// rather than on a leg, which feels its own heel strike and toe-off in turn.
    let footfallsEven: Bool

    /// `followsArm`: see ``followsArm``; `footfallsEven`: see ``footfallsEven``.
    init(followsArm: Bool = false, footfallsEven: Bool = false) {
        self.followsArm = followsArm
        self.footfallsEven = footfallsEven
    }

    /// Takes the vertical acceleration (low-passed |a| − |g|, m/s²) at time `t`, seconds, and
    /// on a free arm (``followsArm``) the arm's tilt, degrees (read only at jolts).
    @inline(__always)
    mutating func step(vertical a: Double, t: Double, armTilt tilt: Double = 0) {
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
        if high > GaitDetector.joltHeight { jolt(at: t, height: high, armTilt: tilt) }
    }

    /// On a free arm (``followsArm``): whether a jolt `height` m/s² high that found the arm at
    /// `tilt` degrees came with the arm swung as a quick squat set swings it since the last
    /// jolt, rather than with a step: turned further than a walking arm swings
    /// (``walkingArmSwing``), up with a larger jolt or down with a smaller one.
    ///
    /// A squat's largest jolt is its braking at the bottom, where the arm is raised for balance;
    /// at its top, with the arm swung back down, the ascent slows (|a| below |g|) and only the
    /// arm's own swing stopping lifts |a| (simulated fast set 4035, 60° at 50 Hz: 3.1–3.7 m/s²
    /// at the bottom, 1.1–1.9 at the top, the arm at 79°, 34°, 51°, 1°, 52°, 2°… of tilt). In a
    /// set of 1.2 s a rep without a pause at the top those two jolts come 0.5–0.7 s apart in
    /// turn, a walk's cadence, and the set was a walk: nothing counted while it lasted, and its
    /// start ended the set. A walking arm turns 13.5° at most from step to step, and stays a walk.
    /// Upper-arm fast sets (1.2 s a rep, no pause at the top; November 2026), before → after:
    /// fastB 3050 9 → 11 of 11, 3054 9 → 15 of 15, 3067 7 → 15 of 15; seeds 4001–4080
    /// miscounted 16 → 10 of 80 (4035 0 → 8 of 8, 4056 0 → 3, 4057 0 → 4, 4012, 4015, 4065
    /// exact), seeds 4081–4240 39 → 30 of 160; held-out hoE 640 (10 Hz, 0.3 s at the bottom)
    /// 3 → 4 of 6. No other file of the tuning, held-out A–E and fast A–B corpora, nor 144
    /// upper-arm gestures, handling and pick-ups at seeds 412–459, counts otherwise, nor the
    /// real recordings or the bundled ones.
    ///
    /// Why the order of the heights: a burpee swings the arm as far (the hands go to the floor)
    /// but lands its jump hardest with the arm down. The real burpee set 2017-04-22 15-57-57 I2
    /// set 4 was taken for a walk twice by such jolts (20°, 83°, 21° of tilt; 4.8, 2.3, 3.0
    /// m/s²), which ended a set of burpees counted as squats; without the order it counted 9
    /// instead of 4 (the real other exercises 0.71 → 0.80 false counts a minute).
    private func swungAsARep(tilt: Double, height: Double) -> Bool {
        guard followsArm, abs(tilt - lastJoltTilt) > GaitDetector.walkingArmSwing else { return false }
        return (tilt > lastJoltTilt) == (height > lastJoltHeight)
    }

    private mutating func jolt(at t: Double, height: Double, armTilt tilt: Double) {
        let interval = t - lastJolt
        // A second jolt within the same footfall (a hand or a controller swinging with the
        // step rings twice) belongs to that step.
        if interval < GaitDetector.stepInterval.lowerBound { return }
        lastJolt = t
        let swung = swungAsARep(tilt: tilt, height: height)
        lastJoltTilt = tilt
        lastJoltHeight = height
        // A quick squat's swing of the arm is no step: the steps start again from this jolt.
        guard !swung, GaitDetector.stepInterval.contains(interval) else {
            steps = 1
            intervalsInRange = 0
            return
        }
        lastStep = t
        // Regular: like the interval before (footfalls seen from the trunk), or like the one
        // before that (a leg-worn sensor's own heel strike and toe-off, 60 % and 40 % of a
        // stride apart, alternate); where footfalls come evenly, see `takesAnEvenStep`.
        let regular = steps < 2 || (footfallsEven ? takesAnEvenStep(interval) : GaitDetector.alike(interval, lastInterval)
            || (intervalsInRange >= 2 && GaitDetector.alike(interval, intervalBefore)))
        steps = regular ? steps + 1 : 2
        intervalsInRange += 1
        intervalBefore = lastInterval
        lastInterval = interval
        if steps >= GaitDetector.regularSteps { isWalking = true }
    }

    /// Where footfalls come evenly (``footfallsEven``): whether a jolt `interval` seconds after
    /// the last one is the run's next step: like the interval before it (``regularity``), and,
    /// where that one was unlike the interval before it, no nearer that one than it: a run does
    /// not go short, long, short.
    ///
    /// Short, long, short is a squat set paused at the bottom: its braking and its push are
    /// two jolts 0.5–0.6 s apart, and the push and the next rep's braking come 0.9–1.1 s apart
    /// at 1.5 s a rep, in turn. Only the short intervals are a step's, and a walk is never seen
    /// while each long one reads as long; but a jolt is timed at a sample, and at 10 Hz a long
    /// interval reads up to 0.1 s short: 0.79 s, a step's (``stepInterval``), and within
    /// ``regularity`` of the next short one. Simulated fast sets at 1.2 s a rep, 0.3 s at the
    /// bottom, no pause at the top: seed 4120 (10 Hz, 60°, 15 reps) read 0.6, 0.79, 0.61 over
    /// reps 3 and 4, seed 4000 (10 Hz, 60°, 12 reps) 0.52, 0.79, 0.48 over reps 11 and 12, fast
    /// seed 3010 (25 Hz) 0.6, 0.79, 0.6: each was a walk, which ended the pending set or took a
    /// rep's movement with it (4000 and 4120 on the waist, head, chest and hand alike, 3010 on
    /// the waist). The leg-worn
    /// alternative, an interval like the one before the last (heel strike and toe-off in turn),
    /// made 4000's 0.48 a step after 0.79. Footfalls seen from the trunk or a held hand come one
    /// a step, as evenly as the cadence: a real walk's steps vary by a few percent, and a
    /// 10 Hz reading by 0.1 s, so a walk's intervals read alike one another and its run goes on;
    /// a walk that stumbles once (short, long, short) is seen a step later.
    private func takesAnEvenStep(_ interval: Double) -> Bool {
        guard GaitDetector.alike(interval, lastInterval) else { return false }
        guard intervalsInRange >= 2, !GaitDetector.alike(lastInterval, intervalBefore) else { return true }
        return abs(interval - lastInterval) <= abs(interval - intervalBefore)
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
