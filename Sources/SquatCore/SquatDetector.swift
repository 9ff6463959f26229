#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The per-device detection pipeline: one sample in, zero or one ``Rep`` out.
///
/// low-pass filter → squat signal (``SquatSignal``) → `standing → descending → bottom → ascending`
/// (``SquatStateMachine``) → not while walking (``GaitDetector``) → time-threshold gate
/// (``RepGate``) → set check (``SetConfirmation``).
///
/// Causal and allocation-free per sample: everything is a value, buffers are sized in `init`.
/// It reads only sample timestamps, never a nominal rate, so 10 Hz, 1 kHz and uneven spacing
/// behave alike. When a set is confirmed several reps become known at once; they come out one per
/// following sample (see ``backlog``), each with its own ``Rep/detectedAt``.
///
/// The helpers that run on every sample are marked `@inline(__always)`: as calls, each made its
/// caller spill and reload every live floating-point value (all `xmm` registers are
/// caller-saved on x86-64): an eighth to a sixth of the pipeline's instructions
/// (`Benchmarks/README.md`).
public struct SquatDetector: Sendable {
    /// What the detector saw at the last sample, for plots and debugging.
    public struct Probe: Sendable, Equatable {
        public var t: Double = 0
        /// The squat signal (unit: ``Thresholds/signal``): 0 standing, rising going down.
        public var signal: Double = 0
        /// Signal level at which a descent starts.
        public var startLevel: Double = 0
        /// Signal level a bottom must reach for the rep to count.
        public var depthLevel: Double = 0
        public var phase: SquatPhase = .standing
    }

    /// Samples further apart than this are a gap (sensor overrun, reconnect, a pause in a file):
    /// the filters restart rather than reading the jump as motion.
    public static let maxSampleGap = 1.0

    /// The largest |a|, m/s², taken as a measurement: 50 g. Wearable and phone accelerometers
    /// saturate at 2–16 g and a squat moves the body by under 1 g; a reading beyond this is a
    /// garbled transfer, a wrong scale or mount matrix, or a value edited into a file. Taken
    /// as data it would teach the detector a |g| that takes minutes to forget (or overflow to
    /// infinity and then NaN, which no comparison recovers from, a gap included).
    static let largestAcceleration = 50 * 9.80665

    /// Whether `s` reads like an accelerometer: not the zero vector (drivers report it before
    /// the first conversion, and a sensor that measures anything reads |g| at rest; taken into
    /// the filters it reads as a fall to 0 g), nothing beyond ``largestAcceleration``, nothing
    /// NaN. Any other sample is skipped as lost: the next is bridged to or starts after a gap.
    @inline(__always)
    static func isMeasurement(_ s: Sample) -> Bool {
        let squared = s.x * s.x + s.y * s.y + s.z * s.z
        return squared > 0 && squared <= largestAcceleration * largestAcceleration
    }

    /// For `lift`: samples further apart than this many times the spacing before them, and
    /// further than ``shortestBridgedGap``, but no further than ``maxSampleGap``, have two or
    /// more samples lost between them (a radio's dropouts, an overrun FIFO). The body moved on
    /// smoothly meanwhile, and the samples lost are bridged by a straight line between the
    /// two either side, at the spacing before. Fed as it came, the sample after the gap stood
    /// for the whole gap, and `lift` integrated it twice into travel: a 0.7 s gap in the
    /// ascent of a fast rep at 12.5 Hz read as a metre more that merged two reps into one
    /// (simulated waist, chest, head and hand at 1.5 s per rep), and 160 simulated lift sets
    /// at 10–50 Hz with ten times the usual dropouts miscounted 66 sets, bridged 41 (never
    /// tuned on: seeds 300–339). 2.5: one lost sample (twice the spacing, with room for
    /// jitter) is left to the filters as before: bridging it too changed the 10 Hz sets both
    /// ways, more of them for the worse (the simulated corpora: four sets worse, one better).
    /// Measured again in November 2026 on fast seed 3040 (10 Hz, 7 single samples lost in
    /// 23 s), which loses its reps to it: held over 0.2 s, each sample after a loss reads its
    /// rep's depth 0.48–0.81 of the 1 kHz estimate's off (RMS over the reps, read by a copy
    /// of the `lift` chain; waist, head, chest, hand), bridged 0.22–0.37, and bridged with the
    /// lost sample's true value no better than with the straight line (40 fast sets at 10 Hz:
    /// 0.118 against 0.122), so the hold, not the missing value, is the error. Bridged where the gap is past 1.5 times the
    /// mean spacing (a running mean of the spacings, 0.1 a sample; 1.5 times the last spacing
    /// fires on jitter alone, 0.106 s after 0.064 s, and fast seed 3056, which lost nothing
    /// over its reps, counted none of 4 on the trunk and hand instead of 4): 3040 counted 12,
    /// 14, 14 of 14 on the waist, head and chest (7, 11, 11 before) but none on the hand (8:
    /// the bridged sample moved a jolt of |a| 0.1 s earlier, the braking and push of two reps
    /// came 0.59 and 0.60 s apart, a walk's cadence, and the reps' own jolts, each within
    /// 1.2 s of the last, kept that walk going to the set's end, see ``GaitDetector``),
    /// and over the tuning, held-out and fast corpora and 640 sets at 10 and 12.5 Hz of seeds
    /// 4000–4079, 29 squat sets counted closer and 20 worse (9 of them held-out; 3017 at
    /// 12.5 Hz from 4 of 4 to none on the trunk and hand), and sit-stand at 10 Hz 3 on the
    /// head, chest and hand (none before). Bridged, 3017 at the waist reads nearer the 1 kHz
    /// estimate (RMS 16 cm against 35), which counts 4 of 4, but that estimate itself ranges
    /// over 130 cm within the set (90°, no pause at the top): the rules downstream count what
    /// the held reading happens to give, and any change to it moves marginal sets both ways.
    /// Bridged for the travel alone (|a| stepped through the lost moment and the integrators
    /// run over both halves of the gap, the tilt, the turn and the gait check fed the sample
    /// as it came, so that no jolt moves): 3040 counts 12, 14, 14 and 8, and over the same
    /// corpora 26 squat sets counted closer and 12 worse (7 of them held-out: 128 at 10 Hz,
    /// 1.2 s a rep paused 1 s at the bottom, 14 → 12 on the head, chest and hand, its second
    /// rep read 57.7 cm against 107 before and 131.6 for the third, so the pending set ended;
    /// 609 at 12.5 Hz one short on the waist, head and hand), handling at the chest (held-out
    /// seed 48) 4 and sit-stand at 10 Hz 9 more (seed 403 on the head, chest and hand: the
    /// second of three sit-to-stands, dropped before for descending too slowly, no longer
    /// was, and the three made a set); not kept either.
    /// A run that hides a rep's bottom is beyond any bridge: fast seed 3001 at 12.5 Hz lost
    /// 0.71 s (22.48–23.19 s) over rep 13's braking, pause and push, the line bridged from
    /// |a| 5.2 to 9.3 m/s² never brakes the descent, and reps 13 and 14 read as one movement
    /// 161–198 cm deep against the set's 39–55, which ends the set (waist, head, chest and
    /// hand count 12 of 14; the wrist reads rep 13's hump 1.95 m/s² against 3.3–3.5 and loses
    /// both too). Restarting the filters after runs longer than 0.5 s instead (as a gap) counts
    /// 13 of 14 there, but 16 squat sets worse over the tuning, held-out and fast corpora and an
    /// arm-gestures recording 15 more (November 2026; after runs longer than 0.3 s, 59 worse).
    /// Bridging such a run so that it brakes the descent, where the line alone carries the
    /// movement past the set's depth (a half-sine hump of |a| that brings the bridge to rest,
    /// sized once per run), counted 3001 14 of 14 on the waist, head, chest and hand and 2 more
    /// sets right on 480 sets with ten times the usual dropouts; but on eighteen corpora never
    /// tuned on it brought no set closer and one fast set further on all four (seed 3434,
    /// 25 Hz, a 0.36 s run in a descent: 5 → 4 of 5), and was not kept (branch s20-gap).
    static let lostSamplesSpacing = 2.5
    /// On the chest (``integratesOverLostSamples``), on a 10 Hz stream
    /// (``slowStreamSpacing``): a sample further than this many
    /// times the stream's mean spacing (``meanSpacing``) from the last, but not so far that the
    /// run is bridged (``lostSamplesSpacing``), came after a single lost sample, and where |a|
    /// changed by ``lostSampleJump`` or more across it, the travel over its interval is
    /// integrated on the straight line between the two samples for the lost sample's half and
    /// on the sample itself for its own half (``SquatSignal/integratesOverLostSample``), not on
    /// the sample held over both. 1.5: a single loss doubles the spacing; the timestamps'
    /// jitter (up to ±45 % of a period, 10 % typical) stays under it against the mean.
    ///
    /// At 10–12.5 Hz a fast rep's braking and push are humps of |a| two or three samples wide,
    /// and |a| changes by 2–18 m/s² from one sample to the next there (the lost samples of
    /// fast seed 3040 at 10 Hz: 1.9–11.6). Held over the lost sample's interval too, the
    /// sample after it adds half that change times 0.1 s to the velocity, 0.1–0.6 m/s, which
    /// the leaks turn into tens of centimetres: the waist of 3040 against the same movement
    /// sampled at 1 kHz without jitter or loss (a copy of the `lift` chain): RMS 42 cm with the
    /// 7 single losses held, 19 with the lost samples' half on the line, 9 without losses.
    /// Unlike a bridge of the lost sample (which moved the filters, the turn read where |a|
    /// crosses |g| and the gait check's jolts too, see ``lostSamplesSpacing``), only the
    /// travel's integration changes: the sample is filtered, judged and timed as before.
    /// 3040 counts 14 of 14 on the chest (11 before). Over the tuning corpus, the twenty-two
    /// held-out rows, fifteen fast corpora and fast seeds 4101–4300 (November 2026) 4 chest
    /// sets count closer (fast 3040, 3216 0 → 8 of 8, 3416, 4120 7 → 11 of 15), none further,
    /// no distractor more. Elsewhere, and at 12.5 Hz, files counted further as well as closer
    /// (see ``integratesOverLostSamples``, ``slowStreamSpacing``).
    static let lostSampleSpacing = 1.5
    /// The stream's mean spacing, seconds, from which a single lost sample is integrated over
    /// (``lostSampleSpacing``): streams at 11 Hz or slower, the simulator's 10 Hz, where a
    /// rep's humps of |a| are two samples wide. At 12.5 Hz, integrated over too, fast sets on
    /// the head counted closer and further alike (held-out 825 9 → 10 of 9, fast 5401 9 → 8);
    /// at 25 Hz the humps are five to seven samples wide, the change of |a| across a lost
    /// sample a fourth of that at 12.5 Hz, and nothing counted closer there but a walk with a
    /// controller (held-out seed 70, 25 Hz) one more.
    static let slowStreamSpacing = 0.09
    /// The least change of |a| across a lost sample, m/s², for its travel to be integrated
    /// over it (``lostSampleSpacing``): a footfall's jolt height (``GaitDetector``), under any
    /// fast rep's (1.9 m/s² and more, see above). Where |a| changed less the hold's error is
    /// under 0.05 m/s; integrated over there too, handling at the head (held-out seed 32,
    /// 10 Hz) counted a set of 3, and nothing counted closer but two files of the 16
    /// distractor seeds 600–615 (sit-stand at the head, seed 603, 3 → 0; a set of seed 7145
    /// in the hand, 17 → 16 of 11).
    static let lostSampleJump = 1.0
    /// The weight of each spacing in the stream's mean spacing (``meanSpacing``): about the
    /// last ten.
    static let meanSpacingWeight = 0.1
    /// The longest run of lost samples, seconds, that cannot hide a rep's bottom whole: half
    /// the quickest rep (``SquatStateMachine/quickestRepPeriod``, 1.2 s), the width of its
    /// braking and push, the hump of |a| above |g| between the two halves of the rep; in a
    /// set, half its tempo (``SetConfirmation/setRepDuration``) where that is slower. Over a
    /// longer run within a confirmed set (`lift`, ``hidesABottom(_:)``) the bridge is given a
    /// half-sine hump of |a| that brings the travel out of the run rising as fast as it went
    /// in falling (``brakeOverRun(of:dt:to:)``): the straight line alone never brakes a
    /// descent whose bottom it hides, and the estimate fell on into the next rep. Fast seed
    /// 3001 (12.5 Hz, 75°, 0.3 s at the bottom) lost 0.71 s (22.48–23.19 s) over rep 13's
    /// braking, pause and push: reps 13 and 14 read as one movement 161–198 cm deep that
    /// ended the set, 12 of 14 on the waist, head, chest and hand; now 14. Brought to rest by
    /// the run's end instead, 3001 counted 14 too, but eight sinusoidal reps at 1.5 s with
    /// 0.72 s lost over the fifth bottom (`LiftTests`) 7 of 8 at four of the five places the
    /// run was put (the rise already under way as it ended was lost; 5 of 8 with the line
    /// alone); mirrored, 8 at all five.
    /// Outside a confirmed set the movement a run hides is anyone's guess: braked there,
    /// sitting down at the hand with a 0.64 s run in the sit-down (held-out seed 19, 12.5 Hz)
    /// counted a set of 3, none with the line. Runs this long are rare: of the 120 waist sets
    /// of simc, fastA and fastB, three lost more than 0.5 s at a time (0.53, 0.56, 0.71 s) and
    /// one more than 0.6 s (3001). Over the tuning, held-out and fast corpora (simc, hoA–hoE,
    /// fastA, fastB), 1,280 fast sets of seeds 6000–6159 and 480 sets of seeds 6500–6559 with
    /// distractors 500–507 (November 2026): 3001 on the four placements and head 6024
    /// (7 → 8 of 8) closer, nothing further, no distractor more.
    /// Half the quickest rep alone braked runs inside slow reps, where a run that long is a
    /// piece of a descent or ascent, not a bottom, and the travel came out of it rising where
    /// the wearer was still going down: a chest set at 6 s a rep (held-out seed 1208, 10 Hz,
    /// 0.79 s lost in a rep 4.5 s long as read) lost two reps, 15 → 13, and pick-ups at the
    /// waist read 6–7 s apart (held-out seed 107, 12.5 Hz, 0.65 s lost) counted one more, 3 → 4.
    /// Against half the set's tempo (3001's reps read 1.0–1.5 s) both count as before.
    static let runHidingABottom = SquatStateMachine.quickestRepPeriod / 2
    /// The shortest gap bridged, seconds (see ``lostSamplesSpacing``): the spacing of the
    /// slowest stream squatd is made for (10 Hz). A shorter one is a spacing every filter here
    /// is designed to take from a slower sensor.
    static let shortestBridgedGap = 0.1
    /// A descent that starts further than this fraction of ``Thresholds/minDepth`` from the
    /// standing reference shows that the reference is not the posture the wearer stands in
    /// (the sensor was handled before it was put on, the arms rest half raised): the posture the
    /// descent starts from becomes the reference (``SquatSignal/rereferenceToLowest()``).
    /// Half a rep: a wearer who stands between reps never starts that far down. On a free arm
    /// the same holds of the posture the arm came back to after a rep: one that reads this far
    /// from the reference, left for a whole rep's turn, becomes it
    /// (``SquatSignal/rereferenceToCameBack()``). The postures the real arms here come back to
    /// read at most 22° in 37 of the 40 sets, 23–25° in two and 45° in one, the three whose arm
    /// hangs on the far side of the reference from the bottom, so that every rep reads as a
    /// hump, a dip and a peak (4 of 9 counted in the last before the rule). Neither holds where
    /// the posture is the low-pass lagging a quick set (``readsTheFiltersLagAsAPosture``).
    static let misplacedReferenceFraction = 0.5
    /// A movement whose signal stays within half a ``Thresholds/startLevel`` this long is not a
    /// squat pausing at the bottom (1–2 s, a competition pause squat 2–3 s; the slowest squat
    /// without a pause spends ~0.8 s that close to its deepest point) but a posture: sitting on a
    /// chair, kneeling. It is abandoned uncounted, and the wearer is ``SquatPhase/away`` until
    /// back where it started. Without this a seat shorter than ``Thresholds/maxRepDuration``
    /// counts as a rep, and a longer one is learned as standing, so that standing up and sitting
    /// down again counts. For `lift` the held level is the one the leaky estimate settles at
    /// once it has forgotten the seat (within seconds); a squat's travel never rests that long.
    /// For `bounce` (an acceleration) a held level is the body at rest: sitting down ends in a
    /// braking hump and then nothing while seated, where a squat's push out of the bottom is
    /// followed at once by the slowing at the top that completes the rep. Between reps the
    /// acceleration rests at zero too, but there the movement is complete and nothing is held.
    /// Not on the upper arm, whose held angle is the squatter's arms kept forward (see
    /// ``heldLevelIsPosture(_:)``). For `bounce`, not where the level held is the movement's
    /// own hump, too gentle for the band to see it end (see `holdIsTheMovementsHump`).
    public static let maxHold = 3.0
    /// Whether a level held for ``maxHold`` is a posture (see ``heldLevelIsPosture(_:)``).
    private let heldLevelIsPosture: Bool
    /// On a free arm: when the last movement's ascent completed, and how far it had swung
    /// (its prominence), for ``followQuietTurn(t:wasMoving:start:bottom:rereferenced:signal:)``.
    private var lastAscent = (end: -Double.infinity, swing: 0.0)
    /// On a free arm: the start of the last movement that set off while the low-pass lagged the
    /// arm's way back (``followQuietTurn(t:wasMoving:start:bottom:rereferenced:signal:)``), as the state machine timed it,
    /// and when the arm turned back into it, seconds: the tilt's trough less ``filterDelay``.
    private var armTurn = (movementStart: -Double.infinity, t: -Double.infinity)
    /// On a free arm, seconds: how long after the arm turns back into a rep the low-passed tilt
    /// turns (its trough), the mean of the two-pole filter's impulse response, 2τ =
    /// 2 / (2π · ``Thresholds/lowPassHz``) (0.32 s at the upper arm's 1 Hz). Its output's
    /// slope is the input's slope averaged over that response, so where the arm's angle turns
    /// as a parabola over the filter's memory the output turns exactly 2τ later; a sinusoid's
    /// turn comes 0.27 s later at 1.2 s a rep, 0.3 s at 2 s, an arm that rebounds off hanging
    /// (|sin|) 0.24 s later. In the simulated fast sets (seeds 36, 3012, 3030 and 3036 at 1.2 s
    /// a rep) the trough came 0.30–0.41 s after the rep began (median 0.35).
    private let filterDelay: Double
    /// On a free arm, seconds: the longest a wearer may stand between one movement's ascent and
    /// the next descent for the tilt's trough to be the low-pass still lagging behind the arm
    /// (``followQuietTurn(t:wasMoving:start:bottom:rereferenced:signal:)``): the settling time of the critically damped
    /// two-pole filter, 4τ = 4 / (2π · ``Thresholds/lowPassHz``) (0.64 s at the upper arm's
    /// 1 Hz), within which its step response has come 91 % of the way. An arm that rests
    /// longer at the top is where the filtered tilt shows it.
    private let filterSettling: Double

    public let profile: SquatProfile
    public let thresholds: Thresholds
    public private(set) var probe = Probe()
    public var phase: SquatPhase { probe.phase }

