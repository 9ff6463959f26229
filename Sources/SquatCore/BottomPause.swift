/// For ``SquatSignal/Kind/lift``: whether the movement in progress paused at its bottom the way a
/// squat does, braked, held still, then pushed straight up, followed one sample at a time from
/// |a| low-passed (``SquatSignal``'s `vertical`, |a| − |g|) and how long it has stayed
/// quasi-static (within ``SquatSignal/quasiStaticFraction`` of |g|).
///
/// Why it matters: the leaky estimate of `lift` (travel high-passed three times, 2.5 s) forgets
/// a step down while it is held, half of it in 0.5 s and all of it by 1.46 s (its step response
/// e^−u·(1 − 2u + u²/2), u = t/2.5 s, crosses 0 there). A squat paused at the bottom for a
/// good part of a second is such a step: its push then reads as a rise of up to the whole
/// travel above standing, or comes back by the travel alone, short of its return, and runs into
/// the next descent (``SquatStateMachine/Candidate/rise``). Only such a rep may be read by its
/// rise as well as its fall (see ``SetConfirmation``'s `depth(of:among:)`).
///
/// What is asked, in that order, within one movement: a braking hump (|a| at least
/// ``leastHump`` of |g| above it), then |a| quasi-static for ``pauseRange`` seconds, left by
/// rising (|a| above |g|: a push), and then a push hump of at least ``leastHump`` too. A walk
/// stopped and started again has its steps' humps but stands longer than that; a device turned
/// in the hand keeps |a| near |g| (humps of 0.16–0.21 g); a seat is held for seconds and left
/// by falling (the trunk leans forward before standing up, see `SquatDetector`'s
/// `maxRestAfterBottom`). No allocation, a few comparisons a sample.
///
/// Held-out distractors that counted squats when every such movement was read by its rise too
/// (session 19), and count none more with this (November 2026): walks with a controller at
/// 1 kHz and 25 Hz (0 → 4 and 12 → 16; their "reps" 3.4–5.7 s long, |a| quasi-static 1.6–3.8 s
/// or from before the movement set off, braking under 0.3 g), a sit-down at the chest (0 → 3;
/// seated 4.9–5.1 s, no braking hump, left by falling) and handling in the hand at 10 Hz (0 → 3;
/// humps of 0.16–0.21 g). The fast sets it keeps (1 s at the bottom): 0.83–1.38 s
/// quasi-static between humps of 0.37–0.63 g. Fast sets paused 0.3 s (0.31–0.33 s quasi-static)
/// are not read so: hand seeds 3070 and 3073 and hoE's 648 (no pause, 10 Hz) counted exactly
/// when they were, where the sampling at 10–12.5 Hz rather than a pause misread the travel.
struct BottomPause: Sendable {
    /// The least hump of |a| over |g|, as a fraction of |g|, that brakes a squat's descent and
    /// pushes out of its bottom. The simulated fast sets (1.2 s a rep, 1 s at the bottom):
    /// 0.37–0.63 g braking and pushing, low-passed at 2.5 Hz; a device turned in the hand
    /// 0.16–0.21 g; 0.3 g stops 30 cm of travel in 0.3 s.
    static let leastHump = 0.3
    /// How long the quasi-static moment between the braking and the push may last, seconds:
    /// from the time the estimate has forgotten half a step (0.5 s) to a little past the time
    /// it has forgotten all of it (1.46 s; the band takes in the end of the braking and the
    /// start of the push, measured 0.83–1.38 s in simulated 1 s pauses). Longer, the wearer
    /// stands or sits there (a walk stopped: 1.6–3.8 s).
    static let pauseRange = 0.5...2.0

    /// A braking hump was seen since the movement began.
    private var braked = false
    /// The quasi-static moment that ended last, after a braking hump and left by rising, seconds
    /// (0 if none, or if the one after the braking was left by falling).
    private var held = 0.0
    /// The quasi-static seconds at the previous sample.
    private var quietBefore = 0.0
    /// Whether the movement paused at its bottom as a squat does.
    private(set) var paused = false

    /// A new movement began.
    mutating func reset() {
        braked = false
        held = 0
        paused = false
    }

    /// One sample of a movement: `vertical` is |a| − |g| and `gravity` |g|, m/s², and `quiet`
    /// the seconds |a| has stayed quasi-static up to it.
    @inline(__always)
    mutating func step(vertical: Double, gravity: Double, quiet: Double) {
        if quiet == 0, quietBefore > 0, braked {
            held = vertical > 0 ? quietBefore : 0
        }
        quietBefore = quiet
        guard vertical >= BottomPause.leastHump * gravity else { return }
        if braked, BottomPause.pauseRange.contains(held) { paused = true }
        braked = true
        held = 0
    }
}