    private var signal: SquatSignal
    private var machine: SquatStateMachine
    /// The time gate: reps timed from ``repBegan(_:)`` to ``repEnded(_:)``, counts spaced at
    /// their ends, at their bottoms where ``spacesRepsAtBottoms(_:_:)`` says so, in the hand at
    /// their bottoms for a rep chained in tempo out of the last (``spacesChainedRepsAtBottoms(_:_:)``), and on a free arm
    /// at their ends or their bottoms, whichever lie further from the last count's
    /// (``RepGate/Spacing/endsOrBottoms``).
    ///
    /// A quick set's first rep ends where its ascent turns into the next rep
    /// (``SquatStateMachine/turnedAsAFilteredRep(t:)``), seen once the tilt has risen a start
    /// level from the turn, where the reps after it end as their tilt falls back 60 % of the way
    /// (``Thresholds/returnFraction``): 0.78 of a 1.2 s rep into it for a smooth rep, 0.3–0.5 s
    /// before the next turn. Spaced at their ends, the first two reps' counts came 0.68–0.98 s
    /// apart, under the upper arm's 1 s (``Thresholds/minRepInterval``), though their bottoms
    /// lay 1.07–1.40 s apart, and the second rep was dropped: 10 of the 26 fast upper-arm sets
    /// miscounted on seeds 3001–3080 lost it so (with the arm's turn timed as in
    /// ``followQuietTurn(t:wasMoving:start:bottom:rereferenced:signal:)``). Spaced at their
    /// bottoms alone, the real burpees counted 7 more (0.78 → 0.90 a minute): a burpee's flung
    /// arm makes a second, quicker movement whose bottom comes a second or more after the
    /// first's but whose end comes within the interval, and dropped, it no longer ended the set
    /// it was not alike (offered, its depth is unlike the reps before). A bounce read twice, what
    /// the interval is for, puts both the ends and the bottoms of its two movements close
    /// together; and a filtered tilt whose bottom came early (a 10 Hz set's last rep, seed 3024,
    /// its peak 0.9 s after the rep before's, the arm's bottom 0.6 s later) still has its end a
    /// rep period after the last.
    private var gate: RepGate
    private var confirmation: SetConfirmation
    private var gait: GaitDetector
    /// For `lift` and `bounce`: the sensor's rests and the change of height between them, to see
    /// a seat (see ``RestTracker``).
    private var rests: RestTracker
    /// For `lift`: how far, centimetres, the signal rose while the sensor rested
    /// (``RestTracker``, and |a| within ``creepTolerance`` of |g|), during the movement in
    /// progress (`counted`; the creep itself is what starts a stoop's false descent, so it
    /// falls within the movement), and since the sensor last settled
    /// (`pending`, counted once the settling has lasted a rest's ``RestTracker/minRest``). A
    /// resting sensor does not move: the estimate creeping meanwhile is its leaks forgetting a
    /// height it over-read (and, being two leaks in a row, overshooting zero, in the simulated
    /// stoops by up to as much again), not a descent (see ``crept(_:)``).
    private var restCreep = (counted: 0.0, pending: 0.0)
    /// The signal at the previous sample, the start of the movement last seen, and when |a| was
    /// last further than ``creepTolerance`` from |g| (see ``restCreep``).
    private var creepPrevious = 0.0
    private var creepMovementStart = 0.0
    private var quietSince = 0.0
    /// For `lift`: how far, degrees, the sensor turned during the movement that last ended
    /// (``SquatSignal/greatestTurn`` as it ended; one arccosine per movement).
    private var completedTurn = 0.0
    /// On the waist and chest: the axis the last completed movement turned the sensor about
    /// (``SquatSignal/turnAxis``), read with ``completedTurn``; and the last rep offered to the
    /// set's, with its turn (see ``tiltedAboutAnotherAxis(_:axis:)``).
    private var completedAxis = Vector3.zero
    private var offeredTilt = (axis: Vector3.zero, turn: 0.0)
    /// For `lift`: whether the movement in progress (or the one just completed) set off down
    /// from a rest lower than the rest before (``RestTracker/isAtLoweredRest(at:)``).
    ///
    /// A squat sets off down from standing. Someone who sat down and leans forward to stand up
    /// again before the seat was held for ``maxHold`` (a short seat, or one whose lean back
    /// and settling leave the sensor still for only 2–3 s of a 4 s seat) sets off down from a
    /// rest a rep's depth lower than the standing before it: the lean lowers a device held in
    /// the hand or the head by 10–15 cm, and the stand-up carries the estimate far past rest,
    /// a small rise and a deep fall, as a set's first rep reads (``SquatStateMachine``, whose
    /// fall then counts). Such a movement is no rep, and it ends the set (one simulated hand
    /// recording of sixteen, 5 minutes of sitting down and standing up, counted a set of three
    /// so). A squat paused at the bottom rests there too, but rises out of it; its next descent
    /// sets off from the top.
    private var startedLowered = false
    /// Whether the wearer walked at any time since the movement in progress began.
    private var walkedDuringMovement = false
    /// For `lift`: whether the movement in progress paused at its bottom as a squat does, the
    /// only movement whose rise may be read as its depth (``BottomPause``).
    private var bottomPause = BottomPause()
    /// For `bounce`: how long the signal has stayed near zero since the bottom of the movement
    /// in progress, seconds, and whether such a rest longer than ``maxRestAfterBottom`` ended
    /// in a fall.
    private var restAfterBottom = (current: 0.0, leftFalling: false)
    /// For `bounce`: seconds the wearer has stood still (``SquatSignal/isStill``) without a
    /// break (see ``longestStillInSet``).
    private var stillFor = 0.0
    /// For `bounce`: whether a movement since the wearer last stood still
    /// (``SquatSignal/isStill``) turned the band further than hands on a bar can
    /// (``Thresholds/maxTurn``), so that the hand is free (see ``handLeftTheBar(_:)``).
    private var handIsFree = false
    /// For `lift` and `bounce`: whether the sensor's rest in progress has ended the set
    /// (``longestRestInSet``).
    private var restEndedSet = false
    /// In the hand (``timesRestOutsideItsMovements``): the rest in progress, by when it settled
    /// (``RestTracker``'s anchor), and the seconds of it spent outside any movement that set off
    /// during it, which is what ``longestRestInSet`` measures there.
    private var restOutsideItsMovements = (settledAt: -Double.infinity, seconds: 0.0)
    /// For `bounce`: whether the wearer stood still (``SquatSignal/isStill``) when the movement
    /// in progress reached its bottom, its highest signal so far, having begun to stand still
    /// after the movement began (see ``cameBackToRest(_:)``). Still is seen only once it has
    /// lasted ``SquatSignal/stillDuration`` (0.5 s), so "after" is read from when it was seen:
    /// a wearer who became still up to half a second before the movement began counts too.
    private var stillAtPeak = false
    /// The signal level the movement in progress settled at, and since when (see ``maxHold``).
    private var holdLevel = 0.0
    private var holdSince = 0.0
    /// For `lift` and the upper arm's and thigh's `tilt`: when the movement in progress first
    /// rose `levelStep` above its trough, twice that, and so on (``levelTimes`` of them filled), to
    /// time its descent from a level rather than from where it started
    /// (``descendedTooSlowly(_:)``), its rise (``wasRaisedAndHeld(_:)``) or when it came near its
    /// bottom (``heldAShallowBend(_:leftBottom:)``). Sized in `init`.
    private var levelTimes: [Double]
    private var levelsReached = 0
    private var lastT: Double?
    /// On the wrist: the path of the last seconds, to tell a bar carried along a line from a
    /// hanging hand swung on an arc (``SwingPath``), and where the last rep offered to the set ended.
    /// Empty elsewhere.
    private var path: SwingPath
    private var lastOfferedEnd = -Double.infinity
    /// Seconds between the last two samples with none lost between them: how late a sample
    /// may see a moment it reports (see ``passingThroughStanding``), and the spacing lost
    /// samples are bridged at (``lostSamplesSpacing``).
    private var sampleSpacing = 0.0
    /// On the chest (``integratesOverLostSamples``): the running mean, seconds, of the spacings
    /// that were neither bridged nor taken as a run of lost samples (``lostSampleSpacing``). A
    /// single lost sample's doubled spacing is in it too: with 1 % of samples lost that raises
    /// the mean by about 1 %, far inside the 1.5 × that tells a lost sample.
    private var meanSpacing = 0.0
    /// Whether a single lost sample's interval is integrated over (``lostSampleSpacing``):
    /// `lift` on the chest. Not on the head: there it made fast 3040, 3216, 3416 and 3528
    /// count every rep (and a sit-stand at the head, held-out 168, none) but fast 4120 lose
    /// one more (12 → 11 of 15). Not on the waist: there it made some 10–12.5 Hz sets
    /// count right (fast 3040 9 → 11 of 14) and others lose reps (held-out 2240 6 → 4 of 7,
    /// 1817 14 → 11 of 13, fast 5440 and 5401 9 → 8), for reasons not yet traced. Not in the
    /// hand, whose fast reps' turn is read where |a| crosses |g| on the line between samples
    /// 0.1 s apart, which at 10 Hz takes in
    /// the tilt of the rep's own acceleration (hand seed 7056, 75°, 10 Hz: a rep read 57.9°
    /// against 32.5° at 1 kHz), and may only pass the hand's limit by that tilt where it
    /// travelled a centimetre a degree (``turnIsAFastRepsTilt(_:limit:gravity:)``): with the
    /// lost sample at its set-off integrated over, its travel read 48.6 cm (37.8 at 1 kHz, 65.4
    /// held), the set ended there, and 13 of 13 counted 10. In the hand, integrated over, six
    /// fast sets counted closer (3040 9 of 14, 7016, 7025, 7265, 7280, 7376) and 7056 further.
    private let integratesOverLostSamples: Bool
    /// The acceleration of the last sample, m/s² (see ``bridgeLostSamples(after:to:)``).
    private var lastAcceleration = Vector3.zero
    /// Whether lost samples are bridged (``lostSamplesSpacing``): where the acceleration is
    /// integrated twice, so that the sample after a gap, held over it, becomes travel: `lift`,
    /// and on a free arm its height (``SquatSignal/height``; 40 simulated upper-arm sets at
    /// 10–50 Hz with ten times the usual dropouts: 9 miscounted, 6 bridged). A thigh, a shin
    /// and a wrist band only filter the sample, and the filters' output comes back to the
    /// samples within their time constants (bridged there too, 80 such thigh and calf sets
    /// counted about alike, and the wrist's pick-up one set more in ninety simulated minutes).
    private var bridgesLostSamples: Bool {
        if case .lift = thresholds.signal { return true }
        return signal.followsHeight
    }
    /// For `tilt`: the sensor's height (``SquatSignal/height``) when the movement in progress
    /// first rose to each level (see ``levelTimes``). Sized in `init`.
    private var levelHeights: [Double]
    /// For `tilt` on a free arm: the most |a| exceeded |g| (``SquatSignal/vertical``) while the
    /// movement in progress was going down (still near its peak) with each level the highest it
    /// had reached (see ``pushedUpWhileHeld(from:)``); the highest level's is `pushAtLevel`.
    /// Sized in `init`.
    private var levelPushes: [Double]
    private var pushAtLevel = -Double.infinity
    /// For `lift`: the cosine of the largest turn read so far (``SquatSignal/turnCosineSoFar``)
    /// when the movement in progress first rose to each level (see ``levelTimes``,
    /// ``travelledBeforeTurning(_:)``). Sized in `init`.
    private var levelTurnCosines: [Double]
    /// On the waist: the level the movement in progress had reached (``levelTimes``) when the
    /// wearer set off, |a| leaving |g| by more than ``RestTracker/accelerationTolerance``
    /// (``followSetOff(dt:)``), -1 until it has (see ``travelledBeforeTurning(_:)``).
    private var setOffLevel = -1
    /// On the waist: how long |a| has stayed within ``RestTracker/accelerationTolerance`` of
    /// |g| since it last left it during the movement in progress, seconds, and whether the
    /// wearer set off again after such a still moment (``followSetOff(dt:)``).
    private var stillInMovement = (seconds: 0.0, setOffAgain: false)
    /// For `tilt`: whether ``SquatSignal/height`` had settled when the movement in progress
    /// started.
    private var heightSettledAtStart = false
    /// The least turn, degrees, that makes an ascent a new movement (see `ascentTurnCosine`)
    /// when ``Thresholds/minDepth`` is smaller: a shin wobbles 5–10° and a thigh sways 10–15° as
    /// the knees settle during an ascent, and the posture the ascent came back to is where that
    /// wobble took it, not one a new movement starts from. 30°: twice the largest such wobble.
    static let leastNewMovementTurn = 30.0
    /// cos(max(``Thresholds/minDepth``, ``leastNewMovementTurn``)): an ascent whose sensor turns
    /// this far from the posture it came back to has become a new movement, as when the tilt
    /// itself rises by `minDepth` (``SquatStateMachine``), but measured as the angle between the
    /// two gravity directions.
    private let ascentTurnCosine: Double
    /// Whether the sensor rides a segment that swings about the knee on one arc (thigh, calf),
    /// so that its reps lean one way (``SquatSignal/leansAsLastRep()``). An upper arm swings
    /// freely and need not.
    private let followsHinge: Bool
    /// On a hinged segment: when the last rep offered to the set ended (+∞ once its set is over
    /// and its bottom forgotten, see ``SquatSignal/forgetRepBottom()``).
    private var hingeRepEnd = Double.infinity
    /// Whether a detector for `placement` with thresholds `t` has the gate space its counts
    /// (``Thresholds/minRepInterval``, 0.8 s) at the reps' bottoms rather than at their ends: for
    /// `lift` on the waist, chest and head (``gate``).
    ///
    /// A `lift` rep ends where the leaky estimate comes back to within ``Thresholds/returnFraction``
    /// of its depth, and where the estimate wanders (the hips' swing lengthens |a| most where the
    /// body falls, see `SquatSignal`'s `magnitudeFilter`) that crossing moves by a few tenths
    /// of a second while the bottom, where the travel turns, hardly moves. In a fast set without a
    /// pause at the top each rep starts straight out of the ascent before it: a rep whose end read
    /// 0.1–0.3 s late left the next one ending 0.5–0.8 s after it, under the gate's 0.8 s,
    /// though their bottoms lay 1.2–2.0 s apart (a rep period; the fastest squat takes 1.2 s),
    /// and the rep was dropped: 5 of the 14 fast waist sets miscounted on seeds 3001–3080
    /// lost one rep so, and head 3057. What the gate is there for, a bounce at the bottom read
    /// as two reps, puts the two bottoms about as close as the two ends. Not every jolt: the
    /// bottoms of two movements lie further apart than their ends by the first's time from its
    /// bottom to its end less the second's, so a short jolt right after a slow rep passes
    /// where, spaced at ends, it would not; the two ends are still ``Thresholds/minRepDuration``
    /// (0.4 s for `lift`) apart, and such a jolt must also be as deep as the set's reps
    /// (``SetConfirmation``). No corpus counts more for it.
    /// Fast sets at 1.2 s per rep (seeds 3001–3040, tuned on): waist 8 → 4 of 40 miscounted;
    /// seeds 3041–3080: waist 6 → 5, head 4 → 3. The tuning and held-out corpora (seeds 1–40,
    /// 97–136, 1101–1148 with their distractors) and the real recordings count as before.
    ///
    /// Not in the hand: the arms swing a controller down and up by themselves, with turning
    /// points of their own, and a walk's arm swing or a device turned over in the hand makes
    /// a pair of movements whose bottoms lie a stride apart but whose ends do not: spaced at
    /// bottoms, a simulated 5-minute walk counted 10 (seed 26, was 0) and two handling
    /// recordings 3 each (seeds 131 and 138), for one fast hand set more counted right (3057).
    static func spacesRepsAtBottoms(_ placement: Placement, _ t: Thresholds) -> Bool {
        switch placement {
        case .waist, .chest, .head: return t.signal == .lift
        case .hand, .thigh, .calf, .wrist, .upperArm: return false
        }
    }

    /// Whether a detector for `placement` with thresholds `t` has the gate space a rep that set
    /// off straight out of the last count's ascent at the two reps' bottoms, where the last count
    /// took about as long as the rep period their bottoms show
    /// (``RepGate/Spacing/endsOrChainedBottoms(tempo:)``, `tempo` the set's
    /// ``Thresholds/consistency``): `lift` in the hand, whose counts are otherwise spaced at
    /// their ends (``spacesRepsAtBottoms(_:_:)``).
    ///
    /// In a fast set without a pause at the top the controller's ascent runs into the next
    /// descent short of its return: the rep's end is read where the ascent turned, 0.2–0.4 s
    /// after the true end, and the next rep, starting there, ends 0.43–0.66 s later, under the
    /// gate's 0.8 s, though the two bottoms lie a rep period (1.1–1.3 s) apart. The later rep was
    /// dropped: simulated fast hand sets at 25 Hz–1 kHz, seeds 4050 (9 of 10), 4065 (10 of 12),
    /// hoC's 207 (14 of 15) and fastB's 3057 (12.5 Hz, 4 of 5), where the waist, head and chest,
    /// spaced at bottoms, counted them. In those the last count (from its start to the turn) took
    /// 1.29–1.59 s, and the bottoms came 0.71–0.93 of that apart. A walk's arm swing or a device
    /// turned in the hand chains movements too: with every chained rep spaced at bottoms, a
    /// 5-minute walk with a controller counted 10 (hoB seed 26, was 0) and three others 3–14
    /// more (hoC 35, hoD 46, hoE 70); their chained movements followed a slow creep of the
    /// estimate read as a 2.8–5.0 s "rep", and their bottoms came 0.23–0.36 of it after its
    /// bottom (with 0.3 as the bar, three of those walks still counted 3–8 more, none with 0.45;
    /// with 0.75, 4050 and 3057 were dropped again). A set is done at one tempo
    /// (``SetConfirmation``'s depths and durations are alike within the set's consistency, 0.6):
    /// a rep whose bottom comes less than 0.6 of the last rep's duration after the last bottom
    /// is out of its rhythm, and the ends judge it as before.
    static func spacesChainedRepsAtBottoms(_ placement: Placement, _ t: Thresholds) -> Bool {
        placement == .hand && t.signal == .lift
    }
    /// On a hinged segment: the largest ||a| − |g|| of the low-passed acceleration during the
    /// movement in progress, m/s², and its largest signal (see ``turnedByHandJolt``).
    private var movementJolt = 0.0
    private var movementPeak = -Double.infinity
    /// On a hinged segment: the signal's excursion out of standing (above half a
    /// ``Thresholds/startLevel``) in progress, or the last one while the signal is back at
    /// standing: when it left standing and its greatest tilt; and the excursion before it, with
    /// when it came back (see ``passingThroughStanding``).
    private var excursion = (start: -Double.infinity, depth: 0.0)
    private var lastExcursion = (start: -Double.infinity, end: -Double.infinity, depth: 0.0)
    private var atStanding = true
    /// On a hinged segment: the stand in progress or the last one (see ``longestStandInSet``):
    /// when the tilt came back within half a ``Thresholds/startLevel`` of standing from a
    /// movement (an excursion of a start level or more: a shallower sway leaves the wearer
    /// standing), how fast it was falling then (degrees a second), and its lowest since;
    /// `entered` is +∞ once that stand has ended the set, and until the first return after a gap.
    private var upright = (entered: Double.infinity, speed: 0.0, lowest: 0.0)
    /// On a hinged segment: the tilt at the previous sample, for its speed where it crosses
    /// the edge of standing (``followExcursions(_:t:dt:)``).
    private var previousTilt = 0.0
    /// On the calf: how long the wearer stood before the movement in progress set off, seconds
    /// (``standingBetween(_:and:)``; 0 where it set off without standing first, or once a
    /// candidate was judged), for ``resumedUnlikeTheSet(_:)``.
    private var stoodBeforeMovement = 0.0
    /// On a hinged segment: the most the low-passed |a| may leave |g|, as a fraction of |g|,
    /// during a movement too short to be a rep (under ``Thresholds/minRepDuration``) that
    /// turned the sensor twice ``Thresholds/startLevel`` or more, for that movement to have been
    /// a real turn of the sensor rather than an impact's trace, and so to end the set. Twice a
    /// start level (6° on the calf): a shin sways by about a start level as the wearer shifts
    /// weight or sets off into a rep (the quick, quiet movements in the real calf sets here
    /// turn it 5.5° at most, in the simulated ones 4.4°), while a band turned by hand turns
    /// 5–20° (median 8°), deep enough for a rep or not.
    ///
    /// Such short movements come two ways. An impact (a heel set down at the top of a rep, the
    /// sensor knocked) is acceleration, not a turn, but the low-pass spreads its brief sideways
    /// push into a 10–15° bump of the tilt lasting 0.3–0.7 s, and says nothing about what the
    /// wearer does: the real calf sets here make 48 of them, at the top of a rep, each taking
    /// |a| 0.08 g or more off |g|. A band turned or adjusted on the shin by hand turns the sensor
    /// itself, back and forth, and |a| changes only as much as a miscalibrated sensor's reading
    /// does when it turns (scale errors of 1–2 % per axis) and the running |g| lags (the
    /// simulated handling's quick turns: 0.03 g median, none above 0.09 g). A knee takes the
    /// shin through a rep's depth in no less than ``Thresholds/minRepDuration`` in all but the
    /// fastest half squats, which the gate drops anyway (and which now end the set too; the
    /// simulated 1.2–1.5 s sets count no fewer for it). A quick, quiet turn is therefore the
    /// sensor handled: the set ends, so that the hand's slower turns before and after it do not
    /// pair up into one. 0.05 g: between the two, nearer the turns than the least impact
    /// (0.084 g), so that a lighter impact still reads as one.
    static let turnedByHandJolt = 0.05

    public init(profile: SquatProfile) {
        self.profile = profile
        let t = profile.thresholds
        self.thresholds = t
        let atDefault = SquatProfile(placement: profile.placement, overrides: profile.overrides).thresholds
        profileMinDepth = atDefault.minDepth
        profileStartLevel = atDefault.startLevel
        signal = SquatSignal(kind: t.signal, lowPassHz: t.lowPassHz, followsHeight: SquatDetector.canBeRaisedAndHeld(profile.placement),
                             turnFromHeldMoments: profile.placement == .waist)
        machine = SquatStateMachine(thresholds: t, followsRepPeriod: SquatDetector.canBeRaisedAndHeld(profile.placement))
        gait = GaitDetector(followsArm: SquatDetector.canBeRaisedAndHeld(profile.placement), footfallsEven: t.signal == .lift)
        switch profile.placement {
        case .thigh, .calf: followsHinge = t.signal == .tilt
        case .waist, .wrist, .upperArm, .head, .chest, .hand: followsHinge = false
        }
        heldLevelIsPosture = SquatDetector.heldLevelIsPosture(profile.placement)
        judgesHeldBends = profile.placement == .thigh && t.signal == .tilt
        judgesResumedDepth = profile.placement == .calf && t.signal == .tilt
        judgesTurningTravel = profile.placement == .waist && t.signal == .lift
        judgesTiltAxis = (profile.placement == .chest || profile.placement == .waist) && t.signal == .lift
        excusesAccelerationTilt = profile.placement == .hand && t.signal == .lift
        integratesOverLostSamples = profile.placement == .chest && t.signal == .lift
        timesRestOutsideItsMovements = profile.placement == .hand && t.signal == .lift
        filterSettling = 4 / (2 * .pi * t.lowPassHz)
        filterDelay = 2 / (2 * .pi * t.lowPassHz)
        // A turn without travel between two rests is a stoop where the sensor leans with the
        // trunk or is held; not on the head, which turns in place wherever the eyes look (its
        // turn limit bounds only a rep's turn).
        let turnsInPlace: Bool
        switch profile.placement {
        case .waist, .chest, .hand: turnsInPlace = t.signal == .lift
        case .head, .thigh, .calf, .wrist, .upperArm: turnsInPlace = false
        }
        rests = RestTracker(seatedAfter: SquatDetector.maxHold, uprightSeatLean: Self.uprightSeatLean(profile.placement),
                            leastTravelPerDegree: turnsInPlace ? SquatDetector.leastTravelPerDegree : 0)
        ascentTurnCosine = cos(min(max(t.minDepth, SquatDetector.leastNewMovementTurn), 180) * .pi / 180)
        gate = RepGate(minRepDuration: t.minRepDuration, minRepInterval: t.minRepInterval,
                       spacing: signal.followsHeight ? .endsOrBottoms
                           : SquatDetector.spacesRepsAtBottoms(profile.placement, t) ? .bottoms
                           : SquatDetector.spacesChainedRepsAtBottoms(profile.placement, t) ? .endsOrChainedBottoms(tempo: t.consistency)
                           : .ends)
        path = SwingPath(capacity: profile.placement == .wrist && t.signal == .bounce ? SwingPath.capacity : 0)
        levelTimes = Array(repeating: 0, count: SquatDetector.levelCount)
        levelHeights = Array(repeating: 0, count: SquatDetector.levelCount)
        levelPushes = Array(repeating: -.infinity, count: SquatDetector.levelCount)
        levelTurnCosines = Array(repeating: 1, count: SquatDetector.levelCount)
        confirmation = SetConfirmation(confirmReps: t.confirmReps, consistency: t.consistency, setGap: t.setGap,
                                       measure: SquatDetector.depthMeasure(t),
                                       leastTravelPerDegree: t.signal == .lift ? SquatDetector.leastTravelPerDegree : 0,
                                       leastSetTravelPerDegree: t.signal == .lift ? SquatDetector.leastSetTravelPerDegree : 0)
    }

    /// How the set check compares the depths of reps (``SetConfirmation/DepthMeasure``): for
    /// `lift`, the estimate is at rest within a start level of 0.
    static func depthMeasure(_ t: Thresholds) -> SetConfirmation.DepthMeasure {
        switch t.signal {
        case .tilt: return .peak
        case .lift: return .travel(restBand: t.startLevel)
        case .bounce: return .prominence
        }
    }

    /// Reps already confirmed that later calls to ``step(_:)`` will return.
    public var backlog: Int { confirmation.backlog }

    /// Whether this detector can be replaced now without losing a rep: no movement in
    /// progress, no confirmed rep waiting to be handed out, and no set open that a rep starting
    /// now could join (``SetConfirmation/isOpen(at:)``: within ``Thresholds/setGap`` of the
    /// last rep). A new detector knows nothing of the set before it, so replaced in the middle
    /// of one it dropped the reps still waiting for the third alike, and the set's last one or
    /// two when they no longer made three: a service applying a new sensitivity waits for this.
    ///
    /// And the wearer holds still (``SquatSignal/isStill``, 0.5 s): a set's first rep sets off
    /// 0.05–0.65 s before the state machine calls it a movement (the filters' lag, longest on
    /// `lift` and `bounce`), and a detector replaced there began in the middle of a descent
    /// and lost the set's first reps or all of it (a review's probe, a reload every 0.2 s through
    /// 128 simulated sets of 8 placements: 141 of 8,896 reload times lost reps, all in a first
    /// rep's onset; 25 with this, each at an onset, before stillness can tell, or in the
    /// stream's first second, when a detector that starts later learns less before the set).
    public var isBetweenSets: Bool {
        !probe.phase.isMovement && signal.isStill && confirmation.backlog == 0 && !confirmation.isOpen(at: probe.t)
    }

    /// Tells the detector samples were lost: it restarts its filters and abandons the movement
    /// in progress rather than reading the jump as motion. What it learned about the sensor
    /// (|g|, the standing orientation) and the set in progress are kept: a burst of lost
    /// samples does not end a set (a long pause between reps does, see ``Thresholds/setGap``).
    public mutating func markGap() {
        // A stand longer than a breath that a gap cuts short still ended the set: the check is
        // made as the wearer sets off, which the gap hides.
        if followsHinge, atStanding, upright.entered.isFinite, let last = lastT,
           standingBetween(upright, and: (last, .infinity)) > SquatDetector.longestStandInSet {
            confirmation.reset()
        }
        signal.reset()
        machine.reset()
        gait.reset()
        rests.reset()
        path.reset()
        excursion = (-.infinity, 0)
        lastExcursion = (-.infinity, -.infinity, 0)
        stoodBeforeMovement = 0
        atStanding = true
        upright.entered = .infinity
        lastAscent = (-.infinity, 0)
        lastT = nil
    }

    /// Feeds one sample; returns a rep when one is counted. Samples whose time does not advance
    /// are ignored (readers report them as errors; a live sensor may repeat a timestamp).
    public mutating func step(_ s: Sample) -> Rep? {
        guard Self.isMeasurement(s) else { return nil }
        var dt = 0.0
        if let last = lastT {
            guard s.t > last else { return nil }
            dt = s.t - last
            if dt > SquatDetector.maxSampleGap {
                markGap()
                dt = 0
            } else if dt > SquatDetector.shortestBridgedGap, sampleSpacing > 0,
                      dt > SquatDetector.lostSamplesSpacing * sampleSpacing {
                if bridgesLostSamples {
                    dt = bridgeLostSamples(after: last, to: s)
                } else {
                    lostRunEnd = s.t
                    sampleSpacing = dt
                }
            } else {
                if integratesOverLostSamples {
                    // Cheapest first: the rate, then the gap, then |a| either side of it.
                    signal.integratesOverLostSample = meanSpacing >= SquatDetector.slowStreamSpacing
                        && dt > SquatDetector.lostSampleSpacing * meanSpacing
                        && abs(s.acceleration.length - lastAcceleration.length) >= SquatDetector.lostSampleJump
                    meanSpacing = meanSpacing == 0 ? dt : meanSpacing + (dt - meanSpacing) * SquatDetector.meanSpacingWeight
                }
                sampleSpacing = dt
            }
        }
        lastT = s.t
        lastAcceleration = s.acceleration
        advance(s, dt: dt)
        return nextRep(detectedAt: s.t)
    }

    /// Feeds the samples lost between the last one, at `last`, and `s`, a straight line between
    /// the two at the spacing the stream kept before (see ``lostSamplesSpacing``), and returns
    /// the seconds from the last of them to `s`.
    private mutating func bridgeLostSamples(after last: Double, to s: Sample) -> Double {
        // No finer than 1 kHz, the fastest stream squatd is made for: two samples a microsecond
        // apart before a gap must not make a million bridging steps of it.
        let n = min(max(Int(((s.t - last) / max(sampleSpacing, 0.001)).rounded()), 1), Int(SquatDetector.maxSampleGap / 0.001))
        let dt = (s.t - last) / Double(n)
        let brake = hidesABottom(s.t - last) ? brakeOverRun(of: n, dt: dt, to: s) : 0
        for k in 1..<n {
            let a = SquatDetector.bridged(from: lastAcceleration, to: s.acceleration, at: Double(k) / Double(n), brake: brake)
            advance(Sample(t: last + Double(k) * dt, x: a.x, y: a.y, z: a.z), dt: dt)
        }
        return dt
    }

    /// The acceleration `f` of the way through a run of lost samples from `from` to `to`: on the
    /// straight line between them, lengthened by a half-sine hump `brake` m/s² high (see
    /// ``brakeOverRun(of:dt:to:)``). One reading for the bridge and for its trials.
    static func bridged(from: Vector3, to: Vector3, at f: Double, brake: Double) -> Vector3 {
        let a = from + (to - from) * f, length = a.length
        return brake == 0 || length == 0 ? a : a * (1 + brake * sin(.pi * f) / length)
    }

    /// Whether a run of lost samples `run` seconds long may hide a rep's bottom whole, for
    /// ``brakeOverRun(of:dt:to:)``: `lift`, within a confirmed set, whose reps say that the
    /// movement the run hides is a squat, and a run longer than half a rep, the quickest or
    /// the set's (``runHidingABottom``).
    @inline(__always)
    private func hidesABottom(_ run: Double) -> Bool {
        guard case .lift = thresholds.signal, let tempo = confirmation.setRepDuration else { return false }
        return run > max(SquatDetector.runHidingABottom, tempo / 2)
    }

    /// The height, m/s², of a half-sine hump of |a| over a run of lost samples (`n` spacings of
    /// `dt` up to `s`) that hides a rep's bottom (``hidesABottom(_:)``), so that the travel
    /// comes out of the run rising as fast as it went into it falling: a squat comes back up
    /// out of its bottom as it went down into it (a minimum-jerk or sinusoidal rep is symmetric
    /// about its bottom). 0 where the travel went into the run rising or at rest, or where the
    /// straight line alone brings it out rising faster. The velocity is linear in the hump's
    /// height, so two trial bridges on a copy of the signal give it; once per such run, never
    /// per sample. See ``runHidingABottom`` for the figures.
    private func brakeOverRun(of n: Int, dt: Double, to s: Sample) -> Double {
        func velocityAfter(brake: Double) -> Double {
            var trial = signal
            for k in 1..<n {
                let a = SquatDetector.bridged(from: lastAcceleration, to: s.acceleration, at: Double(k) / Double(n), brake: brake)
                _ = trial.step(a, dt: dt, phase: machine.phase)
            }
            _ = trial.step(s.acceleration, dt: dt, phase: machine.phase)
            return trial.velocity
        }
        let line = velocityAfter(brake: 0)
        let target = max(-signal.velocity, 0)
        guard line < target else { return 0 }
        let perUnit = velocityAfter(brake: 1) - line
        return perUnit > 0 ? (target - line) / perUnit : 0
    }

    /// The pipeline for one sample `dt` seconds after the one before (0 after a gap).
    @inline(__always)
    private mutating func advance(_ s: Sample, dt: Double) {
        let wasMoving = machine.isMoving
        let wasAscending: Bool
        if case .ascending = machine.phase { wasAscending = true } else { wasAscending = false }
        let movementStart = machine.movementStart, movementTrough = machine.descentTrough, movementBottom = machine.bottomSignal
        // Before the machine steps: a movement that turns into a new descent at this sample
        // starts its bottom here (see `heldAShallowBend`).
        let leftBottom = machine.leftBottom
        path.add(t: s.t, s.acceleration)
        var value = signal.step(s.acceleration, dt: dt, phase: machine.phase)
        let wasWalking = gait.isWalking
        // On a free arm the steps are read with the arm's tilt: a quick squat set's arm swings
        // between its jolts as no walking arm does (`GaitDetector.swungAsARep`).
        gait.step(vertical: signal.magnitudeVertical, t: s.t, armTilt: value)
        // A walk ends the set: a first stride, over before the third step showed the walk, must
        // not pair up with the first stride of the next walk.
        if gait.isWalking && !wasWalking { confirmation.reset() }
        walkedDuringMovement = gait.isWalking || (wasMoving && walkedDuringMovement)
        let candidate: SquatStateMachine.Candidate?
        // Whether the standing reference moved at this sample.
        var rereferenced = false
        if case .tilt = thresholds.signal, signal.hasTurnedFromReturn(beyondCosine: ascentTurnCosine) {
            // Turned a whole rep's depth away from where the ascent came back to: a new movement
            // started from that posture, whatever the tilt from the reference says.
            value = signal.rereferenceToReturn()
            rereferenced = true
            candidate = machine.descendAgain(t: s.t, signal: value, trough: 0)
        } else if signal.followsHeight, signal.leftCameBack(beyondCosine: ascentTurnCosine),
                  signal.cameBackTilt > halfARep,
                  !readsTheFiltersLagAsAPosture {
            // A free arm turned a whole rep's depth away from the posture it came back to after
            // the last rep, a posture the tilt reads as half a rep from standing (and not the
            // low-pass lagging a quick set): the reference is not where the arm rests between
            // reps, and the reps read from it are short of the arm's swing. The new movement
            // started from that posture, as does every rep after it.
            value = signal.rereferenceToCameBack()
            rereferenced = true
            candidate = machine.descendFromZero(t: s.t, signal: value)
        } else {
            machine.zeroIsHeldStanding = signal.restHeldStill
            if machine.asksForQuietReturn(signal: value) { machine.quietReturnTilt = signal.quietReturnTilt }
            var stepped = machine.step(t: s.t, signal: value)
            if stepped == nil, case .bounce = thresholds.signal { stepped = stoppedAtTheTop(value, t: s.t) }
            candidate = stepped
            // The probe still holds the last sample's signal and, while standing, its start
            // level, which a rising sample leaves as it was.
            if dt > 0, !wasMoving, machine.isMoving {
                descentCrossing = (s.t, SquatDetector.crossing(of: probe.startLevel, from: probe.signal, to: value, endingAt: s.t, dt: dt, reach: crossingReach(at: s.t, dt: dt)))
            } else if dt > 0, wasMoving, let c = candidate, case .standing = machine.phase {
                returnCrossing = (s.t, SquatDetector.crossing(of: c.peak - thresholds.returnFraction * c.prominence,
                                                               from: probe.signal, to: value, endingAt: s.t, dt: dt, reach: crossingReach(at: s.t, dt: dt)))
            }
        }
        if signal.followsHeight, case .ascending = machine.phase, !wasAscending, machine.bottomSignal >= thresholds.minDepth {
            signal.noteRepBottom()
        }
        if case .bounce = thresholds.signal {
            followRestAfterBottom(value, dt: dt)
            followStillness(dt: dt)
        }
        if let c = candidate, !walkedDuringMovement {
            judge(c, wasMoving: wasMoving, rereferenced: rereferenced, leftBottom: leftBottom, t: s.t)
        }
        // A movement chained straight out of the last one (its ascent turned into a new descent)
        // was walked during only if the walk goes on: the walk that kept the last one from
        // counting must not keep every rep of a set that never stands still from counting too
        // (fast seed 3010 at the waist: 5 of 10 counted, then 9; two more fast sets closer on
        // nine fast corpora, nothing else on any corpus counts otherwise, November 2026; 10
        // since its brake and push are no walk, `GaitDetector.takesAnEvenStep`).
        if machine.isMoving, machine.movementStart != movementStart { walkedDuringMovement = gait.isWalking }
        if case .lift = thresholds.signal, wasMoving, !machine.isMoving {
            completedTurn = signal.greatestTurn
            if judgesTiltAxis { completedAxis = signal.turnAxis }
        }
        if case .lift = thresholds.signal, machine.isMoving, machine.movementStart != movementStart || !wasMoving {
            startedLowered = !wasMoving && rests.isAtLoweredRest(at: s.t)
        }
        if case .bounce = thresholds.signal {
            // After the candidate is judged: on the sample a movement turns straight into a new
            // descent, the new movement's peak is this sample.
            if machine.isMoving, machine.bottomTime == s.t {
                stillAtPeak = signal.isStill && stillFor < s.t - machine.movementStart
            }
            if candidate != nil || !machine.isMoving || machine.movementStart != movementStart { restAfterBottom = (0, false) }
        }
        if followsHinge {
            followQuickTurn(value, t: s.t, wasMoving: wasMoving, start: movementStart, trough: movementTrough)
            followExcursions(value, t: s.t, dt: dt)
        }
        if s.t - hingeRepEnd > thresholds.setGap {
            // The set is over: the next set's first rep has no rep before it to lean like.
            signal.forgetRepBottom()
            hingeRepEnd = .infinity
        }
        switch thresholds.signal {
        case .lift:
            followLevels(value, t: s.t, dt: dt, newMovement: candidate != nil)
            if machine.movementStart != movementStart || !wasMoving { bottomPause.reset() }
            if machine.isMoving {
                bottomPause.step(vertical: signal.vertical, gravity: signal.gravity, quiet: signal.quasiStaticFor)
            }
        case .tilt where signal.followsHeight:
            let newMovement = machine.movementStart != movementStart
            followLevels(value, t: s.t, dt: dt, newMovement: newMovement)
            if newMovement { heightSettledAtStart = signal.heightSettled }
            if case .descending = machine.phase { pushAtLevel = max(pushAtLevel, signal.vertical) }
        case .tilt where judgesHeldBends:
            followLevels(value, t: s.t, dt: dt, newMovement: machine.movementStart != movementStart)
        case .tilt, .bounce: break
        }
        if !machine.isMoving || abs(value - holdLevel) > thresholds.startLevel / 2 {
            holdLevel = value
            holdSince = s.t
        } else if heldLevelIsPosture, s.t - holdSince > SquatDetector.maxHold, !holdIsTheMovementsHump {
            machine.abandon(t: s.t, signal: value)
        }
        switch thresholds.signal {
        case .lift, .bounce: followRests(s.t, dt: dt, signal: value)
        case .tilt: break
        }
        if !wasMoving, machine.phase == .descending, machine.descentTrough > halfARep,
           !(signal.followsHeight && readsTheFiltersLagAsAPosture), let v = signal.rereferenceToLowest() {
            machine.rebase(trough: 0, signal: v)
            value = v
            rereferenced = true
        }
        if signal.followsHeight {
            followQuietTurn(t: s.t, wasMoving: wasMoving, start: movementStart, bottom: movementBottom,
                            rereferenced: rereferenced, signal: value)
        }
        if rereferenced, signal.followsHeight, let depth = signal.lastRepBottomTilt {
            // The set's reps were read from the old reference: its depth is now the last rep's
            // bottom read from the new one, so that the reps after it are compared in one frame.
            // (The last movement that read a rep's depth, whether or not it was offered to the
            // set: one the gate or the walk check dropped is as deep as a rep, which is what
            // the set's depth needs.)
            confirmation.remeasure(lastDepth: depth)
        }
        probe = Probe(t: s.t, signal: value, startLevel: machine.startLevel,
                      depthLevel: machine.depthLevel, phase: machine.phase)
    }

    /// Judges a movement the state machine completed, `candidate` at `t`: ends the set on what
    /// is no squat, or offers it to the set if the gate lets it count.
    ///
    /// Kept out of line: it runs once a movement, and inlined into `advance`, which runs every
    /// sample, it made that path dearer (session 21's merges: the wrist +47 instructions a
    /// sample, `Benchmarks/detector-instructions`, for no change of its own).
    @inline(never)
    private mutating func judge(_ candidate: SquatStateMachine.Candidate, wasMoving: Bool, rereferenced: Bool,
                                leftBottom: Double, t: Double) {
        var c = candidate
        switch thresholds.signal {
        case .tilt: c.turn = c.peak
        // A `lift` movement that completed too shallow and showed its depth in its fall
        // since (`SquatStateMachine.settleShallow`) turned as far as it had when it completed.
        case .lift, .bounce: c.turn = wasMoving ? signal.greatestTurn : completedTurn
        }
        // The rise of a movement that turned into the next descent short of its return is a
        // reading of its depth only where it paused at its bottom (`BottomPause`).
        if case .lift = thresholds.signal, !bottomPause.paused { c.rise = -.infinity }
        // A movement that turned the sensor further than a squat can (a stoop, a phone
        // turned over, an arm raised overhead), or that lifted it and held it there (an arm
        // raised to point or wave), or that travelled too little for its turn once the
        // estimate's creep at rest is left out (a stoop), or that set off down from a lowered
        // rest (leaning forward to stand up from a seat), or that leaned a shin or thigh out one
        // way and back another (a band turned by hand), or that held a thigh's shallow bend at
        // its bottom (a stoop), or that swung a wrist band on an arc (a hanging arm carried
        // by a trunk bending over), is something else, and it ends the set.
        // Both asked of every candidate, before the chain below stops at its first answer:
        // the first follows the free hand from movement to movement, and the second's fit
        // closes the path's bin in progress, which moves the bins after it.
        let leftTheBar = handLeftTheBar(c), swung = swungOnAnArc(c)
        let closedLoop = !wasMoving || rereferenced
        if turnedTooFar(c) || wasRaisedAndHeld(c) || satDown() || crept(c) || startedLowered
            || leanedInALoop(c, closed: closedLoop) || heldAShallowBend(c, leftBottom: leftBottom) || leftTheBar || swung {
            confirmation.reset()
        } else if !descendedTooSlowly(c) || keepsTheSetsTempo(c), !cameBackToRest(c), !isShallowStrayInSet(c), !roseFromAboveRest(c, t: t),
                  gate.admit(start: repBegan(c), end: repEnded(c), bottom: c.bottom, shortest: shortestRep) {
            if followsHinge {
                // Leaning another way than the rep before, or, while three alike reps are
                // still to start a set, going down another way, is no rep of the same set.
                let retrace = signal.retraceDistance(closed: closedLoop, depth: c.peak)
                if !signal.leansAsLastRep() || (retrace > SquatDetector.widestRetrace && !confirmation.followsASet(c))
                    || resumedUnlikeTheSet(c) {
                    confirmation.reset()
                }
                hingeRepEnd = c.end
            }
            c.leadsOnly = !confirmation.isInConfirmedSet && repEnded(c) - repBegan(c) < thresholds.minRepDuration
            // Judged only of a movement that would be offered: one that is not a rep anyway
            // (too short, too slow down, a stray) leaves the set as it was.
            if travelledBeforeTurning(c) {
                confirmation.reset()
            } else {
                if judgesTiltAxis {
                    let axis = wasMoving ? signal.turnAxis : completedAxis
                    if tiltedAboutAnotherAxis(c, axis: axis) { confirmation.reset() }
                    offeredTilt = (axis, c.turn)
                }
                confirmation.offer(c)
            }
            lastOfferedEnd = repEnded(c)
        }
        stoodBeforeMovement = 0
    }

    /// For `bounce`, once a level has been held for ``maxHold``: whether what is held is the
    /// movement's own hump rather than a rest after it. The movement reached its peak after the
    /// hold began (the whole hump lies within half a ``Thresholds/startLevel`` of the level
    /// held), and that peak lies more than half a start level above the level the signal rests
    /// at (``SquatSignal/restLevel``): the body accelerated upwards, braking a descent, and the
    /// band never saw it stop. A seat is a hump the band sees end: sitting down brakes harder
    /// than half a start level (0.1 m/s²), and the hold begins on the way down from its peak,
    /// at rest.
    ///
    /// A slow, shallow squat paused at the bottom brakes, rests and pushes within that band: a
    /// 6 s, 60° set paused 1 s at the bottom and 2 s at the top (simulated wrist seed 35, 50 Hz)
    /// held 0.10–0.11 m/s² for 3 s, from before its braking peak (0.17–0.20 above rest) through
    /// the pause (0.02) and the push (0.13); three of its twelve reps were abandoned as seats, the
    /// gaps they left (14 s, longer than ``Thresholds/setGap``) ended the set twice, and it
    /// counted 4 (reps 5–8). Now 12.
    ///
    /// What the peak's height keeps out: a movement that starts as the signal comes back up to
    /// rest from a dip (the slowing at the top of a rep, a stoop's) and rests there holds its
    /// peak too, at rest. Abandoned, the next movement starts afresh; kept open, the next rep's
    /// set-off dip fell short of completing it and its braking became its new peak, so the rep
    /// was timed from the rest 4–6 s before it began (4 of the 26 simulated sets with such
    /// holds; a fifth counted a rep more). Peaks within a hold, above rest (measured, November 2026, on the wrist's
    /// squat sets and distractors of the tuning corpus, the five held-out and the two fast ones,
    /// and 200 more simulated slow sets): squat bottoms 0.13–0.24 m/s² (16 holds in 8 sets); a
    /// squat set's rest after a rep 0.05 at most (38); picking up 0.07 (1,424), sitting down and
    /// standing up 0.07 (389); handling 0.15 (45, a few over 0.1, whose movements count no
    /// differently kept open). Seats seen to end: all 22 sit-down holds whose peak came before.
    private var holdIsTheMovementsHump: Bool {
        guard case .bounce = thresholds.signal else { return false }
        return machine.bottomTime >= holdSince && machine.bottomSignal - signal.restLevel > thresholds.startLevel / 2
    }

    /// For `lift` and `bounce`: while the wearer sits (``RestTracker/isSeated``: came to rest a
    /// rep's depth lower than before and stayed there for ``maxHold``) no movement is a rep: each
    /// is abandoned as for a held level until the wearer has stood up, and the set ends when the
    /// wearer sits down. Otherwise the sit-down, the stand-up (on the chest a dip first, as the
    /// trunk leans forward to rise) and the leaky estimate's creep between them, each
    /// rep-shaped, pair up into sets. A squat rests at most 2–3 s at the bottom and then rises;
    /// the rests between reps are where the wearer stands.
    private mutating func followRests(_ t: Double, dt: Double, signal value: Double) {
        let wasSeated = rests.isSeated
        rests.step(signal.filtered, vertical: signal.vertical, gravity: signal.gravity, t: t, dt: dt)
        if case .lift = thresholds.signal { followRestCreep(value, t: t) }
        // Turned from one rest to the next with too little travel for a squat: bent over (or
        // straightened up), or a device turned in the hand and put down. It ends the set.
        if rests.turnedInPlace { confirmation.reset() }
        // At rest longer than a breath between reps, and a slow rep's ends: the set is over.
        // (On the wrist, its stillness: see `longestRestInSet`.)
        // In the hand followed at every sample, resting or not: a movement that sets off in the
        // rest's first second, before it is a rest, is no part of it either.
        let rested = timesRestOutsideItsMovements ? followRestOutsideItsMovements(t, dt: dt) : t - rests.anchoredAt
        if case .lift = thresholds.signal, rests.resting, rested > SquatDetector.longestRestInSet {
            if !restEndedSet { confirmation.reset() }
            restEndedSet = true
        } else {
            restEndedSet = false
        }
        guard rests.isSeated else { return }
        machine.abandon(t: t, signal: value)
        if !wasSeated { confirmation.reset() }
    }

    /// For `lift` and `bounce` (waist, head, chest, hand, wrist): the longest, seconds, the
    /// sensor may rest (``RestTracker``: |a| steady at |g|, its direction within 3.4°) between
    /// two reps of a set; a longer rest ends it, as standing does on a hinged segment
    /// (``longestStandInSet``). A squatter stands for a breath at the top, 0–2 s in the simulated
    /// sets; but a rep whose acceleration stays under the rest's 0.03 g (a 40 cm squat at 6 s
    /// per rep peaks at 0.026 g) is at rest wherever the sensor turns little, so the slow ends of
    /// a 5–6 s rep add to that breath: the simulated sets rest up to 4.3 s on the head and 4.7 s
    /// in the hand between reps, 3.6 s at the wrist. Bending down to pick something up every few
    /// seconds, the wearer stands 2–7 s between bends, which moved a wrist band, earbuds or a
    /// controller as a squat would and paired up into sets. 5 s: the slowest set's rest with a
    /// margin; half the stands between bends are longer (simulated: pick-up on the head 4.0 →
    /// 2.9, in the hand 3.6 → 2.8, at the wrist 3.1 → 2.7 a minute). The wrist also ends a set
    /// after 3 s still (``longestStillInSet``: within 0.02 g of the mean, seen after 0.5 s),
    /// which its slow sets pass; on the head and in the hand they read as still for up to
    /// 3.7 s, and 3 s there lost a set. What it costs: a set resumed after a longer rest counts
    /// again only once three alike reps follow.
    ///
    /// Not on the wrist (`bounce`), whose sets end at its own stillness (``longestStillInSet``)
    /// alone. The rest's tolerances are a trunk's: a squat turns the trunk 20–45°, the pelvis
    /// 12–27°, far beyond 3.4°. Hands on a bar turn the band by about a third of the trunk's
    /// lean (the elbows drop back as it leans): 4–10° in a 60° squat, most of it in the middle
    /// of the descent, and a slow shallow squat's |a| stays within the rest's 0.03 g
    /// throughout. So the rest ran from the slow end of one rep through the pause at the top
    /// into half the next descent, 5 s and more, though the stillness test (2 % of |g| off
    /// its 0.7 s mean) saw the band move within each rep and was still for at most 2.2–2.5 s
    /// of it. A wearer who stands still is still by that test too, and longer than 3 s ends
    /// the set there. Squat sets miscounted at the wrist, before → after (closer): seeds
    /// 4101–4220 3 → 1, 4401–4480 (6 s a rep) 9 → 7 (3 closer), hoC 1 → 0 (240: 4 → 9 of 9),
    /// hoD 1 (440: 7 → 10 of 14); none counts worse, and no distractor at the wrist counts
    /// otherwise (simc, hoA–hoE, farm's normU, seeds 420–479: 690 of 5 minutes), nor the real
    /// recordings. Without either rule no simulated distractor at the wrist counted more
    /// either (November 2026): the swing of a hanging arm (``swungOnAnArc(_:)``) keeps its
    /// pick-ups out, for which both were made.
    static let longestRestInSet = 5.0

    /// In the hand (``timesRestOutsideItsMovements``): how long, seconds, the sensor has rested
    /// (``RestTracker``) at `t`, `dt` after the last sample, as ``longestRestInSet`` reads it
    /// there, where a movement that set off while the sensor rested is no part of the rest
    /// (``restOutsideItsMovements``): a controller carried by the trunk and arms neither turns nor
    /// accelerates much in a slow shallow squat (the arms keep it level while the trunk leans,
    /// ``Thresholds/handMaxTurn``), and a sinusoidal rep of travel D and period T accelerates at
    /// most (D/2)(2π/T)², 0.08 m/s² for 15 cm at 6 s, under the rest's 0.03 g (0.29 m/s²), so
    /// the rest ran from the breath at the top through the next descent and past 5 s, and ended
    /// the set mid-set. The estimate sets off on its own during a rest only where it creeps
    /// (``restCreep``), and that creep is the tail of the movement before, already under way
    /// when the rest settled: the movement then began before it and the rest counts whole.
    /// The rests that passed 5 s in simulated hand squat sets (18 in 8 sets: seeds 1–40,
    /// hoA–hoE, fast A–B, 4000–4599, November 2026) spent 3.3–5.1 s of those 5 s in a
    /// movement, and 11 of them had settled before it set off (standing or rising); of the 810
    /// that passed 5 s while the hand bent to pick something up (distractor seeds 1–6, hoA–hoE,
    /// 400–429), 808 were in a movement begun before they settled. Squat sets closer in the
    /// hand: hoD 440 (60°, 6 s, 10 Hz) 11 → 14 of 14, seeds 4010 7 → 9 of 9, 4380 8 → 13 of 15;
    /// no distractor counts more.
    ///
    /// Kept out of line and called only in the hand: inlined into `followRests`, which runs on
    /// every `lift` sample, it made the waist, head and chest dearer too (+22 instructions a
    /// sample, `Benchmarks/detector-instructions`).
    @inline(never)
    private mutating func followRestOutsideItsMovements(_ t: Double, dt: Double) -> Double {
        if rests.anchoredAt != restOutsideItsMovements.settledAt {
            restOutsideItsMovements = (rests.anchoredAt, t - rests.anchoredAt)
        } else if !risesWithinTheRest {
            restOutsideItsMovements.seconds += dt
        }
        return restOutsideItsMovements.seconds
    }

    /// For `lift`: how far |a| may be from |g|, as a fraction of |g|, for a rest's change of
    /// the estimate to be creep rather than travel (``restCreep``): a third of
    /// ``RestTracker/accelerationTolerance``. A slow squat moves at a nearly steady speed through
    /// the middle of its descent, its acceleration passing through zero, and stays within 0.03 g
    /// of |g| for up to 1.3 s, a rest to ``RestTracker``; the estimate's rise there is travel
    /// (taken for creep, the simulated sets at 5–6 s per rep lost up to 7 of 10 reps). A
    /// sinusoidal 40 cm descent in 3 s (0.022 g at most) stays within 0.01 g for 0.9 s
    /// (2ε/(Aω) about its zero crossing), less than a rest; a standing sensor's |a|, low-passed
    /// at 2.5 Hz, wanders by a few thousandths of g (noise densities of 0.1–3 mg/√Hz).
    static let creepTolerance = 0.01

    /// For `lift`: whether `c` travelled far enough for the turn it made
    /// (``leastTravelPerDegree``) only thanks to what the estimate crept while the sensor rested
    /// (``restCreep``). (One too shallow anyway is left to ``SetConfirmation``, which judges a
    /// set's first rep by its fall.)
    ///
    /// Bending over to pick something up and straightening again, then standing 2–7 s: the
    /// belt clip goes 13–20 cm down and back while the pelvis turns 36–57°, and |a|, which a
    /// miscalibrated sensor reads 1–2 % of |g| differently in the bent posture, integrates into
    /// a 20–45 cm rise above standing that the leaks then forget, and overshoot, over the
    /// seconds of standing that follow. That creep is the descent of a 5–9 s "rep" whose bottom
    /// is the next bend, deep enough for any turn; without it what is left of the rep's travel
    /// is the bend's own 10–20 cm, under 0.5 cm per degree of its turn. A squat set that rests
    /// at the top loses only the creep of its rests from the next rep's 30–60 cm (the simulated
    /// chest sets at 6 s per rep, 2 s at the top: 7–25 cm of 40–57).
    private func crept(_ c: SquatStateMachine.Candidate) -> Bool {
        guard case .lift = thresholds.signal else { return false }
        let least = SquatDetector.leastTravelPerDegree * c.turn
        return c.prominence >= least && c.prominence - restCreep.counted < least
    }

    /// On the waist and chest: the least turn, degrees, of a rep and of the one before it for
    /// the axes they tilted the sensor about to be compared (``tiltedAboutAnotherAxis(_:axis:)``).
    /// The turn is read where |a| is within 10 % of |g| (``SquatSignal/quasiStaticFraction``),
    /// where 1 m/s² of linear acceleration still tilts the apparent gravity by up to 6°, and a
    /// standing wearer sways by a degree or two: the axis of a smaller turn says little of the
    /// movement's.
    static let leastTiltForAxis = 10.0

    /// The cosine of the widest angle, either way round, between the axes two successive reps
    /// may tilt the sensor about and be reps of one set (``tiltedAboutAnotherAxis(_:axis:)``):
    /// 75°, on the waist and the chest alike.
    ///
    /// The real waist sets here turn about axes that wander: the pelvis takes ~60 % of the
    /// lean and the waist reads its turn only at held moments. 12 of their 264 pairs of reps
    /// turning 10° or more lay more than 45° apart, 3 of them before a set was confirmed (up to
    /// 63°; at 45° two sets lost a rep each, class3_subject1_set1 and ssl_subject3). At 75° the
    /// real sets count the same reps at the same times at sensitivities 1–10.
    /// On the chest the 1,054 pairs of simulated squat reps offered before a set was confirmed
    /// that both turned 10° or more on the tuning, held-out A–E and fast corpora and seeds
    /// 6000–6359 lay at most 26° apart, and 45° was tried there (November 2026): three chest
    /// squat sets of the later held-out rows and fast corpora lost reps by it (held-out 1104,
    /// 15 → 13; fast 3306, 7 → 6; 3618, 7 → 5, still 5 at 60°). There are no real chest
    /// recordings to say how far a strap's axis wanders, and the chest keeps the waist's margin.
    static let sameTiltAxisCosine = 0.259

    /// On the waist and chest: whether `c`, offered while a set is still to be confirmed and
    /// joining the reps waiting to start it, tilted the sensor about another axis than the rep
    /// offered before it (``SquatSignal/turnAxis``): further apart than ``sameTiltAxisCosine``
    /// allows, either way round, both reps having turned it ``leastTiltForAxis`` or more. It
    /// ends the set before `c` is offered, which may start the next.
    ///
    /// A squat leans the trunk forward and back in the body's sagittal plane, and the chest and
    /// pelvis with it: rep after rep a chest strap or belt clip turns about the body's left–right
    /// axis, which in the sensor's frame stays where the strap or clip holds it (the braking and
    /// push of a fast rep tilt the apparent gravity within that plane too). A strap or clip
    /// adjusted, or the sensor turned by hand while the wearer stands, turns about whichever
    /// axis the hand does, 10–27° for the 8–26 cm the estimate reads of a miscalibrated sensor's
    /// |a| (simulated handling), and three such turns alike in depth made a set; their pairs
    /// read anywhere from 0° to 90° apart.
    ///
    /// Handling at the chest: hoE 69 6 → 3, distractor seeds 500–599 13 → 7 reps (515 3 → 0,
    /// 559 3 → 0); at the waist: hoE 69 7 → 3, 70 4 → 0, seeds 500–599 3 → 0 (520). No squat
    /// file of the corpora above counts otherwise. What is left: turns that happen to lie within
    /// 75° of each other (hoE 68 and 71 at the chest, 3 and 4; 520 there, 4). Not on the head, which
    /// turns wherever the eyes look and tilts a third as far as the trunk leans (4–14° a rep):
    /// 7 of its simulated squat pairs lay more than 45° apart before a set was confirmed. Not
    /// judged in a confirmed set (simulated chest squats read pairs up to 67° apart there:
    /// seeds 6315, paused 2 s at the top, and 6066).
    private func tiltedAboutAnotherAxis(_ c: SquatStateMachine.Candidate, axis: Vector3) -> Bool {
        guard !confirmation.isInConfirmedSet, confirmation.continuesSet(c),
              c.turn >= SquatDetector.leastTiltForAxis, offeredTilt.turn >= SquatDetector.leastTiltForAxis,
              axis.dot(axis) > 0, offeredTilt.axis.dot(offeredTilt.axis) > 0 else { return false }
        return abs(axis.dot(offeredTilt.axis)) < SquatDetector.sameTiltAxisCosine
    }

    /// On the waist: the least travel, centimetres per degree of its turn, that a rep offered
    /// while a set is still to be confirmed must make once it set off or its sensor began to
    /// turn (``travelledBeforeTurning(_:)``). A squat's hips go ~1 cm down per degree the pelvis
    /// leans (``SetConfirmation/leastTravelPerDegree`` asks half that of a rep's whole travel);
    /// a stoop's belt clip 0.25–0.4.
    static let leastTurningTravelPerDegree = 0.4
    /// On the waist: the share of a rep's turn from which its sensor has begun to turn
    /// (``travelledBeforeTurning(_:)``): past a standing wearer's sway, short of the turn.
    static let turnBegunFraction = 0.1
    /// On the waist: the share of a rep's turn its descent must have shown, at a higher level
    /// than where the turn began, for the turn to have been seen growing during the descent
    /// (``travelledBeforeTurning(_:)``).
    static let turnShownFraction = 0.5

    /// On the waist: whether `c`, offered while a set is still to be confirmed and set off from
    /// above rest, made most of its travel before the wearer set off and before the sensor began
    /// to turn: less than ``leastTurningTravelPerDegree`` of its turn came after the earlier of
    /// the level at which the wearer set off, |a| leaving |g| by ``RestTracker/accelerationTolerance``
    /// (0.03 g) from a still moment (``followSetOff(dt:)``), and the level at which the turn read
    /// ``turnBegunFraction`` of itself (``setOffLevel``, ``levelTurnCosines``, noted once per
    /// level of the descent). It ends the set.
    ///
    /// Bending over to pick something up, the belt clip goes 13–20 cm down while the pelvis
    /// turns 36–57°; bent over, a miscalibrated sensor's |a| reads 1–2 % of |g| differently,
    /// which the leaky estimate integrates into a rise above standing that it forgets, and
    /// overshoots, while the wearer stands 2–7 s before the next bend: that creep is the
    /// "descent" of a 4–8 s "rep" (20–45 cm of its 30–55) whose bottom is the next bend, made
    /// while the wearer stood upright and still. ``crept(_:)`` leaves out what the estimate
    /// moved while the sensor rested, but only where |a| stayed within 0.01 g of |g| long enough
    /// for a rest, which a wearer who sways or shifts between bends never does. A squat's hips
    /// set off with a push the sensor feels (a 40 cm descent in 1–3 s: 0.03–0.3 g), and its
    /// pelvis leans from the first degrees of knee bend, so its travel comes after both; a slow
    /// squat (6 s a rep, under 0.03 g) turns while it moves slowly enough for the turn to be
    /// read on the way down.
    ///
    /// Simulated 5-minute pick-ups at the waist (tuning seeds 400–447): 6 reps counted, none
    /// now; the offered "reps" made 0.05–0.5 cm a degree once they turned a tenth of the way
    /// (median 0.2). Held-out rows A–E (never tuned on): 7, 13, 3, 3 and 10 reps counted, now 4,
    /// 0, 0, 0 and 3; seeds 448–499: 72 → 39 (27 of them one 12.5 Hz recording whose estimate
    /// wanders 60–120 cm and reads its turns only at the bottom), handling there 21 → 18. No
    /// squat set on the tuning, held-out or fast corpora (A, B, and 200 more sets at the
    /// waist, seeds 4000–4119 and fast 4200–4279) counts otherwise, at the same times, and the
    /// real waist sets count the same reps at the same times at sensitivities 1–10.
    ///
    /// Not judged: a rep that set off from rest (its trough within the default start level of
    /// 0), whose estimate reads a third of its travel (the real sets' first reps read 0.1–0.5
    /// cm a degree after their turn began); one whose turn needs less travel than a rep's least
    /// depth (under 20°, ``Thresholds/minDepth`` at the default sensitivity); one whose turn was
    /// not seen growing during its descent (the waist reads its turn only where the sensor is
    /// held quasi-static, ``SquatSignal/greatestTurn``: a quick descent shows it only at the
    /// bottom, and the travel after that says nothing); a rep of a confirmed set, held to
    /// ``SetConfirmation/leastTravelPerDegree`` alone (a real rep whose turn read late made
    /// 0.27). Timed from the turn alone, six 40 cm squats paused 1 s at the bottom that lean the
    /// pelvis 30–45°, 2.5 s apart with a swaying, miscalibrated sensor, counted none: the turn
    /// read at the bottom's held moments comes after most of the travel.
    private func travelledBeforeTurning(_ c: SquatStateMachine.Candidate) -> Bool {
        guard judgesTurningTravel, !confirmation.isInConfirmedSet, c.trough < -profileStartLevel,
              levelsReached > 0, c.turn > 0 else { return false }
        let least = SquatDetector.leastTurningTravelPerDegree * c.turn
        guard least >= profileMinDepth else { return false }
        let turn = c.turn * Double.pi / 180
        let begun = cos(SquatDetector.turnBegunFraction * turn), shown = cos(SquatDetector.turnShownFraction * turn)
        var level = 0
        while level < levelsReached && levelTurnCosines[level] > begun { level += 1 }
        var half = level
        while half < levelsReached && levelTurnCosines[half] > shown { half += 1 }
        guard half < levelsReached, half > level else { return false }
        let from = setOffLevel >= 0 ? min(level, setOffLevel) : level
        return c.prominence - Double(from) * levelStep < least
    }

    /// For `lift`: whether `c`, offered as the first rep of a set, set off from above rest (its
    /// trough more than a start level below 0) and went less than a rep's depth
    /// (``Thresholds/minDepth``) below rest. Such a movement is not offered. (One that counts by
    /// its fall rose from rest, and its trough is where that fall ended:
    /// ``SquatStateMachine/Candidate/countedByItsFall``.)
    ///
    /// The estimate is 0 where the sensor rests, and nobody starts a squat from higher than
    /// standing: a first rep sets off from rest (the reps after it rise from the overshoot of the
    /// ascent before them, which is travel). Where the estimate reads the sensor above rest with
    /// no rep before, it wanders: a sensor turned by hand (a chest strap or belt clip adjusted,
    /// the wearer standing) reads |a| a fraction of a percent of |g| differently while turned
    /// (per-axis scale errors of 1–2 %), and a difference of ε m/s² held through the leaks
    /// (``SquatSignal/liftTau``) reads as up to 1.7·ε metres within 5 s, then is forgotten and
    /// overshot: a strap turned ±7° one way and the other swings the estimate 4–9 cm above rest
    /// and as far below, 8–14 cm from trough to peak, a rep's depth when read from the trough
    /// (simulated 5-minute distractors on seeds 19–60, never tuned on: handling, arm gestures
    /// and picking up counted 29 on the chest and 32 on the waist, 10 and 26 with this). Read
    /// from rest, those swings go 2–8 cm down, less than a rep. Only once the estimate had settled when the movement began
    /// (``SquatSignal/heightSettled(before:)``): before, a trough is the start-up of |g| and of
    /// the integrators, which a set begun 1–2 s into the stream sets off from (simulated hand
    /// sets at 5–6 s per rep read their first rep from 6–12 cm above rest).
    private func roseFromAboveRest(_ c: SquatStateMachine.Candidate, t: Double) -> Bool {
        guard case .lift = thresholds.signal, !c.countedByItsFall, signal.heightSettled(before: t - c.start),
              !confirmation.continuesSet(c) else { return false }
        return c.trough < -thresholds.startLevel && c.peak < thresholds.minDepth
    }

    /// For `lift`: follows how far the signal crept while the sensor rested during the movement
    /// in progress (``restCreep``). Standing, a new movement and a new descent out of an ascent
    /// start afresh.
    ///
    /// In the hand (``timesRestOutsideItsMovements``) a movement that set off while the sensor
    /// rested reads no creep of that rest, as it is no part of the rest's length (see
    /// ``followRestOutsideItsMovements(_:dt:)``): a slow shallow rep keeps the controller within
    /// ``creepTolerance`` (0.098 m/s²) from end to end (at most 0.08 m/s² for 15 cm at 6 s a
    /// rep), so its whole descent was taken for creep, and the rep, 12.6–15.2 cm for a turn of
    /// 13.7–14.8°, for a stoop's (``crept(_:)``), which ended the set. A stoop's creep is the tail
    /// of the bend before it, under way as the rest settles. Hand sets closer: hoB 105 (60°,
    /// 5 s, 12.5 Hz) 3 → 4 of 4, 135 (60°, 6 s, 1 kHz) 7 → 8 of 8, seeds 4650 (60°, 6 s,
    /// 25 Hz) 11 → 12 of 12; ``crept(_:)`` still ends the set at 95 of the 96 hand pick-ups it
    /// did (distractor seeds 1–6, hoA–hoE, 400–499), and no distractor counts more.
    @inline(__always)
    private mutating func followRestCreep(_ value: Double, t: Double) {
        if !machine.isMoving || machine.movementStart != creepMovementStart { restCreep = (0, 0) }
        creepMovementStart = machine.movementStart
        if abs(signal.vertical) > SquatDetector.creepTolerance * signal.gravity { quietSince = t }
        if rests.anchoredAt == t || quietSince == t {
            restCreep.pending = 0
        } else {
            restCreep.pending += max(0, value - creepPrevious)
        }
        if rests.resting && t - quietSince >= RestTracker.minRest {
            if !risesWithinTheRest { restCreep.counted += restCreep.pending }
            restCreep.pending = 0
        }
        creepPrevious = value
    }

    /// In the hand (``timesRestOutsideItsMovements``): whether the movement in progress set off
    /// while the sensor rested, so that neither the rest's length nor its creep is any of it
    /// (``followRestOutsideItsMovements(_:dt:)``, ``followRestCreep``).
    private var risesWithinTheRest: Bool {
        timesRestOutsideItsMovements && machine.isMoving && machine.movementStart >= rests.anchoredAt
    }

    /// Degrees: the largest turn from standing of a chest sensor at rest after going down that
    /// is a seat rather than the bottom of a squat (``RestTracker/uprightSeatLean``); 0 on other
    /// placements. A squatter's feet carry the body, so the trunk leans forward to keep the
    /// centre of mass over them: 20–45° at parallel, less only in a shallow squat, which does not
    /// rest; on a chair the trunk sits within ~8° of upright and shifts by a degree or two
    /// (simulated seats: 0–10°, squats paused at the bottom: 21–32°). 15°: between the two.
    /// Other sensors see too little of the trunk: the pelvis keeps ~60 % of its lean, and 21 of
    /// the 375 real waist reps here turned less than 9°, the waist's share of 15°; a head keeps
    /// ~30 % (people look ahead), 4–6° at the bottom of a simulated 60° squat, no more than a
    /// seated head nods; a hand, a thigh, an arm or a wrist on a bar turn their own ways.
    static func uprightSeatLean(_ placement: Placement) -> Double {
        switch placement {
        case .chest: return 15
        case .waist, .head, .thigh, .calf, .wrist, .upperArm, .hand: return 0
        }
    }

    /// On a hinged segment: follows the movement in progress and, as it ends (completed, too
    /// shallow, or turned into a new descent), ends the set if it was a quick, quiet turn
    /// (``turnedByHandJolt``), and starts the lean's loop afresh for the next movement
    /// (``SquatSignal/restartLeanLoop()``; its candidate, if any, was judged by it already).
    /// `start` and `trough` are the movement's as they were before this sample.
    @inline(__always)
    private mutating func followQuickTurn(_ value: Double, t: Double, wasMoving: Bool, start: Double, trough: Double) {
        guard wasMoving else {
            movementJolt = 0
            movementPeak = -.infinity
            return
        }
        movementJolt = max(movementJolt, abs(signal.vertical))
        movementPeak = max(movementPeak, value)
        guard !machine.isMoving || machine.movementStart != start else { return }
        // Turned and back too quickly for a knee, and no impact made it: the sensor was turned
        // on the leg.
        if t - movementBegan(start) < thresholds.minRepDuration, movementPeak - trough >= 2 * thresholds.startLevel,
           movementJolt < SquatDetector.turnedByHandJolt * signal.gravity {
            confirmation.reset()
        }
        movementJolt = 0
        movementPeak = -.infinity
        signal.restartLeanLoop()
    }

    /// On the thigh: the deepest rep, degrees from standing, judged by how long it stayed at
    /// its bottom (``heldAShallowBend(_:leftBottom:)``). The simulator's stoops bend the thigh 12–35°
    /// (`PickUp`, whose counted bends read 20–36°); the reps that stay at their bottom for more
    /// than ``mostTimeAtShallowBottom`` of their time are deeper: the real ones here 43.8–78°
    /// (a squatter pauses where the thighs near parallel), the simulated paused sets 45° and more
    /// (fast corpora A and B), 51° and more (the tuning corpus). 40°: between the two.
    static let deepestHeldBend = 40.0
    /// On the thigh: the largest fraction of a shallow rep's duration (as the gate times it,
    /// from its start to where it came 60 % of the way back) it may spend within a tenth of its
    /// depth of its bottom (``SquatStateMachine/bottomHysteresis``), see ``heldAShallowBend(_:leftBottom:)``.
    /// A smooth rep that turns straight back up spends 0.26 of that time there (a cosine),
    /// 0.32 (a minimum-jerk path), whatever its tempo; the 73 real reps here shallower than
    /// ``deepestHeldBend`` (partial squats at 1–2.5 s a rep) 0.11–0.39. A bend held 0.4–1.5 s
    /// at its bottom, as the simulated stoops are, spends 0.35–0.71 there (0.49 or more in 95 %
    /// of them, tuning corpus). 0.45: a smooth rep's share with room for a real knee's slow turn.
    static let mostTimeAtShallowBottom = 0.45
    /// Whether the detector judges shallow reps by their hold (``heldAShallowBend(_:leftBottom:)``): the thigh.
    private let judgesHeldBends: Bool
    /// Whether the detector judges a rep that resumes a set after a stand by its depth
    /// (``resumedUnlikeTheSet(_:)``): the calf.
    private let judgesResumedDepth: Bool
    /// Whether the detector judges the travel a rep made once it began to turn
    /// (``travelledBeforeTurning(_:)``): the waist.
    private let judgesTurningTravel: Bool
    /// Whether the detector judges the axis a rep tilted the sensor about against the last
    /// rep's (``tiltedAboutAnotherAxis(_:axis:)``): the waist and chest.
    private let judgesTiltAxis: Bool
    /// Whether a rep of a confirmed set may read a turn past ``Thresholds/maxTurn`` by the tilt
    /// its own acceleration gives the apparent gravity (``turnIsAFastRepsTilt(_:limit:gravity:)``):
    /// in the hand.
    private let excusesAccelerationTilt: Bool
    /// Whether a rest's length, against ``longestRestInSet``, leaves out the movements that set
    /// off during it (``restOutsideItsMovements``): in the hand, where a slow shallow rep can
    /// read as rest from end to end.
    private let timesRestOutsideItsMovements: Bool

    /// On the thigh: whether `c`, a movement at least as deep as the thigh's own bar
    /// (``profileMinDepth``) but shallower than ``deepestHeldBend``, stayed at its bottom for more
    /// than ``mostTimeAtShallowBottom`` of its duration: someone stooping to pick something up,
    /// the knees bent a little and held while the trunk reaches the floor and the hands work,
    /// not a squat. It ends the set.
    ///
    /// At the thigh a stoop is a shallow squat: the simulator bends a stooping leg as a
    /// squatting one (the shank tilting half the thigh's angle, where a squat's tilts 0.35–0.55
    /// of it; the trunk's 60–95° lean the thigh does not see), 12–35° of thigh flexion, inside
    /// the real partial squats' 28–46°; the hips drop 2–10 cm either way, too little for an
    /// accelerometer's travel to tell. What differs is the hold: a squatter who goes only part
    /// of the way down turns straight back up (a partial squat is a bounce; a pause is held at
    /// depth), while a stoop's knees wait 0.4–1.5 s at their bend. Before, three such bends a
    /// breath apart (``longestStandInSet``) were a set: picking up on the thigh counted 3 reps
    /// in 30 simulated minutes (tuning corpus, seeds 1–6), and 28, 24, 20, 28 and 12 in 30–90 on
    /// held-out corpora A–E (0.2–0.9 a minute, never tuned on); with this none, no simulated squat set on any of those
    /// corpora or the fast ones counts differently, the real thigh sets count the same reps at
    /// the same times at sensitivities 1–10, and the bundled `pick-up-thigh.csv` 0 (was 3).
    /// Movements shallower than the thigh's own bar are not judged: at a raised sensitivity
    /// the thigh's quick 9–12° swing back as the knee locks after a rep makes a short candidate
    /// that is mostly bottom (the real sets at sensitivity 10 lost 9 reps to it).
    /// What it costs: a set of partial squats (under 40°) paused at the bottom does not count.
    /// Not on the calf: a shin stops tilting once the knee is over the toes and stays there while
    /// the hips go on down, so its reps plateau (the real calf reps here spend 0.46 of their time
    /// within a tenth of their depth of their bottom in the median, more than 0.45 in half of them).
    /// `leftBottom`: when `c` was last near its bottom (``SquatStateMachine/leftBottom``), read
    /// before the sample that completed it.
    private func heldAShallowBend(_ c: SquatStateMachine.Candidate, leftBottom: Double) -> Bool {
        guard judgesHeldBends, c.prominence >= profileMinDepth, c.prominence < SquatDetector.deepestHeldBend, levelsReached > 0 else {
            return false
        }
        let reached = levelTimes[level(1 - SquatStateMachine.bottomHysteresis, of: c)]
        return leftBottom - reached > SquatDetector.mostTimeAtShallowBottom * (repEnded(c) - repBegan(c))
    }

    /// On a hinged segment: the largest area the lean may enclose during a rep
    /// (``SquatSignal/leanLoopArea``), as a fraction of the square of the rep's depth (its peak
    /// tilt, radians): π/6, what a rep leaning down one way and back up another φ = 60° away
    /// encloses at a shin's depth (½·φ·sin²(depth), within 2–6 % of ½·φ·depth² at 10–25°). On a
    /// thigh, 60–90° deep, the same bound allows a wider turn, 88–148°: its reps enclose 0.07
    /// at most, and its handling is not what counts there.
    ///
    /// A knee bends about one axis, fixed in the shin and the thigh, and that axis is
    /// horizontal: in a squat the gravity direction seen from the sensor goes out and back
    /// along one great circle through standing, and encloses next to nothing (a retraced path
    /// encloses none, wherever its reference lies). A hand turning a band on the shin turns it
    /// about an axis that keeps changing (a smooth random rotation in the simulator), and the
    /// gravity direction loops. Real knees cave in and wobble: the 373 real calf reps here
    /// enclose 0.04 of their depth squared in the median, 0.26 at the 99th percentile and 0.445
    /// in the widest (a sector of 51°), the candidates between them 0.29 at most, the 375 real
    /// thigh reps 0.07 at most, the simulated squats 0.03. The simulated handling on the shin
    /// makes 3,100 candidates over 200 minutes, half of them enclosing 0.25 or more, a quarter
    /// 0.5 or more. A loop wider than this is no rep and ends the set: the band's turns before
    /// and after it do not pair up into one (handling on the shin: 0.33 → 0.20 a minute on the
    /// tuning seeds, 0.37 → 0.15 on seeds 9300–9339, never tuned on). 60°: the widest real
    /// rep's 51° with room for knees that cave in further; at 45°, the lean rule's limit between
    /// reps (``SquatSignal/sameLeanCosine``), two real calf sets counted a rep short (0.10 a
    /// minute of handling), at 75° and 90° handling counted 0.26 and 0.29. What it costs: a
    /// rep that loops wider is not counted, and the reps after it count once three alike
    /// follow. What it leaves: a hand's turns that go out and back along one line, or loop one
    /// way and back the other (a figure of eight encloses opposite areas that cancel), still
    /// count when three alike follow each other.
    static let widestLeanLoop = Double.pi / 6

    /// On a hinged segment, while the reps that start a set are offered (three alike on the
    /// calf and thigh, ``Thresholds/defaults(for:)``), unless a rep of a set ended less than a
    /// set gap before (``SetConfirmation/followsASet(_:)``): how far the deep part of a rep's lean
    /// may lie from the path the rep before it took, and that rep's from its own, as a
    /// fraction of the shallower one's depth (``SquatSignal/retraceDistance(closed:depth:)``;
    /// the root mean square of the distances, in radians over radians). Further, the two went
    /// down different ways, and the set does not start with them.
    ///
    /// A knee bends about one axis fixed in the shin and the thigh, and a squatter's feet stay
    /// where they are: the gravity direction the sensor sees goes down the same arc every rep,
    /// a deeper rep runs on along it, and a knee that caves in curves it the same way each
    /// time. A band turned on a still shin by hand turns about whatever axis the hand turns
    /// it, from wherever the last turn left it: each "rep" reaches its bottom somewhere else.
    /// The deep part is compared (from ``retracedDepth`` of the shallower depth on), where a
    /// rep is most a knee's: the path's shallow start and end hold the shin's settling wobble
    /// and, in a quick rep, its wrong-way lead (``passingThroughStanding``), which overshoots
    /// standing by up to 7° at 10 Hz (held-out calf set 640, 1.2 s a rep, read 0.43 with the
    /// whole path compared, and lost two reps).
    ///
    /// Measured on the reps offered to a set, each against the one before, before the set
    /// started: the simulated calf squats 0–0.04 (tuning corpus, held-out A–E and fast A–B,
    /// 665 pairs), the simulated thigh squats 0–0.008 (634), the real calf sets here 0.02–0.25
    /// (68), the real thigh sets 0.008–0.07 (66); simulated calf handling 0.03–1.5, 0.57 in the
    /// median, over 0.33 in three quarters (1,226 pairs: tuning seeds 1–6, held-out A–E and
    /// seeds 60001–60040). Within a set the real calf reps read up to 0.61 (273 pairs; a
    /// valgus set's 9th rep), where this is not asked: the lean rule keeps guard there, and a
    /// reset that late would lose the last two reps. Nor right after a set a rule ended: at
    /// sensitivity 7 the lean rule ends that valgus set at its 7th rep, its 9th reads 0.46
    /// against its 8th, and asked there the set lost its last three reps. The real reps that lean 45–55° apart
    /// seen from standing (``SquatSignal/sameLeanCosine``) read 0.07: their bottoms lie at
    /// different points of one curved path, which the lean from standing does not show.
    /// 0.35: 1.4 times the widest real pair before a set.
    /// What it gains: calf handling counted 6 → 3 on the tuning seeds (30 minutes), 52 → 21 on
    /// held-out A–E (hoB 10 → 3, hoC 19 → 9, hoD 14 → 3, hoE 9 → 6), 43 → 22 on seeds
    /// 60001–60040 (200 minutes). No squat set on any of those corpora or the fast ones, and no
    /// real set, counts differently (every rep time the same; the real table as before at
    /// sensitivities 1, 3, 5, 7 and 10, and every simulated calf and thigh squat set of those
    /// corpora as before at 7 and 10, where handling counts less and nothing counts more:
    /// at 7 the calf 9 → 3 on the tuning seeds and 143 → 59 on held-out A–E, the thigh 3 → 0
    /// and 81 → 51; at 10 the calf 9 → 3 and 158 → 68, the thigh 65 → 9 and 542 → 177).
    /// What it costs: three reps that go down visibly different ways (straight lines leaning
    /// 40° apart, as no simulated or real knee here did) start no set; a set that has started
    /// keeps only the lean rule. One dot product a sample while the leg moves, and a comparison
    /// of two paths of up to 64 points each once a rep.
    static let widestRetrace = 0.35
    /// The fraction of the shallower rep's depth from which on two reps' paths are compared
    /// (``widestRetrace``): their deepest 30 %.
    static let retracedDepth = 0.7

    /// On a hinged segment: whether the lean of the movement that just completed enclosed more
    /// than ``widestLeanLoop`` allows for its depth; `closed` when its sweep was closed before
    /// it was judged (``SquatSignal/closedLeanLoopArea``). Only a movement at least as deep as the
    /// placement's own bar (``profileMinDepth``; at a raised sensitivity the bar in force is
    /// lower) is judged: the lean of a shallower one is mostly the shin's wobble as the knee
    /// settles, whatever shape it takes (a real calf set at sensitivity 10 made such an 11°
    /// movement between two reps that enclosed 0.53, and lost its first rep to it).
    private func leanedInALoop(_ c: SquatStateMachine.Candidate, closed: Bool) -> Bool {
        guard followsHinge, c.prominence >= profileMinDepth else { return false }
        let depth = c.peak * .pi / 180
        let area = closed ? signal.closedLeanLoopArea : signal.leanLoopArea
        return area > SquatDetector.widestLeanLoop * depth * depth
    }

    /// On a hinged segment: the longest, seconds, from the tilt coming back to standing (within
    /// half a ``Thresholds/startLevel``) to a descent starting, for the two to be one movement
    /// passing through standing, so that the excursion before is where the rep began.
    ///
    /// A shin sensor rides 20–25 cm above the ankle, about which the shank turns as the knee
    /// goes forward. Setting off into a fast rep accelerates it forward by r·α (1–2 m/s² in a
    /// 1.2–1.5 s rep), and an accelerometer reads a forward acceleration as gravity tilted
    /// backward: early in the descent (0.15–0.22 s, simulated) the reading leans the wrong way,
    /// further than the shank has turned yet, then swings back through standing as the turn
    /// overtakes it, and only then follows the rep (the braking at the end of the ascent does
    /// the same). Timed from where the tilt crossed the start level the second time, such a rep
    /// loses that lead: the simulated 1.2–1.5 s reps read 0.63–0.79 s, under the calf's 0.8 s
    /// minimum rep (``Thresholds/defaults(for:)``), and a whole set counted none. Passing
    /// through standing in one movement, the tilt is back above the start level 0.05–0.09 s
    /// after it came within half of it (simulated); a wearer who stops at standing stays there
    /// for the stop. 0.12 s: the time to turn through a start level and back (6°) at 50°/s, the
    /// slowest a shank turns in a rep short enough to need its lead (20–30° in a third of a
    /// 1.2–1.5 s rep). The two moments are known only to the sample after each, so the time
    /// between them reads up to one sample spacing longer than it was (``movementBegan(_:)``
    /// allows that much more): at 12.5 Hz a lead 0.1 s apart reads 0.16 s apart, and a fast
    /// 12.5 Hz calf set lost a rep to the 0.8 s minimum (simulated; no other count changes).
    /// Even so, at 10–12.5 Hz a sample alone takes 0.08–0.1 s, and the lead is seldom seen.
    /// Only an excursion shallower than twice a start level is such a lead (the wrong-way
    /// readings: 3–5°): a deeper one is a movement of its own (a stride's back swing, which
    /// passes through standing as quickly: the first strides of a walk then lengthened each
    /// other past the minimum, 2 counts in 15 simulated minutes). The thigh's 0.6 s minimum
    /// leaves its fast reps room either way (no count there changes).
    static let passingThroughStanding = 0.12

    /// When the signal crossed the start level of the movement that last set off from
    /// standing, and the return level of the rep that last completed, seconds, each with the
    /// sample at which the state machine saw it (``crossing(of:from:to:endingAt:dt:reach:)``).
    private var descentCrossing = (sample: -Double.infinity, t: 0.0)
    /// The sample that ended the last run of lost samples that was not bridged
    /// (``bridgesLostSamples``: the thigh, the calf, the wrist), for ``crossingReach(at:dt:)``.
    /// Set only there, so that no sample pays for it.
    private var lostRunEnd = -Double.infinity
    /// How far before the sample at `t`, `dt` after the one before, a level's crossing may be
    /// read (``crossing(of:from:to:endingAt:dt:reach:)``), seconds: 0.1 s
    /// (``shortestBridgedGap``), but after a run of lost samples that is not bridged, the whole
    /// run. The crossing lies somewhere in the run, and the
    /// straight line between the samples either side is the best reading of a signal
    /// low-passed at 1–2.5 Hz. Put 0.1 s before the sample after the run, a rep whose start fell
    /// in it read that much shorter: fast seed 3001 on the calf (12.5 Hz, 75°) lost 0.71 s
    /// (22.48–23.19 s) in rep 13's descent, the rep read 0.65 s from the start level to the
    /// return, under the 0.7 s its set's tempo asks (``shortestRep``), and was dropped (13 of 14;
    /// now 14). Over the tuning, held-out and fast corpora and 1,280 fast sets of seeds
    /// 6000–6159 no other file counts otherwise.
    @inline(__always)
    private func crossingReach(at t: Double, dt: Double) -> Double {
        t == lostRunEnd ? dt : SquatDetector.shortestBridgedGap
    }
    private var returnCrossing = (sample: -Double.infinity, t: 0.0)

    /// When a signal that went from `previous` to `value` over the `dt` seconds up to `t`
    /// crossed `level`, read on the straight line between the two samples, seconds.
    ///
    /// The state machine sees a level crossed at the first sample past it, up to one sample
    /// spacing late, at a rep's start and at its return alike, so that the rep's duration reads
    /// up to a spacing either side of what it was: at 10 Hz as much as lies between the fastest
    /// squats (1.2 s a rep, 0.8–0.9 s from start to return on a shin) and the calf's shortest
    /// rep (0.8 s). Simulated fast sets at 10–12.5 Hz lost their reps or kept them by where the
    /// samples fell. The signal is low-passed far below the rate it is sampled at (1–2.5 Hz
    /// against 10 Hz and more), so between two samples it runs nearly straight. Over lost
    /// samples it need not: the crossing is put at most `reach` seconds before `t`, 0.1 s
    /// (``shortestBridgedGap``, the spacing of the slowest stream) but over a run of lost samples
    /// where they are not bridged (see ``crossingReach(at:dt:)``).
    @inline(__always)
    static func crossing(of level: Double, from previous: Double, to value: Double, endingAt t: Double, dt: Double, reach: Double) -> Double {
        let fraction = (level - previous) / (value - previous)
        return fraction.isFinite ? t - min(dt * (1 - min(max(fraction, 0), 1)), reach) : t
    }

    /// When the rep `c` began, for the gate (``Thresholds/minRepDuration``):
    /// ``movementBegan(_:)``, read between samples where that is the start level's crossing.
    ///
    /// The check for a band turned by hand (``turnedByHandJolt``) still times a movement at
    /// its samples. Timed between them, a few turns read as long as a knee's and kept a set of
    /// hand turns going (simulated handling on the shin: 0.33 → 0.43 a minute at 100 Hz, 20 → 23
    /// counts in 40 minutes at 10–12.5 Hz), and no squat set counted more.
    ///
    /// Not for `bounce` from the trough a quick rep rose from, where the body turned at the top
    /// (tried in November 2026 for reps set off straight out of the last rep offered to the set,
    /// ``setOffStraightOutOfLastRep(_:)``: quick reps read 0.73–0.86 s from the start level's
    /// crossing, and some fall under the wrist's 0.8 s minimum; timed from the trough, simulated
    /// fast wrist sets miscounted 16 → 13 over four corpora of 40, but quick hand movements at
    /// the wrist passed as reps on held-out handling recordings, 6 → 14 and 0 → 3 reps in an
    /// hour on two of them).
    private func repBegan(_ c: SquatStateMachine.Candidate) -> Double {
        let began = movementBegan(c.start)
        return began == c.start && descentCrossing.sample == c.start ? descentCrossing.t : began
    }

    /// For `bounce` (the wrist): the shortest rep, seconds, from the start level's crossing to
    /// the return (as ``repBegan(_:)`` and ``repEnded(_:)`` time it), that a confirmed set takes
    /// or that leads into a set (``shortestRep``); the calf's is ``shortestShinRep``, every other
    /// placement's ``Thresholds/minRepDuration``. The wrist's 0.8 s keeps out the single
    /// humps of moving about between sets (a hand turning a band, a jolt) and a bounce at the
    /// bottom read twice; but the fastest squats, 1.2 s a rep with no pause at the top, read
    /// 0.73–0.86 s from the start level (see ``repBegan(_:)``), and those under 0.8 were lost from
    /// sets already going. In a confirmed set the reps before say what the movement is, and a
    /// bounce read twice is still kept out by ``Thresholds/minRepInterval``. 0.7: under the fastest
    /// reps' least (0.73 s) with a margin for tempo (±8 %). Before a set is confirmed the
    /// 0.8 s holds: 0.7 for every rep counted simulated handling at the wrist (tuning seed 2:
    /// 0 → 3; held-out seeds 73 and 75: 3 → 5, 0 → 3). Over the tuning, held-out and fast
    /// corpora (November 2026): fastA 3015 (1 kHz) 7 → 10 of 15, fastB 3075 (50 Hz) 6 → 9 of
    /// 10, hoD 420 (100 Hz, 2 s at the top) 6 → 7 of 7; no other file counts otherwise, no
    /// distractor; the real recordings as before. A fast set's first reps, read under 0.8 s
    /// before three alike confirm it (3015's first five, 3075's first), are offered as leads
    /// (``shortestRep``).
    static let shortestWristRep = 0.7

    /// On the calf: the shortest rep, seconds from the start level's crossing to the return, that
    /// a confirmed set takes in its tempo, or that leads into a set (``shortestRep``), where
    /// ``Thresholds/minRepDuration`` (0.8 s) keeps out the shin's quick bumps and a walk's first
    /// strides otherwise. The fastest half squats (1.2 s a rep with no pause at the top, 60°)
    /// tilt the shin 23–26°, of which the 3° start level is an eighth, and the tilt does not
    /// come back to standing between reps (2.5° at 1 kHz): timed from the start level, the reps
    /// read 0.63–0.79 s at 25 Hz–1 kHz, 0.57 at 10 Hz (simulated: fastA 3015 counted 4 of 15,
    /// fastB 3060 3 of 8, seeds 4002, 4008, 4026, 4029 at 60° a rep short to 4 of 7). 0.6 s: the
    /// thigh's shortest rep (``Thresholds/defaults(for:)``), a knee's fastest bend whichever
    /// segment carries the sensor. Only in the set's tempo (``SetConfirmation/quickestRepInTempo``)
    /// for a confirmed set: a real calf set's 0.75 s bump between 1.3–2 s reps (squat-imu class 1
    /// subject 2 set 2, its bottom 0.05 s after it set off) leaned another way than the reps and
    /// ended the set, 10 → 9 without it. On recordings never tuned on (November 2026): 22 calf
    /// squat sets closer and none further (seven fast corpora, seeds 3101–3740, and eleven
    /// held-out rows), handling recordings 3 → 0 (held-out seed 175; seed 35 of the corpora
    /// tuned on too: the in-set tempo), and one cost: a 10 Hz walk
    /// with the band (seed 407) that already counted a false set of three counts 5, two of its
    /// quick strides (0.6 and 0.7 s, in the set's tempo) leading in.
    static let shortestShinRep = 0.6

    /// The shortest rep the gate admits now, seconds (nil: ``Thresholds/minRepDuration``): on the
    /// wrist ``shortestWristRep``, on the calf ``shortestShinRep``, in a confirmed set no quicker
    /// than its tempo allows (``SetConfirmation/quickestRepInTempo``). Before a set is confirmed a
    /// rep quicker than ``Thresholds/minRepDuration`` only leads into one
    /// (``SquatStateMachine/Candidate/leadsOnly``): it counts once others confirm a set, and only
    /// in their tempo. Read once per candidate.
    ///
    /// Fast half squats (60°, 1.2 s a rep, no pause at the top) lost their first reps on the
    /// wrist and reps throughout on the calf. Simulated squat sets miscounted, before → after:
    /// fastA wrist 3 → 1, calf 3015 4 → 12 of 15 (see
    /// ``SetConfirmation/leastLeadTempo``); fastB wrist 4 → 2, calf 2 → 1; seeds 4000–4039 at 60°
    /// (fast half squats only) wrist 10 → 5, calf 7 → 3; held-out hoD calf 441 (1.2 s, 90°, 15
    /// reps) 8 → 15. No squat set counts fewer, no distractor more (tuning and held-out corpora,
    /// distractor seeds 400–405), handling-calf-35 of hoC 3 → 0; the real recordings and
    /// `Recordings/` as before (November 2026).
    private var shortestRep: Double? {
        let shortest: Double
        if case .bounce = thresholds.signal {
            shortest = SquatDetector.shortestWristRep
        } else if followsHinge, profile.placement == .calf {
            shortest = SquatDetector.shortestShinRep
        } else {
            return nil
        }
        return max(shortest, confirmation.quickestRepInTempo ?? 0)
    }

    /// When the rep `c` came back to its return level, for the gate, read between samples.
    private func repEnded(_ c: SquatStateMachine.Candidate) -> Double {
        returnCrossing.sample == c.end ? returnCrossing.t : c.end
    }

    /// When a movement that the state machine started at `start` began, for judging how long it
    /// took (``Thresholds/minRepDuration``, ``turnedByHandJolt``): on a free arm that set off
    /// while the low-pass lagged, when the arm turned back into it (``armTurn``); on a hinged
    /// segment, where a shallow excursion that came back to standing less than
    /// ``passingThroughStanding`` (and a sample spacing) before `start` began; else `start`.
    @inline(__always)
    private func movementBegan(_ start: Double) -> Double {
        if armTurn.movementStart == start, armTurn.t < start { return armTurn.t }
        // At most the spacing of the slowest stream (10 Hz): a spacing left by a dropout (up to
        // ``maxSampleGap``) would stretch the lead to any shallow sway up to a second earlier.
        guard followsHinge, lastExcursion.end <= start,
              start - lastExcursion.end < SquatDetector.passingThroughStanding + min(sampleSpacing, SquatDetector.shortestBridgedGap),
              lastExcursion.depth < 2 * thresholds.startLevel else { return start }
        return lastExcursion.start
    }

    /// On the calf: whether `c` set off after the wearer stood longer than ``longestBreath``
    /// and is not as deep as the set in progress within ``resumedSetCloseness``
    /// (``SetConfirmation/isAsDeep(_:within:)``). It ends the set; `c` may start the next.
    ///
    /// A shin sees a stoop with bent knees as a shallow squat held at its bottom: bending down
    /// to pick something up, the knees bend 12–35° and the shank half of that (the simulator's
    /// `PickUp`), 10–19° read, inside the real calf reps' 10–40°; the shank has no trunk to
    /// lean, and a real squat's shin plateaus at its bottom as a stoop's hold does (see
    /// ``heldAShallowBend(_:leftBottom:)``). What differs is the rhythm and the depth from bend
    /// to bend. A squatter goes on with a breath at most between reps: the 33 real calf sets
    /// here stand 0.45 s at most (379 movements, timed as ``standingBetween(_:and:)`` times
    /// them), the simulated sets paused 0.5 s at the top 1.2 s at most. Someone picking things
    /// up stands 2–7 s between bends (the simulated bends, read 2.1 s or more in 99 % of 1,602),
    /// and bends as far as each object asks. Stood longer than a breath, a squatter resumes the
    /// set at its depth, which the simulated sets paused 2 s at the top do: after a stand of a
    /// second or more each rep's depth reads 0.87–1.11 of the one before (609 pairs: tuning
    /// corpus, held-out A–E, fast A–B), where the stoops read unlike by a fifth in 606 of
    /// 1,579 pairs; three bends in a row a breath apart (``longestStandInSet``) and alike by
    /// ``Thresholds/consistency`` (0.6) made a set before.
    ///
    /// Picking up on the calf, held-out A–E (never tuned on): 68 → 24 reps counted, 19 → 8
    /// recordings (hoA 15 → 0, hoB 18 → 6, hoC 13 → 6, hoD 16 → 6, hoE 6 → 6); distractor
    /// seeds 440–499 (never tuned on, 60 recordings of 5 minutes): 77 → 41 reps, 20 → 12
    /// recordings. No squat set of the tuning, held-out or fast corpora counts otherwise, nor
    /// 360 more calf sets never tuned on (seeds 4500–4579, 4600–4639 fast, 4700–4779 paused
    /// 2 s at the top, 4840–4999), nor the real ones, whose reps never stand that long (the
    /// same reps at the same times at sensitivities 1, 3, 5, 7 and 10). What is left: three
    /// bends a breath apart that happen to go within a fifth of each other's depth, and a
    /// stream's first bend, whose stand is not known. What it costs: a set resumed after a
    /// stand of 1.5–3 s at a depth a fifth off its own starts anew and counts once three alike
    /// follow.
    private func resumedUnlikeTheSet(_ c: SquatStateMachine.Candidate) -> Bool {
        guard judgesResumedDepth, stoodBeforeMovement > SquatDetector.longestBreath else { return false }
        return !confirmation.isAsDeep(c, within: SquatDetector.resumedSetCloseness)
    }

    /// On the calf: the longest stand, seconds, that is a breath between reps, after which a rep
    /// may join the set at any depth its ``Thresholds/consistency`` allows
    /// (``resumedUnlikeTheSet(_:)``). Between the simulated sets' stands after a 0.5 s pause at
    /// the top (1.2 s at most, tuning, held-out and fast corpora) and the simulated stoops'
    /// (2.1 s or more in 99 %); the real calf sets stand 0.45 s at most. 1.0 and 2.0 s count
    /// alike on those corpora.
    static let longestBreath = 1.5
    /// On the calf: how close to the set's depth (the median of its last three reps, either
    /// way) a rep that resumes it after more than ``longestBreath`` must be
    /// (``resumedUnlikeTheSet(_:)``). The simulated squats read 0.87–1.11 of the rep before
    /// there (their depth varies by 4 % a rep); 0.8 leaves room for that. At 0.85 the same
    /// files count as at 0.8 and the stoops 39 reps instead of 45 over the tuning, held-out and
    /// fast corpora; at 0.87 three squat sets lose reps (tuning seed 15, hoA 62, hoD 411), at
    /// 0.9 fifteen.
    static let resumedSetCloseness = 0.8

    /// On a hinged segment (thigh, shin): the longest, seconds, the wearer may stand between
    /// two reps of a set; standing longer ends it, and the reps after it must start a set of
    /// their own.
    ///
    /// A set is one effort: between reps a squatter stands for a breath at most. The real
    /// thigh and calf sets here stay at standing 0.7 s at most between reps; the simulated ones
    /// pause 0–2 s at the top, each pause varied by ±16 % (one standard deviation), so that
    /// one 2 s pause in about 150 reaches 3 s. Bending down to pick something up bends the knee like
    /// a shallow squat, and the wearer stands 2–7 s between bends (simulated; people reach,
    /// sort, or walk between them): those bends paired up into sets, as do any shallow
    /// movements made now and then. 3 s: a breath with its variation, measured from the
    /// moment the wearer stopped to the moment they set off again (``standingBetween(_:and:)``).
    /// What it costs: a set resumed after a longer breath counts again only once it has
    /// ``Thresholds/confirmReps`` alike reps, and a single rep between two long stands never
    /// (the simulated sets on held-out seeds that paused 3.0 and 3.2 s before their last rep,
    /// 106 on the calf and 134 on the thigh, count one short). (Until November 2026 the stand
    /// was timed within half a start level of standing and could last 4 s: the slow ends of a
    /// rep read as standing, 0.9 s a stand of a 6 s squat and of a bend alike. The simulated picking up counted 0.4–1.1 a minute on the thigh and
    /// 0.3–1.2 on the calf then, 0.1–0.9 and 0–0.5 now.)
    static let longestStandInSet = 3.0

    /// The power of time with which a smooth movement leaves rest or comes to it: its travel
    /// grows as t³ (a minimum-jerk path, the classic model of human point-to-point movement,
    /// starts with no velocity and no acceleration, its jerk finite), so a movement that has
    /// come `x` from rest at speed `v` set off 3·x/v ago (``smoothEnd(distance:speed:)``).
    static let smoothStartPower = 3.0

    /// The longest, seconds, a rep's end is credited with having spent within half a
    /// ``Thresholds/startLevel`` of standing (``smoothEnd(distance:speed:)``). A full squat
    /// covers that band (3–5 % of its depth) in 15–20 % of its descent, 0.6 s of the slowest
    /// (3–4 s down); only the shallowest rep (``Thresholds/minDepth``, 15 % of it in the band)
    /// at the slowest tempo takes a second. A tilt crossing the edge more slowly than that is
    /// the wearer swaying, whose speed says nothing about a rep's end.
    static let longestSmoothEnd = 1.0

    /// How long ago a smooth movement that is `distance` from rest and moving at `speed` left
    /// it, or how long until it comes to rest (``smoothStartPower``), seconds, at most
    /// ``longestSmoothEnd``.
    @inline(__always)
    static func smoothEnd(distance: Double, speed: Double) -> Double {
        min(smoothStartPower * distance / speed, longestSmoothEnd)
    }

    /// On a hinged segment: how long the wearer stood between arriving at standing after one
    /// movement and setting off on the next, seconds. `stand` is the stand (see ``upright``);
    /// `exit` the time the tilt left the edge of standing (half a ``Thresholds/startLevel``)
    /// and `speed` its speed then, degrees a second.
    ///
    /// A rep's ends are slow: a minimum-jerk path covers its first and last few percent (half a
    /// start level of a thigh's 75–110° or a shin's 20–35°) in 15–20 % of its time, up to 0.6 s
    /// of a 3 s descent or ascent, and timed within that band the simulated 6 s squats stood
    /// 0.9 s longer than they paused. Where the tilt crosses the edge, how far it still had to go
    /// to standing (the edge less the lowest tilt of the stand) and how fast it moved say how long
    /// it took (``smoothEnd(distance:speed:)``): the stand is timed from when the wearer came to
    /// rest to when they set off, as the simulated pauses are (within 0.35 s of them, against
    /// 0.9 s over).
    @inline(__always)
    private func standingBetween(_ stand: (entered: Double, speed: Double, lowest: Double), and exit: (t: Double, speed: Double)) -> Double {
        let distance = max(thresholds.startLevel / 2 - stand.lowest, 0)
        let arrived = stand.entered + SquatDetector.smoothEnd(distance: distance, speed: stand.speed)
        let setOff = exit.t - SquatDetector.smoothEnd(distance: distance, speed: exit.speed)
        return setOff - arrived
    }

    /// How fast the tilt crossed the edge of standing between the previous sample and `value`,
    /// degrees a second (the two lie on either side of it, so it is positive); +∞ on the first
    /// sample after a gap, which then credits no slow end (``smoothEnd(distance:speed:)``).
    @inline(__always)
    private func crossingSpeed(_ value: Double, dt: Double) -> Double {
        dt > 0 ? abs(value - previousTilt) / dt : .infinity
    }

    /// On a hinged segment: follows the tilt's excursions out of standing (``movementBegan(_:)``)
    /// and, as it leaves standing, ends the set if the wearer stood there longer than
    /// ``longestStandInSet`` since the last movement (``standingBetween(_:and:)``).
    @inline(__always)
    private mutating func followExcursions(_ value: Double, t: Double, dt: Double) {
        let edge = thresholds.startLevel / 2
        defer { previousTilt = value }
        if value < edge {
            if !atStanding {
                atStanding = true
                lastExcursion = (excursion.start, t, excursion.depth)
                if excursion.depth >= thresholds.startLevel {
                    upright = (t, crossingSpeed(value, dt: dt), value)
                }
            }
            upright.lowest = min(upright.lowest, value)
        } else if atStanding {
            setOff(value, t: t, dt: dt)
        } else {
            excursion.depth = max(excursion.depth, value)
        }
    }

    /// On a hinged segment, as the tilt leaves standing at `t`: starts the excursion, notes how
    /// long the wearer stood (``stoodBeforeMovement``) and ends the set if that was longer than
    /// ``longestStandInSet``. Kept out of line: it runs once a movement (inlined, the calf read
    /// 751.8 instructions a sample, out of line 749.9, the thigh 766.9 either way; thigh and
    /// calf recordings of `Benchmarks/detector-instructions`).
    @inline(never)
    private mutating func setOff(_ value: Double, t: Double, dt: Double) {
        atStanding = false
        excursion = (t, value)
        stoodBeforeMovement = upright.entered.isFinite ? standingBetween(upright, and: (t, crossingSpeed(value, dt: dt))) : 0
        if stoodBeforeMovement > SquatDetector.longestStandInSet {
            confirmation.reset()
            upright.entered = .infinity
        }
    }

    /// For `bounce`: the longest a rep's signal may stay near zero (within half a
    /// ``Thresholds/startLevel``) after its bottom when no push follows, seconds. A squat's
    /// ascent is one movement: its acceleration goes from the push out of the bottom to the
    /// slowing at the top, through |g| once, and a rep deep enough to count (0.7 m/s² from
    /// trough to peak) passes through that band in at most 9 % of its duration, 0.55 s at 6 s
    /// per rep (the simulated sets: 0.34 s at most). A squatter who pauses at the bottom rests
    /// there too, but then pushes up: the signal rises again, and the rest is forgotten.
    /// Sitting down on a chair ends in the braking hump and then rest at |g|, and standing up
    /// begins with the trunk leaning forward, the shoulders (and a hanging arm) going down:
    /// the signal falls out of the rest (simulated seats: 1.9–2.9 s before ``maxHold`` or the
    /// stand-up ended them). A rest of a second that ends so is a seat, whatever follows it in
    /// the same movement: a small or slow lean (the shoulders 3 cm lower in 0.6 s, 6 cm in 1 s)
    /// does not fall far enough to complete the movement, and the stand-up's push then rises
    /// out of it as out of a paused bottom. A squatter paused at the bottom already stands
    /// balanced over the feet and pushes straight up, without falling first.
    static let maxRestAfterBottom = 1.0

    /// For `bounce`: the longest a wearer may stand still between two reps of a set, seconds.
    /// A squatter takes a breath at the top between reps: the real barbell sets here go on
    /// 1.4–1.8 s after a rep's count (which comes 60 % of the way up, so that includes the
    /// end of the ascent), the simulated ones pause 0–2 s. Standing still longer is a rest, and
    /// what follows is a new set, which three alike reps must start again. Movements made every
    /// few seconds with a rest between them (picking things up from the floor, the arm hanging,
    /// which makes a rep's push at the wrist; simulated: 2–7 s standing between) pair up into
    /// sets without it. Still (``SquatSignal/isStill``) is itself seen only after 0.5 s, so a
    /// stand of 3.5 s ends a set. What it costs: reps after a longer breath in the middle of a
    /// set count only if three alike follow it.
    static let longestStillInSet = 3.0

    /// For `bounce`: follows how long the wearer has stood still, and ends the set once that is
    /// longer than ``longestStillInSet``. Standing still, the hand is on the bar again as far
    /// as the turn can tell (``handLeftTheBar(_:)``).
    @inline(__always)
    private mutating func followStillness(dt: Double) {
        let before = stillFor
        stillFor = signal.isStill ? stillFor + dt : 0
        if signal.isStill { handIsFree = false }
        if stillFor > SquatDetector.longestStillInSet, before <= SquatDetector.longestStillInSet {
            confirmation.reset()
        }
    }

    /// For `bounce`: whether the movement just completed, or one before it since the wearer
    /// last stood still (``SquatSignal/isStill``), turned the band further than hands on a bar
    /// can (``Thresholds/maxTurn``, 30°). Such a movement ends the set (``turnedTooFar(_:)``),
    /// and so does every movement after it until the wearer has stood still again.
    ///
    /// Hands gripping a bar come back to the bar's orientation after every rep. A band that
    /// turned further than that has a free hand under it (turning a phone over, adjusting the
    /// band, gesturing), and a free hand turns away and back in one burst of movements without
    /// standing still between them. A movement's turn is its own (the mean direction it held,
    /// ``SquatSignal/greatestTurn``) or read where the band held still for a moment, and the
    /// movements that bring the hand back near where it was read as small turns: 10 minutes of
    /// simulated handling at the wrist (seed 7 at 100 Hz, which the agreement tests do not
    /// reach) made a movement that held the band 66° from where the wearer had stood, and the
    /// three that followed it, 0.3–0.4 s apart, read 18–20°, each a push as deep as a quick
    /// rep's (1.2–1.9 m/s²): a set of three. A squatter whose rep reads too far a turn loses
    /// the reps until the next breath at the top (0.5 s still, seen once the 0.7 s mean of the
    /// acceleration has caught up with the band: 2.5–3 s after a 60° turn, synthetic), or three
    /// alike after it; no simulated set has such a rep and counts differently for it (one 10 Hz
    /// set at 1.2 s per rep, seed 64, reads its last five reps 32° and counted 10 of 15 before).
    ///
    /// Simulated handling at the wrist: seed 7 at 100 Hz, 10 minutes: 3 → 0; held-out seed 70:
    /// 3 → 0; seeds 8101–8140 at 10 Hz–1 kHz, 5 minutes each: 6 → 3. What is left are sets of
    /// three movements that each turn within the limit (22–24° at seed 8112, 9–10° at held-out
    /// seed 73), with pushes as deep as a rep's. No simulated squat set counts differently (seeds
    /// 1–40, the held-out corpora and the fast ones), nor picking up, arm gestures, sitting down
    /// or walking at the wrist; the real barbell sets count as before.
    private mutating func handLeftTheBar(_ c: SquatStateMachine.Candidate) -> Bool {
        guard case .bounce = thresholds.signal else { return false }
        if turnedTooFar(c) { handIsFree = true }
        return handIsFree
    }

    /// For `bounce`: the fraction of a movement's depth (trough to peak) its peak must rise
    /// above zero, |g| at rest, to be a push out of a bottom. A rep's band-filtered acceleration
    /// swings down (the descent), up (braking and the push) and down (slowing at the top) about
    /// zero, a smooth rep symmetrically: its peak is half its depth above zero. When the wearer
    /// pauses at the top, the signal then comes back from the slowing's trough to zero, and
    /// the next descent takes it down again: a hump as deep as a slow rep (0.7–1 m/s²) whose
    /// peak is zero (the simulated ones: within 0.1 m/s² of it). Half of a rep's half.
    static let leastPushFraction = 0.25

    /// Follows how long the `bounce` signal rests near zero after the bottom of the movement
    /// in progress, and notes a rest longer than ``maxRestAfterBottom`` that ends in a fall.
    /// A push (the signal above the band) or a new peak (the phase back to descending) ends a
    /// rest; a fall noted stays until the movement is over (`step` forgets both once a
    /// candidate completes or the wearer stands).
    @inline(__always)
    private mutating func followRestAfterBottom(_ value: Double, dt: Double) {
        switch machine.phase {
        case .bottom, .ascending:
            let near = thresholds.startLevel / 2
            if abs(value) < near {
                restAfterBottom.current += dt
            } else {
                // Falling out of a long rest: leaning forward to stand up from a seat.
                if value < -near, restAfterBottom.current > SquatDetector.maxRestAfterBottom {
                    restAfterBottom.leftFalling = true
                }
                restAfterBottom.current = 0
            }
        case .descending:
            restAfterBottom.current = 0
        case .standing, .away:
            break
        }
    }

    /// For `bounce`: whether the movement just completed rested at |g| after its bottom for
    /// longer than ``maxRestAfterBottom`` and then fell, or completed still resting: sitting
    /// down, which ends the set as a seat does (``followRests(_:dt:signal:)``) once it is held
    /// longer.
    private func satDown() -> Bool {
        guard case .bounce = thresholds.signal else { return false }
        return restAfterBottom.leftFalling || restAfterBottom.current > SquatDetector.maxRestAfterBottom
    }

    /// For `bounce`: the least fraction of its depth (trough to peak) a rep's ascent must have
    /// fallen back from its peak for a stop to complete it (``stoppedAtTheTop(_:t:)``): half, a
    /// push's share of a rep whose descent is as deep as its push is high (a smooth rep's peak is
    /// half its depth above rest, see ``leastPushFraction``), with the slowing's own fall on top.
    static let leastFallBeforeStop = 0.5

    /// For `bounce`: completes the ascent in progress, though it has not fallen back by
    /// ``Thresholds/returnFraction`` of its depth, when the signal has stopped falling (it turned
    /// back up by half a ``Thresholds/startLevel``, or stayed within that of one
    /// level for the band filter's time constant, ``SquatBandFilter/timeConstant``, as for
    /// ``maxHold``) after falling ``leastFallBeforeStop`` of its depth, if the rep set off
    /// straight out of a rep offered to the set in progress (``setOffStraightOutOfLastRep(_:)``)
    /// and is like that set's reps (``SetConfirmation/isAlike(_:)``). The rep ends where its fall
    /// stopped (``SquatStateMachine/completeAscent(end:)``), not where that was seen.
    ///
    /// A quick set paused at the bottom is not split at the pause, where the braking settles
    /// before the push (`BounceTests.aQuickSetPausedAtTheBottomCountsEachRepOnce`; no simulated
    /// set counts more for the rule).
    /// Requiring the fall to stop below 0, where the slowing at the top is (|a| under |g|), lost
    /// last reps the rule is for (simulated fast wrist sets miscounted, seeds 3001–3040: 4 → 7;
    /// 3041–3080: 3 → 5): the band's |g|, learned over the set, reads a little off rest there.
    ///
    /// A rep that sets off straight out of the rep before (a quick set without a pause at the
    /// top) rises from a trough that holds two movements: the slowing at the top of the rep
    /// before, which the band filter still remembers, and its own descent. Its fall back is
    /// measured against that depth. Every rep but the last falls into the next rep's trough,
    /// as deep, and completes; the last one ends in its own slowing alone, which the filter
    /// spreads into a shallower, longer lobe after the push (at 10 Hz, where the push and the
    /// slowing come in two or three samples each, hardly any slowing shows), and then the wearer
    /// stands: its fall stops short of the 0.6 that completes it, and it never counted
    /// (simulated sets at 1.2 s a rep, seeds 3001–3040: the wrist sets whose last rep completes
    /// fall 0.61–0.73 there, the eight whose last rep was lost 0.55–0.60; a set of three then
    /// counted none, 3016 and 3029). The wearer stopping at the top is the end of the rep.
    ///
    /// Sitting down looks alike to the band: its descent, the braking into the seat and then
    /// rest, a fall of about half its depth that stops (0.50–0.60, median 0.52, where the
    /// simulated sit-downs stop falling). It sets off from standing, long after the last
    /// movement offered as a rep (those that would complete so: 3.5–6.2 s), not straight out of
    /// one (the quick sets' last reps above: 0.30–0.92 s). Without that bound the simulated
    /// sit-to-stand at the wrist counted 9 reps in 180 minutes (none before, none with it),
    /// picking up one more, and a held-out squat set a rep more.
    ///
    /// Seeds 3001–3040, the wrist's sets miscounted: 11 → 4; 3041–3080 (scored, not tuned on):
    /// 7 → 4; held-out 97–136 and 1101–1148: 4 → 3 and 5 → 3; seeds 1–40: 1 → 1. No set counts
    /// worse, and the distractors count as before (picking up at the wrist 94, 300 and 191 on
    /// the three corpora; handling, arm gestures and sit-to-stand none); the real barbell sets
    /// count the same at sensitivities 3, 5, 7 and 10. What it costs: the last rep of a quick
    /// set is known when the wearer has stopped, 0.5–0.9 s after its ascent ends (the simulated
    /// sets above), not as it comes back; and a sit-down made straight out of a quick set's rep
    /// (0.3 s after it, dropping 45 cm in 0.8 s onto a bench, synthetic) is counted as its last
    /// rep, as is any movement like the set's reps that sets off so and stops.
    @inline(__always)
    private mutating func stoppedAtTheTop(_ value: Double, t: Double) -> SquatStateMachine.Candidate? {
        // The cheap tests first: outside a quick set's last rep nothing goes further.
        guard case .ascending = machine.phase, setOffStraightOutOfLastRep(machine.movementStart) else { return nil }
        let turn = machine.ascentTurn, band = thresholds.startLevel / 2
        let turnedUp = value - turn.signal >= band
        let held = abs(value - holdLevel) <= band && t - holdSince >= SquatBandFilter.timeConstant
        let peak = machine.bottomSignal, trough = machine.descentTrough
        guard peak - turn.signal >= SquatDetector.leastFallBeforeStop * (peak - trough), turnedUp || held else { return nil }
        // It ended where its fall stopped: at its lowest point, or where it began to hold.
        let c = SquatStateMachine.Candidate(start: machine.movementStart, bottom: machine.bottomTime,
                                            end: turnedUp ? turn.t : min(turn.t, holdSince), peak: peak, trough: trough)
        guard confirmation.continuesSet(c), confirmation.isAlike(c) else { return nil }
        return machine.completeAscent(end: c.end)
    }

    /// For `bounce`: seconds within which a movement that set off after the end of the last rep
    /// offered to the set check (``SetConfirmation/lastRepEnd``) set off straight out of it:
    /// four time constants of the band filter (``SquatBandFilter/timeConstant``, 1.27 s), after
    /// which 91 % of a step has come through it, so that a trough still holds the slowing at the
    /// top of that rep. Measured, the quick sets' last reps set off 0.30–0.92 s after the rep
    /// before them, the simulated sit-downs that would complete as they do 3.5–6.2 s after the
    /// last movement offered as a rep.
    static let straightOutOfLastRep = 4 * SquatBandFilter.timeConstant

    /// For `bounce`: whether a movement that set off at `start` did so straight out of the last
    /// rep offered to the set check (``straightOutOfLastRep``). Not before it: after a gap
    /// whose clock went back, nothing did.
    @inline(__always)
    private func setOffStraightOutOfLastRep(_ start: Double) -> Bool {
        let since = start - confirmation.lastRepEnd
        return since >= 0 && since <= SquatDetector.straightOutOfLastRep
    }

    /// For `bounce`: whether the movement just completed is the signal coming back to rest
    /// after a rep rather than a push out of a bottom: its peak is hardly above 0
    /// (``leastPushFraction``), or was reached while the wearer stood still. A push is the body
    /// accelerating; the sensor still at the signal's highest is the band filter's output
    /// settling at rest. That rest is not always 0: a fast set's braking and pushes beyond
    /// ``SquatSignal/squatAccelerationLimit`` are left out of |g|, which then reads low, and
    /// the signal rests a few tenths of a m/s² above 0 (a simulated 10 Hz set at 2.5 s per rep:
    /// 0.3), a quarter of such a hump's depth. It is no movement at all: it is not offered,
    /// and the set goes on.
    ///
    /// Such a hump begins in the slowing at the top of the rep before, and the wearer comes to
    /// stand still only after it began. A hump the wearer was still through from before it
    /// began is a movement too gentle for the stillness test, which sees a change of the
    /// acceleration of 2 % of |g| within about a second: a slow rep with the band kept upright
    /// (30 cm at 5–6 s per rep changes it by 1–2 %; no rep counted) is such a movement.
    ///
    /// A peak reached while still is the rest only where it lies at the level the sensor reads
    /// at rest (``SquatSignal/restLevel``, |g| as read at rest less the signal's zero): within
    /// ``leastPushFraction`` of the hump's depth of it, as a peak must be of 0 to be a push.
    /// The stillness test cannot tell a push from rest when it is gentle: a 60–75° squat at
    /// 5–6 s a rep pushes out of its bottom at 0.2–0.4 m/s² (0.02–0.04 g), and near its peak
    /// the acceleration changes too slowly for the 0.7 s mean to lag it by 2 % of |g|, so the
    /// wearer reads still there, and the push was dropped as the set's rest. Slow sets lost
    /// every other rep so, or ended (the set's next reps out of its rhythm). Read once per
    /// candidate. Measured (November 2026, the wrist, squat sets of simc, hoA–hoE, fastA, fastB,
    /// farm's normU and fastU and seeds 4101–4220, 4301–4380 at 5 s a rep, 4401–4480 at 6 s,
    /// with their distractors and seeds 420–479's, 690 recordings of 5 minutes): of the
    /// candidates whose peak came while still, those of the distractors peak at most 0.14 of
    /// their depth above the rest level (2,369 of them), the squat sets' come-back humps
    /// likewise, and 79 of the squat sets' 1,144 lie 0.25–0.70 above it, the slow pushes.
    /// Squat sets miscounted, before → after (closer in brackets): seeds 4401–4480 (6 s a rep)
    /// 19 → 9 (13), 4301–4380 (5 s) 3 → 2, 4101–4220 3 (1), hoB 3 → 2, hoD 3 → 1, hoE 3 (1);
    /// none counts worse, nor does any distractor, the real recordings or the fast sets whose
    /// rest level reads high (a 12.5 Hz set at 1.2 s a rep, hoE seed 633, rests 2.1 m/s² above
    /// 0, and its reps' pushes 1.4–2.8 above 0 are not still at their peaks: measured from the
    /// rest level alone, without stillness, they were lost).
    private func cameBackToRest(_ c: SquatStateMachine.Candidate) -> Bool {
        guard case .bounce = thresholds.signal else { return false }
        let push = SquatDetector.leastPushFraction * c.prominence
        return c.peak < push || (stillAtPeak && c.peak - signal.restLevel < push)
    }

    /// ``Thresholds/minDepth`` at the default sensitivity (5) with the profile's overrides: the
    /// depth the placement's reps are known to reach (see ``isShallowStrayInSet(_:)``).
    private let profileMinDepth: Double
    /// ``Thresholds/startLevel`` at the default sensitivity (5) with the profile's overrides:
    /// how near 0 a rest leaves the estimate, whatever the sensitivity (see
    /// ``travelledBeforeTurning(_:)``).
    private let profileStartLevel: Double

    /// Whether the movement just completed is a candidate only because a bar was lowered below
    /// the placement's own depth, and is not like the reps of the set in progress
    /// (``SetConfirmation/isAlike(_:)``): such a movement is not offered, and the set goes on,
    /// as it did when the bar was higher. Offered, it ended the set. Two bars are lowered:
    /// - a sensitivity above 5 scales ``Thresholds/minDepth`` down (by 1.25 a step), so that a
    ///   set of shallower squats counts. It lets in the small movements between a set's reps
    ///   too: the thigh swinging back 15–20° as the knee locks after each rep (real thigh sets
    ///   at sensitivity 7, minimum 12.8°: one of them counted 0 of 10, and 31 of 33 counted
    ///   right, net 13 reps lost; 23 of 33 at 10). A set of shallow squats repeats its depth,
    ///   rep after rep, and still counts.
    /// - for `bounce`, a hump under ``Thresholds/minDepth`` is a candidate for lasting long
    ///   (``SquatStateMachine/leastDepth(lasting:)``). A slow set repeats its gentle humps.
    ///   While the wearer stands between the reps of a quicker, deeper set, the signal climbs
    ///   back to rest from the slowing's trough, over seconds, and rest itself lies a few tenths
    ///   of a m/s² above 0 after pushes beyond ``SquatSignal/squatAccelerationLimit`` (see
    ///   ``cameBackToRest(_:)``): a hump as long and as gentle as a slow rep's, its peak
    ///   0.2–0.5 m/s² above 0 before the wearer is still (simulated deep sets at 1.2–2.5 s per
    ///   rep, standing 2 s between: 0.5–0.6 m/s² over 1.3–2 s, against reps of 5). Offered,
    ///   they ended the set, and six sets of 120 lost reps.
    /// On `tilt` and `lift` a movement under the bar in force that still completed (one that
    /// rose from a trough a quick rep left high, or showed its depth in its fall, see
    /// ``SquatStateMachine``) is judged as before: at sensitivity 5 nothing changes.
    private func isShallowStrayInSet(_ c: SquatStateMachine.Candidate) -> Bool {
        let shallow: Bool
        switch thresholds.signal {
        case .bounce: shallow = c.prominence < max(thresholds.minDepth, profileMinDepth)
        case .tilt, .lift: shallow = c.prominence >= thresholds.minDepth && c.prominence < profileMinDepth
        }
        return shallow && !confirmation.isAlike(c)
    }

    /// On the wrist: whether the movement just completed swung the band on an arc, as a hanging
    /// arm swings when the trunk bends over to pick something up, where hands on a bar on the
    /// back go down and up along a line (``SwingPath``, ``SwingPath/arcScore``: simulated squat
    /// reps score 0.46 at most, real barbell reps 0.41, 98 % of the simulated stoops over 0.5),
    /// the hand setting off from rest sideways before it went down (``SwingPath/leastLead``: a
    /// bar's loop drops first). Judged once per movement that completes; a swing ends the set.
    private mutating func swungOnAnArc(_ c: SquatStateMachine.Candidate) -> Bool {
        guard path.isKept else { return false }
        let start = repBegan(c), end = repEnded(c)
        return path.measure(from: start, to: end, notBefore: lastOfferedEnd)?.isArc ?? false
    }

    /// Whether the movement just completed turned the sensor further than ``Thresholds/maxTurn``
    /// (its ``SquatStateMachine/Candidate/turn``, read only when a candidate is offered: one
    /// arccosine per rep). In the hand, a rep of a confirmed set, alike it, may read further by
    /// the tilt of its own acceleration (``turnIsAFastRepsTilt(_:limit:gravity:)``).
    private func turnedTooFar(_ c: SquatStateMachine.Candidate) -> Bool {
        guard thresholds.maxTurn < 180 && c.turn > thresholds.maxTurn else { return false }
        return !(excusesAccelerationTilt && confirmation.isInConfirmedSet && confirmation.isAlike(c)
                 && SquatDetector.turnIsAFastRepsTilt(c, limit: thresholds.maxTurn, gravity: signal.gravity))
    }

    /// For `lift` in the hand: whether a rep that read a turn past `limit` (``Thresholds/handMaxTurn``)
    /// may have turned no further than that, the rest being the tilt its own acceleration gave
    /// the apparent gravity, and travelled as a squat does for it.
    ///
    /// The turn is read where |a| is within 10 % of |g| (``SquatSignal/greatestTurn``), which
    /// says nothing of the acceleration across gravity there: a hand carried down and forward
    /// and back on the arms' arc is accelerated sideways while |a| passes |g|, and the apparent
    /// gravity tilts by atan(a/g). Simulated hand seed 3054 (fast set at 500 Hz, 110° deep, the
    /// controller turning 15–18° as the same person's 6 s reps read it, 22–30° at 3 s): its reps
    /// read 30–52°, eight of them past 45°, each ending the set (3 of 15 counted). The acceleration
    /// is bounded here by the one the rep's travel needs in its time: a descent and its braking
    /// over `travel` in half the rep's duration (start to return), 16·travel/duration²
    /// (5.5–8.8 m/s² in seed 3054's reps past the limit: 21–32° of tilt). A bend to pick
    /// something up over 5–6 s (0.5–0.8 m/s²) gains 3–5°, past the limit still. And it must travel at least
    /// 1 cm for each degree it read (a squat's hips go ~1 cm down per degree the trunk leans,
    /// ``SetConfirmation/leastTravelPerDegree``; the hand turns less than the trunk): a hand
    /// swinging as its wearer walks reads 40 cm for 45–60° (0.66–0.71), with tilt enough to excuse
    /// any of it. No more than the trunk's own limit (``Thresholds/trunkMaxTurn``) either.
    /// Only in a confirmed set, for a rep alike it: the rule extends a set, and never starts one.
    ///
    /// Over the tuning, held-out and fast corpora (November 2026) only seed 3054 counts
    /// otherwise, 3 → 15 of 15. Without the travel bar a walk's false set in the hand went on
    /// (hoE walking seed 70: 11 → 20 counted); without the tilt's bound, with a 60° limit for
    /// any rep of 1 cm per degree, a pick-up's false set did (hoE pick-up seed 70: 9 → 14).
    static func turnIsAFastRepsTilt(_ c: SquatStateMachine.Candidate, limit: Double, gravity: Double) -> Bool {
        guard c.prominence >= c.turn * SquatDetector.squatTravelPerDegree, gravity > 0 else { return false }
        let duration = max(c.end - c.start, 1e-3)
        let acceleration = 16 * (c.prominence / 100) / (duration * duration)
        let tilt = atan(acceleration / gravity) * 180 / .pi
        return c.turn <= min(limit + tilt, Thresholds.trunkMaxTurn)
    }

    /// The travel a squat makes per degree its sensor turns, centimetres (the `lift` signal's
    /// unit) per degree: the hips go 30–50 cm down for 45–55° of the trunk's lean (see
    /// ``SetConfirmation/leastTravelPerDegree``, which halves it for one rep's misread travel).
    static let squatTravelPerDegree = 1.0

    /// For `tilt`: the fraction of a rep's depth that divides its rise from its top. Up to it
    /// the sensor is still turning away from standing, and a squatting body is going down with
    /// it; above it a raised arm is held, until the ascent begins (a quarter of the depth back,
    /// ``SquatStateMachine/ascentStart``). The sensor's travel is judged over the rise only: on a
    /// held arm the height estimate, integrated twice, drifts with the |g| that miscalibrated
    /// axes read differently in each orientation (1–2 % per axis, 0.1–0.3 m/s²: 10–40 cm in 2 s).
    static let riseTop = 0.8
    /// For `tilt`: the most the sensor may rise over a rep's rise (net of any fall) and still
    /// be carried down by a body, metres. An arm raised about a still shoulder lifts a sensor
    /// on the upper arm (14–18 cm out) by r(1 − cos θ), 4–5 cm by the time it has turned
    /// ``Thresholds/minDepth`` (45°), and the swing's own centripetal and tangential
    /// accelerations, which only lengthen |a|, read as more: 81 of the 98 simulated gestures
    /// that made a candidate read as more than 4 cm up (median about 13 cm). A squat takes the
    /// shoulder 15–45 cm down meanwhile (the simulated sets read 8 cm down or more). Yet one real
    /// set reads 11–16 cm up on every rep, its arm swung up fast before the body went down,
    /// which is why a rise alone is not enough (see ``heldToRise``).
    static let armLift = 0.04
    /// For `tilt`: how many times as long as it took to rise (from 20 to 80 % of its depth) a
    /// movement may stay near its top (from 80 % on the way up until its ascent begins, 75 % on
    /// the way down) and still be a squat whose arm simply went down and up with the body. A
    /// smooth, sinusoidal hump stays there 1.53 times as long as it took; the real squats here
    /// up to 2 times. An arm raised in 0.5–1.2 s and held for 1–3 s
    /// stays 2–10 times as long. A squat that pauses at the bottom stays as long as a held arm;
    /// it is told apart by the body going down (``armLift``).
    static let heldToRise = 3.0
    /// For `tilt`: the longest a movement may take to rise from one level to the next (half a
    /// ``Thresholds/startLevel``, 4° at sensitivity 5) between 20 and 80 % of its depth and
    /// still be one continuous movement, seconds. A body going down does not stop half-way: the
    /// slowest squat that reaches the upper arm's ``Thresholds/minDepth`` (45° of arm in a 4 s
    /// descent, the slowest prescribed eccentric tempo, as half a cosine) turns the arm through
    /// 4° in at most 0.28 s there, and the real squats here in 0.1 s (one sample at 10 Hz).
    /// An arm raised in steps, to reach for something or to bring a phone up to the eyes,
    /// stops at some level on its way up: two real movements after app-paced sets paused at
    /// ~40° before going on to ~75°, and stayed 0.4 s within one level (a pause of 0.8 s reads
    /// so after the 1 Hz low-pass, which carries the signal on into the pause; no real squat rep
    /// here stayed longer than 0.11 s, and real burpees, which stop on the floor, 0.6–2 s).
    /// Only a movement that lifted the sensor (``armLift``) is judged: a squat carries it down.
    static let longestRiseStep = 0.3

    /// Whether a signal held within half a start level for ``maxHold`` at `placement` is the
    /// wearer settled in a posture (a seat, kneeling) rather than still squatting: everywhere
    /// but on the upper arm. There the signal is the arm's own angle, which a squatter holds,
    /// arms forward for balance, from when the hips are as far back as they go (63–72° of
    /// thigh flexion) through everything deeper, the pause at the bottom and the ascent back to
    /// there: 4–5 s at 6 s per rep with a 1 s pause (simulated deep, slow sets: no rep counted
    /// when held arms were a posture). Sitting down lowers the arm back to the side rather than
    /// holding it up, and an arm raised and held to point or reach ends the set by its own rule
    /// (``wasRaisedAndHeld(_:)``); one never lowered is abandoned after
    /// ``Thresholds/maxRepDuration``. The real upper-arm recordings count the same either way.
    /// (The placements whose arm can be raised and held, ``canBeRaisedAndHeld(_:)``, and no other.)
    static func heldLevelIsPosture(_ placement: Placement) -> Bool { !canBeRaisedAndHeld(placement) }

    /// Whether a sensor at `placement` rides a free arm, which a wearer raises about a still
    /// shoulder as far as a squat swings it (``wasRaisedAndHeld(_:)``): the upper arm. A thigh
    /// or shin turns about the knee only as the body goes down or a foot leaves the floor, and
    /// the sensors carried by the trunk or held in the hand have their own rules (the turn
    /// limit, travel per degree). Only there the height is followed, at about 8 ns a sample,
    /// and the posture the arm comes back to after a rep (``SquatSignal/noteRepBottom()``).
    static func canBeRaisedAndHeld(_ placement: Placement) -> Bool {
        switch placement {
        case .upperArm: return true
        case .thigh, .calf, .waist, .wrist, .head, .chest, .hand: return false
        }
    }

    /// For `tilt`: whether the movement just completed lifted the sensor rather than taking it
    /// down on the way to its top (``armLift``), and then held it there (``heldToRise``) or
    /// stopped on the way up (``longestRiseStep``): an arm raised about a still shoulder to
    /// point, reach or wave. A squat carries the sensor down with the body, whatever the arm
    /// does on the way, and unless the squatter pauses at the bottom the arm comes down as it
    /// went up. Judged only once the height has settled since the
    /// stream (re)started (``SquatSignal/heightSettled``), and with a rep's worth of levels.
    ///
    /// What it costs: a quick squat paused at the bottom flings the arm up for balance in
    /// 0.3–0.4 s and holds it through the pause, as a raised arm is held, and the height
    /// misreads the fling. ``SquatSignal/height`` integrates (|f|² − |g|²) / 2|g|, which is
    /// the vertical acceleration plus |a|² / 2|g| for a kinematic acceleration a of any
    /// direction: every acceleration reads as up, and a fling, |a| up to 28 m/s² (at 10 Hz),
    /// reads up to 22 m/s² up for a few tenths of a second, 5–42 cm over the rise, where the
    /// shoulder went 20–50 cm down. Simulated quick sets paused 1 s at the bottom lose reps so,
    /// each such rep ending the set in progress (seeds 3032 and 3056: none of 6 and 4 counted;
    /// 3035, 3041, 3080: one to four short). Tried in November 2026
    /// (sets miscounted on seeds 3001–3040 / 3041–3080, 15 / 18 then), none kept:
    /// - the acceleration projected on the 1 Hz gravity direction, f·ĝ − |g| (no |a|² / 2|g|,
    ///   but the direction's lag read as a fall): 14 / 16, but a real squat set lost 2 of 6 (2017-05-01 16-26-13
    ///   I2 set 1, its first rep read 14 cm up), the real burpees counted 1.07 a minute instead
    ///   of 0.84, and simulated arm gestures 0.03 (0 before); used for the hold test only, the
    ///   step test as before: 14 / 16, burpees 0.92, gestures 0.03;
    /// - |f| − |g| (its square root, exact for a vertical acceleration): 14 / 18, a simulated
    ///   set lost 2 of 7 (seed 56), burpees 1.01; the vertical clamped at a squat's 0.6 g:
    ///   14 / 17, burpees 1.34;
    /// - the part of |a|² that the arm's rate of turn explains, r²(ω⁴ + α²) / 2|g|, with ω and α
    ///   from the 1 Hz direction's turn and r = 0.1–0.3 m: 14–15 / 18, burpees 0.92–1.15;
    /// - the rule left out for a movement as deep as the set in progress and within its gap:
    ///   burpees 0.90–2.56, or two more real squat sets a rep off.
    /// The real burpees are caught by the same bias: nine of their movements held at the top
    /// that end a set read 6–16 cm up with it, and under 4 cm by each estimate above. Telling a
    /// fling from a raise needs the rate of turn itself (a gyroscope) or the shoulder's own
    /// travel. What does tell them apart, in part, is the body: a squatter's arm stays up while
    /// the body brakes at the bottom and pushes back up, which no arm held about a still shoulder
    /// reads (``heldArmPush``); a hold so pushed ends no set (since November 2026: 3032, 3041
    /// and 3056 count every rep; 3035 and 3080 are still one and four short, their bodies
    /// pushing 1.2–2.2 m/s² while the arm was up, as shallow quick reps do).
    ///
    /// The window is also read late in a quick squat paused at the bottom: the arm is flung up
    /// faster than the 1 Hz tilt follows, the tilt rises at the filter's own pace as the body
    /// stops, and its 20–80 % rise spans the braking and the pause, where the height's leaks
    /// carry the estimate back up after the fall (simulated fast seed 3032 at 10 Hz: arm 10° →
    /// 93° in 0.32 s with the hips 55 cm down; 16.8 cm up and 5.0 down over the tilt's rise, 0
    /// up and 41 down 0.19 s earlier, where the arm was). Tried and not kept (November 2026):
    /// the heights read 0.19 s earlier (the tilt's delay less the travel filter's) where the
    /// tilt rose within the filter's settling time (0.64 s). Upper-arm sets
    /// miscounted on the fast corpora 3001–3440: 14 → 9 on the two it was made on, 41 → 25 on
    /// the five it was not; but on the held-out rows 701–1548, 3 sets better and 3 worse: two
    /// sets at 3 and 5 s a rep paused 1 s at the bottom lost 3 reps each (the arm is flung as
    /// quickly in a slow rep, and 0.19 s earlier the estimate's drift is read instead), an
    /// arm-gestures recording counted 4 more, and synthetic sets whose arm is flung 70–80° in
    /// 0.4 s while the shoulder goes 30 cm down in the same 0.4 s counted fewer (7 of 36).
    private func wasRaisedAndHeld(_ c: SquatStateMachine.Candidate) -> Bool {
        guard case .tilt = thresholds.signal, signal.followsHeight, heightSettledAtStart, levelsReached > 0 else { return false }
        let top = level(SquatDetector.riseTop, of: c)
        let start = levelHeights[0]
        var up = 0.0, down = 0.0
        for h in levelHeights[0...top] {
            up = max(up, h - start)
            down = max(down, start - h)
        }
        guard up - down > SquatDetector.armLift else { return false }
        let riseStart = level(1 - SquatDetector.riseTop, of: c)
        let rise = levelTimes[top] - levelTimes[riseStart]
        if machine.ascentStart - levelTimes[top] > SquatDetector.heldToRise * rise, !pushedUpWhileHeld(from: top) { return true }
        // Stopped on the way up: an arm raised in steps, held part-way.
        return top > riseStart && ((riseStart + 1)...top).contains {
            levelTimes[$0] - levelTimes[$0 - 1] > SquatDetector.longestRiseStep
        }
    }

    /// For `tilt` on a free arm: the most an arm held up about a still shoulder reads above |g|
    /// (``SquatSignal/vertical``, the 1 Hz acceleration's length less |g|) between reaching its
    /// top (``riseTop``) and coming down (within ``SquatStateMachine``'s bottom hysteresis of its
    /// peak), m/s². A body that pushes the sensor up harder than that while the arm is still up
    /// is a squatter's, braking at the bottom or pushing back up from a pause before the arm
    /// comes down for balance; the held arm's rule (``wasRaisedAndHeld(_:)``, its hold) does not
    /// end the set then.
    ///
    /// Why: a held arm reads only what waving it adds. The shoulder turned ±8° at 1–2.5 Hz with
    /// the sensor 16 cm out reads at most 0.9 m/s² through the 1 Hz filter; the simulated arm
    /// gestures that the hold ends (5,140 movements, upper-arm seeds 1–54, 67–78 and 412–499)
    /// read at most 0.95 m/s² in 95 % of them, 1.16 in 99 %, 2.7 at most (an arm raised to
    /// 171°), and the real exermote breaks and idle stretches 2.0 at most. A quick squat's
    /// shoulder brakes at the bottom and pushes back up within 0.6 s: 50 cm down and up in
    /// 0.6 s each way as half a cosine, 1 s paused between, reads 2.6–2.7 m/s² (40 cm, 2.1),
    /// and the 97 simulated quick-set movements the hold test ended read 3.4 m/s² in the
    /// median, 72 of them more than 2.5. Fast sets (1.2 s a rep, no pause at the top),
    /// upper-arm sets miscounted before → after: seeds 3001–3040 5 → 3, 3041–3080 5 → 3,
    /// 4001–4080 10 → 10 (two closer), 4081–4240 30 → 20, 4500–4899 91 → 70; held-out seeds
    /// 97–136 one set closer; no squat set on any of them, the tuning corpus, the held-out
    /// rows A–E or the normal-tempo seeds 4101–4140 counts worse, and no distractor counts
    /// more. The real table is unchanged; at 2.0 m/s² one real burpee set counted one more
    /// (0.71 → 0.73 a minute; the real burpees that the hold test ends read 2.05 m/s² or less
    /// in 90 % of them). Real squats at 2.5 s a rep read 1.7 m/s² in the median, 2.7 at most: the rule
    /// does not reach them, nor do they need it, their arm rising too slowly to read as a lift.
    /// Only the hold is excused so, not a rise that stopped part-way (``longestRiseStep``): the
    /// real burpees that one ends read up to 3.8 m/s² (fast sets 57 and 64 of 400 miscounted
    /// instead of 70 with it excused at 2.5 and 3.0, but the real burpees 1.13 and 1.07 a minute).
    static let heldArmPush = 2.5

    /// Whether the movement in progress pushed the sensor up by more than ``heldArmPush`` while
    /// still near its peak (going down, in ``SquatStateMachine``'s terms) from when it first reached level
    /// `top` until its ascent began. The push is kept per level as the levels are reached
    /// (``followLevels(_:t:newMovement:)``): a max per sample while going down, and a loop over
    /// the levels once per movement judged.
    private func pushedUpWhileHeld(from top: Int) -> Bool {
        var push = pushAtLevel
        for k in top..<(levelsReached - 1) { push = max(push, levelPushes[k]) }
        return push > SquatDetector.heldArmPush
    }

    /// On a free arm: as a descent starts from standing, measures the rep from where the arm
    /// came back to rather than from where the low-passed tilt turned back up, when the two
    /// differ because the filter lags (``SquatSignal/quietTurnBeyondTrough()``), and times it
    /// from when the arm turned (``filterDelay`` before the tilt's trough); as a descent starts
    /// straight out of an ascent (a quick set's rep that ends at its turn,
    /// ``SquatStateMachine/turnedAsAFilteredRep(t:)``, or any ascent that went down again by a
    /// rep's depth), times it from ``filterDelay`` before the ascent's lowest point, where the
    /// tilt turned, if the ascent swung half a ``Thresholds/minDepth`` read at the filter's gain
    /// at the quickest tempo (below). `start` and `bottom` are the movement's start and bottom
    /// signal before this sample.
    ///
    /// A fast set without a pause at the top (1.2–1.5 s per rep) swings the arm down and
    /// straight up again: the 1 Hz low-pass turns back up 20–30° short of where the arm came
    /// back to, and every rep after the first reads 40–46° of a 70° swing, short of
    /// ``Thresholds/minDepth`` (simulated sets: none or half of their reps counted). Where |a|
    /// is near |g| at that turn, the arm's gravity direction is measured with little lag, and
    /// the descent's trough is lowered by how much further from the last bottom it lies. Only
    /// when the lag can be the cause: the wearer stood for less than ``filterSettling`` (a
    /// filter given longer shows the posture itself), after a movement that swung at least
    /// half a ``Thresholds/minDepth`` (``setOffWhileTheFilterLagged``; a filter lags a small
    /// movement by little, and a real arm fidgets a few degrees after a shallow one).
    ///
    /// The rep is timed (``movementBegan(_:)``) from when the arm turned back into it: the
    /// lagging tilt crosses the start level 0.3–0.45 s after the turn, and the reps of a set at
    /// 1.2 s per rep read 0.74–0.93 s from there, under the upper arm's 1 s minimum
    /// (``Thresholds/minRepDuration``), though the arm took 1.15–1.3 s from the turn to where
    /// the ascent counts. The tilt's trough is the filter's output turning, about ``filterDelay``
    /// after the arm did, however the arm turns; the quasi-static posture says how far the arm
    /// came back, but not when: its moments come every ``SquatSignal/heightStep`` where |a| is
    /// within 10 % of |g|, which the arm's own reversal at the turn often is not, and around
    /// the turn they lie within a degree or two of each other, the furthest any of them. Timed
    /// from the furthest, the reps began 0–0.24 s after the simulated ones did (from the trough
    /// less the delay: within 0.1 s either way; seeds 36, 3012 and 3036), and at 1.2 s a rep
    /// some read under the 1 s minimum: seed 36 lost its seventh rep so (quasi-static moments
    /// 43.0–44.6° from the bottom over 0.22 s, the furthest last, 0.2 s after the rep began:
    /// 0.95 s; 1.13 s from the trough less the delay), and seeds 3012, 3036, 3051, 3063, 3066,
    /// 3072 and 3075 one or two reps each. Timed from the trough itself
    /// (before November 2026, where no quasi-static moment lay beyond it), the rep was short by
    /// the whole delay. A rep that sets off straight out of the ascent before it, which is seen
    /// only once the tilt has risen a start level from its turn, was timed from there, 0.4–0.5 s
    /// after the arm turned: the second rep of a quick set, whose first rep ends at its turn,
    /// read 0.68–0.89 s (simulated sets at 1.2 s a rep, seeds 3010, 3015, 3030, 3036, 3042,
    /// 3045, 3051, 3066 and 3072; the spacing of its count from the first rep's, ``gate``,
    /// lost it too). Seeds 3001–3080, upper-arm sets miscounted: 26 → 14 with both and the gate's
    /// spacing; the tuning corpus 2 → 0 (seeds 36 and 37, the latter with
    /// `SquatStateMachine.fellToQuietReturn`), held-out seeds 601–648 3 → 2, and no set
    /// counts worse, no distractor counts more; the real burpees 0.78 → 0.76 a minute.
    ///
    /// The ascent's swing is read through the filter, and a rep chained straight out of the one
    /// before is a quick set's: its swing is asked half a ``Thresholds/minDepth`` at the
    /// low-pass's gain at the quickest tempo (``SquatStateMachine/quickestRepPeriod``, 0.59 at
    /// 1 Hz: 13.3°), as ``readsTheFiltersLagAsAPosture`` asks of the last swing. Asked of the
    /// swing as read (22.5°), a quick set whose arm swings 35–40° was timed from the start
    /// level: simulated fast seed 3057 (12.5 Hz, 90°, 1.2 s a rep) reads its first rep's ascent
    /// from 52.0° down to 30.3°, a swing of 21.7°, and its second rep, timed from where it rose
    /// a start level out of that turn (2.72 s; the simulated rep began at 2.30 s), read 0.80 s,
    /// under the 1 s minimum (``Thresholds/minRepDuration``): 4 of 5 counted. Timed from the
    /// turn less the delay (2.24 s) it reads 1.28 s, and all 5 count. Upper-arm sets closer
    /// (November 2026): fast seeds 3057, 4407 (1 kHz, 0 → 3 of 3), 4437 (200 Hz, 6 → 7 of 7),
    /// 4566 (500 Hz, 4 → 5 of 6), held-out 441 (12.5 Hz, 11 → 13 of 15) and 4275 (12 → 13 of
    /// 14); none worse on the tuning corpus, held-out rows A–E, fastA, fastB, fast seeds
    /// 4000–4199 and 4400–4599, normal seeds 4200–4399 and 4600–4699 (distractors 400–469
    /// included); the real table is unchanged. Only the timing, and only here: the filter's lag
    /// at a descent set off from standing (``setOffWhileTheFilterLagged``, which also reads the
    /// rep's depth from where the arm came back to) asked at this gain counted a real set a rep
    /// more (exermote 2017-04-27 21-01-37 I2 set 0: 11 of 10), and the lagging turn that only
    /// times a rep (``turnedWhileTheFilterLagged``) the real burpees 0.76 a minute instead of 0.71.
    @inline(__always)
    private mutating func followQuietTurn(t: Double, wasMoving: Bool, start: Double, bottom: Double, rereferenced: Bool,
                                          signal value: Double) {
        if wasMoving, case .standing = machine.phase {
            lastAscent = (t, machine.bottomSignal - machine.descentTrough)
        }
        if wasMoving, machine.isMoving, machine.movementStart != start {
            // Straight out of an ascent (that reached `bottom`) into a new descent: the tilt
            // turned back up at the ascent's lowest point. (Not where the reference moved to
            // where the ascent came back to: the tilt jumped to a new frame there, and the
            // descent is timed from that sample.)
            let turn = machine.ascentTurn
            if !rereferenced, bottom - turn.signal >= halfAQuickRepAsRead {
                armTurn = (machine.movementStart, turn.t - filterDelay)
            }
            return
        }
        guard !wasMoving, machine.isMoving else { return }
        // Read at every movement's start, used or not: reading it also forgets the posture it
        // read (`SquatSignal.quietTurnBeyondTrough()`).
        let turn = signal.quietTurnBeyondTrough()
        if setOffWhileTheFilterLagged {
            if let turn { machine.rebase(trough: machine.descentTrough - turn, signal: value) }
        } else if !turnedWhileTheFilterLagged {
            return
        }
        // Only one that set off while the filter lagged is read from where the arm came back
        // to; one that only turned then is timed only (see `turnedWhileTheFilterLagged`).
        armTurn = (machine.movementStart, machine.lowTime - filterDelay)
    }

    /// On a free arm: whether the movement in progress, which set off from standing
    /// ``filterSettling`` or more after the last movement's ascent completed, turned back up
    /// (its trough, where the low-passed tilt was lowest) less than that after: the filter still
    /// lagged the arm where the tilt turned, and the arm turned about ``filterDelay`` earlier,
    /// as for a movement that set off sooner (``setOffWhileTheFilterLagged``). The movement is
    /// timed from there (``movementBegan(_:)``), but its depth and the reference stay as the
    /// tilt reads them: where the arm came back to is read only for a movement that set off
    /// within the settling time.
    ///
    /// A rep that rises slowly out of the last one's lagging return crosses the start level
    /// late: simulated fast seed 3027 (50 Hz, 1.2 s a rep, 90°), whose last rep was shallower
    /// than the others (53° of tilt against 77–83°), set off 0.66 s after the rep before it
    /// completed, just past the 0.64 s of the settling time, though its tilt turned 0.48 s
    /// after; timed from the start level's crossing (22.88 s) the rep read 0.96 s, under the
    /// upper arm's 1 s minimum (``Thresholds/minRepDuration``), and the set counted 13 of 14.
    /// Timed from the trough less the delay (22.42 s; the simulated rep began at 22.37 s) it
    /// reads 1.42 s, and all 14 count. Read as a lagging turn in full (its depth from where the
    /// arm came back to, and no misplaced reference), a handling recording at the upper arm
    /// counted 4 (held-out seed 38, 0 before), its slow movements made deep enough by the turn.
    /// Timed only, no simulated set or distractor counts otherwise but 3027 and held-out seed 606
    /// (500 Hz, 1.5 s a rep: 10 → 11 of 11), and the real burpees count 19 reps instead of 22 (0.76 →
    /// 0.71 a minute; two sets count more, 3 → 7 and 7 → 8, three fewer, 3 → 0, 4 → 0, 5 → 4).
    private var turnedWhileTheFilterLagged: Bool { filterLagged(at: machine.lowTime, swing: halfARep) }

    /// On a free arm: whether the movement in progress set off from standing while the 1 Hz
    /// low-pass still lagged the arm's way back from the movement before: less than
    /// ``filterSettling`` after that movement's ascent completed, a movement that swung at
    /// least half a ``Thresholds/minDepth`` (``misplacedReferenceFraction``; a filter lags a
    /// small movement by little). The posture the tilt turned back up at is then where the
    /// filter had got to, not where the arm came back to (``followQuietTurn(t:wasMoving:start:bottom:rereferenced:signal:)``),
    /// and says nothing of where the arm hangs (``readsTheFiltersLagAsAPosture`` asks the same of a
    /// swing read at the filter's gain).
    private var setOffWhileTheFilterLagged: Bool { filterLagged(at: machine.movementStart, swing: halfARep) }

    /// Whether, at `t` in the movement in progress, the 1 Hz low-pass still lagged the arm's way
    /// back from the movement before (``setOffWhileTheFilterLagged``,
    /// ``turnedWhileTheFilterLagged``).
    ///
    /// `least`: the least swing of that movement, as read, for the filter to lag it enough to
    /// matter: ``halfARep``, or ``halfAQuickRepAsRead`` where the swing is a quick set's
    /// (``readsTheFiltersLagAsAPosture``).
    private func filterLagged(at t: Double, swing least: Double) -> Bool {
        machine.isMoving && t - lastAscent.end < filterSettling && lastAscent.swing >= least
    }

    /// Half a rep, degrees (``misplacedReferenceFraction`` of ``Thresholds/minDepth``).
    private var halfARep: Double { SquatDetector.misplacedReferenceFraction * thresholds.minDepth }

    /// On a free arm: ``halfARep`` of the arm's swing at the quickest tempo
    /// (``SquatStateMachine/quickestRepPeriod``) as the 1 Hz tilt reads it, through the
    /// low-pass's gain there (0.59: 13.3°): the least swing asked of a quick set's ascent
    /// (``followQuietTurn(t:wasMoving:start:bottom:rereferenced:signal:)``,
    /// ``readsTheFiltersLagAsAPosture``).
    private var halfAQuickRepAsRead: Double {
        halfARep * machine.filterGain(period: SquatStateMachine.quickestRepPeriod)
    }

    /// On a free arm whose reference is where the arm hung while the wearer stood still
    /// (``SquatSignal/restHeldStill``): whether a posture that reads half a rep from the
    /// reference, and would move the reference to it (``SquatSignal/rereferenceToLowest()``
    /// as a descent starts, ``SquatSignal/rereferenceToCameBack()`` as the sensor leaves it),
    /// is the low-pass lagging, not a misplaced reference: the movement in progress set off
    /// before the filter settled after the last one (``setOffWhileTheFilterLagged``, with the
    /// last swing read at the quickest tempo's gain, below). The
    /// reference stays, and the movement is read from where the arm came back to
    /// (``followQuietTurn(t:wasMoving:start:bottom:rereferenced:signal:)``).
    ///
    /// A quick set without a pause at the top (1.2–1.5 s a rep, paused 0–1 s at the bottom)
    /// swings the arm down to hanging and straight back up between reps: the 1 Hz tilt turns
    /// back up 25–35° short of hanging, and the next descent set off from there, or the sensor
    /// left that turn by a rep's depth. Read as a misplaced reference, hanging read 25–32° from
    /// the new one, and the reps after it a part of their swing (simulated sets, seeds 3020: 30°
    /// of 58°, 0 of 7 counted; 37 at 1.5 s a rep: 0 of 14; 3078: 3 of 13; with this 7, 13 and
    /// 13). A reference learned while the arm hung still is where it hangs. One learned
    /// otherwise (the phone held part-raised and still as the stream began,
    /// UpperArmReferenceTests) is moved as before, as is one after a stand longer than the
    /// filter's settling: a real app-paced set's arm rests a second between reps. Without
    /// `restHeldStill` at a descent's start (the lag alone), the real burpees counted 0.88 a
    /// minute instead of 0.84.
    ///
    /// The last movement's swing is read at the filter's gain at the quickest tempo
    /// (``SquatStateMachine/quickestRepPeriod``, 0.59 at 1 Hz), as a quick set's reps are
    /// (``SquatStateMachine``'s `leastDepthOfMovement`): half a `minDepth` of the arm's swing
    /// reads 13° there. A shallow quick set's arm swings 30–35° and never comes back to hanging
    /// (simulated fast seed 4120, 10 Hz, 60°: from 16–23° to 50–54°, raw); filtered, its reps
    /// read a swing of 20° (50.3° from a trough of 30.4°), under the 22.5° that half a
    /// `minDepth` asked of the swing as read, and the next descent, setting off 26° from hanging
    /// 0.5 s after the ascent, moved the reference there: the reps after it read 25° of tilt
    /// and counted 3 of 15 (11 now). Only here, where the reference stays: read so for
    /// the movement's timing and its depth from where the arm came back
    /// (``followQuietTurn(t:wasMoving:start:bottom:rereferenced:signal:)``), a real set counted a
    /// rep more (exermote 2017-04-27 21-01-37 I2 set 0: 11 of 10).
    private var readsTheFiltersLagAsAPosture: Bool {
        signal.restHeldStill
            && filterLagged(at: machine.movementStart, swing: halfAQuickRepAsRead)
    }

    /// The index of the level `fraction` of `c`'s depth above its trough, or the highest reached.
    /// Compared as a Double before it becomes an Int: a `start_level` override of 1e-20 makes
    /// levels so fine that the quotient overflows `Int`.
    private func level(_ fraction: Double, of c: SquatStateMachine.Candidate) -> Int {
        let index = (fraction * c.prominence / levelStep).rounded(.up)
        guard index > 0 else { return 0 }
        return index < Double(levelsReached - 1) ? Int(index) : levelsReached - 1
    }

    /// For `lift`: the least travel, centimetres, a rep must show per degree the sensor turned
    /// (``SetConfirmation/leastTravelPerDegree``).
    static let leastTravelPerDegree = 0.5

    /// For `lift`: the least travel, centimetres per degree the sensor turned, in the median of
    /// the reps that confirm a set (``SetConfirmation/leastSetTravelPerDegree``).
    static let leastSetTravelPerDegree = 0.7

    /// For `lift`: the most a rep's descent may outlast its ascent, both timed over the top
    /// 60 % of the rep (from the level at which the ascent will count, up to the bottom and back
    /// down to it; see ``descendedTooSlowly(_:)``). People lower themselves at most about four
    /// times slower than they rise (4:1, the slowest prescribed eccentric tempo; the real waist
    /// reps here take 0.6–1.7 times as long down as up, median 1.1). 5 leaves room for a pause
    /// at the bottom, which the leaky estimate splits unevenly (simulated sets with a 1 s pause
    /// reach 4.4).
    static let maxDescentToAscent = 5.0

    /// For `lift`: whether `c` went down far more slowly than it came up. The leaky estimate
    /// after sitting down or standing up (or after a fast movement whose |a| read as a lift)
    /// creeps back towards zero over seconds with the sensor at rest; that creep reads as a slow
    /// descent, and the next quick movement as its ascent (5–7 s "reps" of which the last
    /// 0.3 s is the rise). A squat's descent and rise are the same travel by the same muscles,
    /// within a few times each other's duration. Timing from a level rather than from the
    /// descent's start keeps a slow creep while standing between reps (a pause at the top)
    /// out of a real rep's descent.
    private func descendedTooSlowly(_ c: SquatStateMachine.Candidate) -> Bool {
        guard case .lift = thresholds.signal, levelsReached > 0 else { return false }
        let countsFrom = levelTimes[level(1 - thresholds.returnFraction, of: c)]
        return c.bottom - countsFrom > SquatDetector.maxDescentToAscent * (c.end - c.bottom)
    }

    /// For `lift`: whether `c` comes in a confirmed set and takes no longer than the set's
    /// tempo allows (``SetConfirmation/slowestRepInTempo``); such a rep is not judged by
    /// ``descendedTooSlowly(_:)``. What that check keeps out is the leaky estimate's creep
    /// after sitting down or standing up (which end the set, ``RestTracker/isSeated``) or
    /// after a fast movement, read with the next quick movement as a 5–7 s "rep". A slow set
    /// paused at the top creeps too, and a rep whose descent is timed from where the creep
    /// first reached the level its ascent counts from read down 5 or more times longer than
    /// up, though it took the set's time from start to end: simulated hand, waist, head and
    /// chest sets at 2.5–5 s per rep paused 2 s at the top (10–1000 Hz) lost one or two reps so (hoE
    /// 645, 4 s, 200 Hz: hand 9, waist 9, chest 9, head 10 of 11, now 11; hoE hand 636 14 → 15,
    /// hoD hand 447 5 → 6 of 8, hoC chest 240 8 → 9, own hand 4065 11 → 12). In a set the reps
    /// before say what the movement is, and its tempo (a set is done at one) says this one
    /// took a rep's time; a creep's "rep" takes more. No distractor on the tuning, held-out and
    /// own corpora counts otherwise (every placement; in the hand 207 more, seeds 400–460), nor
    /// the real recordings.
    private func keepsTheSetsTempo(_ c: SquatStateMachine.Candidate) -> Bool {
        confirmation.slowestRepInTempo.map { c.end - c.start <= $0 } ?? false
    }

    /// Levels timed per movement, and their spacing in the signal's unit (half a start level:
    /// 1.2 cm at sensitivity 5, so 64 levels reach 77 cm, past any hip travel of a squat, 30–50
    /// cm; a deeper movement is timed from the top level, which only lengthens its descent).
    static let levelCount = 64
    private var levelStep: Double { thresholds.startLevel / 2 }

    /// On the waist: notes the level at which the wearer set off (``setOffLevel``): where |a|
    /// first left |g| by more than ``RestTracker/accelerationTolerance`` (0.03 g), or, where it
    /// then stayed within that for a still moment (``SquatSignal/stillDuration``, 0.5 s: a held
    /// position, not a movement's turning point), where it first left it again after that.
    ///
    /// A movement of `lift` begins where the estimate turns, which after a bend is its
    /// overshoot above rest turning back as the wearer finishes straightening: |a| was still
    /// past 0.03 g there, and the "set-off" read at the movement's first level left nothing of
    /// the creep before the next bend out of ``travelledBeforeTurning(_:)``. Someone picking
    /// things up then stands 2–7 s, still, before bending again: the bend sets off from that
    /// still moment, and the creep while standing comes before it. A squat's descent sets off
    /// from its top, paused or not: a set without a pause at the top never holds |a| within
    /// 0.03 g for 0.5 s between reps (its first departure stays the set-off), and one paused at
    /// the top sets off from the pause, where its travel begins. A slow descent that stays
    /// within 0.03 g (6 s a rep) and so reads its set-off late is still timed from its turn.
    ///
    /// Picking up at the waist (never tuned on): hoA seed 12 (100 Hz) 4 → 0, distractor seeds
    /// 500–599 (5 minutes each) 32 → 25 reps (528 at 10 Hz 4 → 0, 512 at 10 Hz 16 → 13). Left:
    /// bends whose sway turned the sensor a tenth of the bend's turn before they set off (hoE
    /// 74: 5.6° of 48.6°), and estimates that wander past the 77 cm the levels follow (512).
    @inline(__always)
    private mutating func followSetOff(dt: Double) {
        if abs(signal.vertical) > RestTracker.accelerationTolerance * signal.gravity {
            if setOffLevel < 0 || (!stillInMovement.setOffAgain && stillInMovement.seconds >= SquatSignal.stillDuration) {
                stillInMovement.setOffAgain = setOffLevel >= 0
                setOffLevel = levelsReached
            }
            stillInMovement.seconds = 0
        } else if setOffLevel >= 0 {
            stillInMovement.seconds += dt
        }
    }

    /// Notes when the movement first reaches each level above its trough. A new movement (or a
    /// new descent started from a candidate's ascent) starts afresh.
    @inline(__always)
    private mutating func followLevels(_ value: Double, t: Double, dt: Double, newMovement: Bool) {
        if !machine.isMoving || newMovement { levelsReached = 0; setOffLevel = -1; pushAtLevel = -.infinity; stillInMovement = (0, false) }
        guard machine.isMoving else { return }
        if judgesTurningTravel { followSetOff(dt: dt) }
        let trough = machine.descentTrough, step = levelStep
        func reached(_ level: Int) -> Bool {
            level < SquatDetector.levelCount && value - trough >= Double(level) * step
        }
        // Asked before the arrays are touched: a write checks that an array is not shared, and
        // the compiler hoisted those two checks (calls) out of the loop onto every sample of a
        // movement, a level reached or none (most samples reach none).
        guard reached(levelsReached) else { return }
        if levelsReached > 0 { levelPushes[levelsReached - 1] = pushAtLevel }
        pushAtLevel = -.infinity
        repeat {
            levelTimes[levelsReached] = t
            levelHeights[levelsReached] = signal.height
            levelPushes[levelsReached] = -.infinity
            levelTurnCosines[levelsReached] = signal.turnCosineSoFar
            levelsReached += 1
        } while reached(levelsReached)
    }

    /// At the end of a stream, hands out the reps already confirmed but not yet returned
    /// (at most ``SetConfirmation/maxConfirmReps`` and ``SetConfirmation/maxLeads``). Call until it returns nil.
    public mutating func flush() -> Rep? {
        nextRep(detectedAt: probe.t)
    }

    @inline(__always)
    private mutating func nextRep(detectedAt t: Double) -> Rep? {
        confirmation.next().map {
            Rep(start: $0.start, bottom: $0.bottom, end: $0.end, detectedAt: t, amplitude: $0.prominence)
        }
    }
}
