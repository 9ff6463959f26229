#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns filtered acceleration into one number that follows the squat: 0 when standing, rising
/// as the wearer goes down, whatever the sensor's orientation on the body and its calibration.
///
/// Two physical effects carry a squat, and placements differ in which one dominates
/// (see `shared/notes/squat-signals.md`):
/// - **Rotation.** A thigh swings ~80°, a shin ~25°, an upper arm ~60° per rep, so the direction
///   of gravity in the sensor frame is the signal. ``Kind/tilt`` is the angle between the current
///   gravity direction and the one seen while the wearer last stood still (or, when that is
///   evidently not standing, the posture the last descent started from, see
///   ``rereferenceToLowest()``, or the one an ascent came back to before the sensor turned a
///   whole rep away from it, see ``rereferenceToReturn()``, or, on a free arm, the one it came
///   back to after a rep when that reads half a rep from the reference, see
///   ``rereferenceToCameBack()``). Being an angle between two directions measured by the same
///   sensor, it ignores mounting orientation and scale error.
/// - **Translation.** A waist clip or earbud moves ~30–50 cm down and up with little rotation.
///   ``Kind/lift`` recovers that travel: the change in |a| (which is vertical acceleration whatever
///   the orientation; low-passed as a number, see `magnitudeFilter`) is integrated twice with leaky integrators, giving centimetres below the
///   standing height. Unlike acceleration, travel does not shrink for slow squats (a 0.4 m squat
///   peaks at 0.56 g at 1.2 s per rep but 0.05 g at 4 s per rep; it is 40 cm either way).
/// - ``Kind/bounce`` is the change in |a| itself, m/s², kept to the squat's band
///   (``SquatBandFilter``), for a wrist on a barbell: braking and pushing out of the bottom give
///   one hump per rep, the jolts at lockout are filtered out, and nothing is integrated to drift.
public struct SquatSignal: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        /// Degrees between the gravity direction now and while standing.
        case tilt
        /// Centimetres below standing height, from doubly integrated vertical acceleration.
        case lift
        /// Vertical acceleration above the at-rest |g| in the squat's band, m/s².
        case bounce

        /// The unit of the signal and of rep amplitudes, for people.
        public var unit: String {
            switch self {
            case .tilt: return "°"
            case .lift: return "cm"
            case .bounce: return "m/s²"
            }
        }
    }

    // Physical time constants, seconds. They describe people and sensors, not a data set:
    /// |g| as this sensor reads it changes only with temperature and calibration.
    static let gravityTau = 10.0
    /// "Still" means the filtered acceleration stays within this fraction of |g| of its 0.7 s mean…
    static let stillTolerance = 0.02
    static let stillMeanTau = 0.7
    /// …for at least this long: a held position, not the turning point of a movement.
    static let stillDuration = 0.5
    /// How fast the standing orientation follows the sensor while the wearer stands still.
    static let restTau = 0.5
    /// cos 45°: the most the lean of a hinged segment at the bottom may turn from one rep to the
    /// next, seen from standing (see ``leansAsLastRep()``). Knees bend about one axis, so a shin
    /// or thigh leans the same way every rep; a knee caving in (valgus) turns the shin's lean by
    /// up to ~20°, and at a shin's 14–18° the 4–5° it wobbles at the bottom turns the lean's
    /// direction by up to 15–20° more. The real calf sets here: 341 pairs of reps, median 4°,
    /// 99 % within 30°, one subject's up to 55° (4 pairs over 30°: 31°, 44°, 45°, 55°); at 30°
    /// those ended the set mid-set, which cost reps once a calf set needed three alike reps to
    /// start (``Thresholds/defaults(for:)``), and at 45° the one left costs none.
    /// A device turned in the hand or fidgeted with in a pocket leans whichever way it is turned.
    static let sameLeanCosine = 0.707_106_781_186_547_5
    /// Leak of the lift integrators: longer than any rep (≤ 6 s per rep ⇒ ≥ 0.17 Hz), short
    /// enough that sensor bias cannot wander the estimate far. One leak for every tempo: a
    /// leak shortened to the rep period of a quick set (0.42 or 0.8 of the period between the
    /// last two movements, for periods up to 2 or 6 s; tried November 2026) cuts a bias's
    /// wander by the square of the ratio, but the depths read before and after it no longer
    /// compare, and the simulated waist sets miscounted 19–52 of 184 instead of 15.
    static let liftTau = 2.5
    /// Cut-off of the acceleration whose length ``Kind/tilt`` integrates into ``height``, Hz.
    /// Low-passing the vector shortens it while the sensor turns, as averaging vectors that
    /// point different ways does, and the shortening reads as falling: at 1 Hz an arm raised 90°
    /// in 0.8 s loses 20–35 % of |g|, at 2.5 Hz (the trunk's `lift` cut-off) 3–6 %, while
    /// footfall jolts and sensor noise are still filtered out.
    static let travelLowPassHz = 2.5
    /// ``height`` moves on with the mean acceleration of every 50 ms (or every sample, when
    /// they are further apart), not with each sample: the travel it follows changes below 3 Hz,
    /// and a mean over 50 ms keeps everything below 10 Hz. At 100 Hz it costs the pipeline a
    /// fifth of what integrating every sample did.
    static let heightStep = 0.05
    /// A sample measures how far the sensor turned only while |a| is within this fraction of
    /// |g|: 1 m/s² of linear acceleration tilts the apparent gravity by at most 6°, while a fast
    /// squat's braking and push (up to ~0.6 g) would read as 30° and more.
    static let quasiStaticFraction = 0.1
    /// For ``Kind/bounce``: how long, seconds, |a| must have stayed within
    /// ``quasiStaticFraction`` of |g| before a sample measures the turn. |a| = |g| does not
    /// mean that gravity acts alone: a linear acceleration of 2|g|·sin(θ/2) that happens to
    /// leave |a| at |g| tilts the apparent gravity by θ. A fast squat with a bar on the back
    /// swings |a| by 1–2.5 g within 0.3 s as the shoulders go down and the trunk leans, and |a|
    /// passes through the ±10 % band in a few hundredths of a second: those moments read as
    /// turns of 40–140° (simulated sets at 1.2–1.5 s per rep) where the band turns 10–20°. To
    /// keep |a| at |g| for 0.2 s, a linear acceleration that large would have to be held that
    /// long (1.3 m/s of speed gained for a 40° error), which no body part does while
    /// squatting; a held posture (standing, a paused bottom, an arm raised and held, a phone
    /// turned over to look at) and a slow turn stay in the band for longer. A movement that
    /// holds nowhere is judged by its mean direction instead (see ``greatestTurn``).
    static let quasiStaticDwell = 0.2
    /// The largest vertical acceleration a squat makes, as a fraction of |g|: a 40 cm squat at
    /// 1.2 s per rep, the fastest people squat, peaks at 0.56 g. For ``Kind/bounce`` a sample
    /// further than this from |g| is something else (a hand waving or shaken reads 2–6 g) and
    /// is not averaged into |g|: centripetal and sideways accelerations only ever lengthen the
    /// vector, so a few seconds of waving raised the estimate by metres per second² and moved
    /// the signal's zero for tens of seconds after, where the arm lowering and rising read as
    /// squat humps. Squats at the tempos people use stay within it, so their average is unchanged.
    /// The same limit bounds the movements whose change of height between two rests is read as
    /// a change of posture (``RestTracker/mostPostureChangeAcceleration``).
    static let squatAccelerationLimit = 0.6

    public let kind: Kind
    private var filter: LowPassFilter
    /// |a| low-passed as a number (in `x`), for ``Kind/lift`` and ``Kind/bounce`` and for
    /// ``magnitudeVertical``. The length of the low-passed *vector* shrinks whenever the sensor
    /// turns (it averages vectors pointing different ways), which `lift` would integrate into
    /// travel that never happened: a hand turning a controller over read as a 70 cm squat.
    ///
    /// What |a| costs: it is |g + a|, not g plus the vertical acceleration, and the hips'
    /// swing back and forth and the pelvis's turn add to it, always upwards, most where the body
    /// falls and g + a_v is small. In a fast set (1.2 s per rep) the mean of |a| over the set
    /// reads 0.2–0.5 m/s² above |g| at rest on the waist (simulated seeds 3001–3040, most), and a
    /// bias ε that starts with a set reads as up to 1.7·ε metres of travel within 5 s (the leaks,
    /// ``liftTau``): the ±40 cm the estimate wanders there, which merges reps. Projecting the
    /// acceleration on its direction low-passed at 0.3–1 Hz removes that bias (under 0.1 m/s²),
    /// but reads every turn of the sensor as a fall, g·(1 − cos θ): tried in November 2026, the
    /// fast waist sets miscounted 4–5 of 40 instead of 8, but handling on the waist counted
    /// 1.5–4 a minute instead of 0; used only where |a| is further than 0.1 g from |g| (blended
    /// in fully at 0.2 g), handling stayed at 0 and the fast waist sets miscounted 4 and 2 of 40
    /// (seeds 3001–3040 and 3041–3080; 8 and 6 with |a|), but a waist set of seed 50 lost a rep, picking up at the waist counted 0.10 a
    /// minute on seeds 1–6 (0 with |a|), and the head, chest and hand, which turn more with
    /// the trunk, miscounted more sets and sit-stand or pick-up counted more.
    private var magnitudeFilter: LowPassFilter
    /// For ``Kind/bounce``: the vertical acceleration without the jolts faster than a rep.
    private var band = SquatBandFilter()
    /// For ``Kind/tilt``: the acceleration low-passed at ``travelLowPassHz``, whose length less
    /// |g| is the vertical acceleration integrated into ``height``.
    private var travelFilter = LowPassFilter(cutoffHz: SquatSignal.travelLowPassHz)
    /// Seconds the leaky integrators have run since the last restart (see ``heightSettled``):
    /// for ``Kind/tilt`` every ``heightStep`` as ``height`` moves on, for ``Kind/lift`` every sample.
    private var heightAge = 0.0
    /// For ``Kind/tilt``: the acceleration times seconds summed since ``height`` last moved on,
    /// and those seconds (see ``heightStep``).
    private var heightWindow = (sum: Vector3.zero, seconds: 0.0)
    /// |g| as this sensor reads it, m/s².
    private(set) var gravity = 0.0
    /// The low-passed acceleration vector of the last sample, m/s².
    private(set) var filtered = Vector3.zero
    private var stillMean = Vector3.zero
    private var stillFor = 0.0
    /// The gravity direction while standing, a unit vector: every value it takes is a filtered
    /// vector divided by its length. Its length is taken as 1, not recomputed: that differs from
    /// `rest.length` by at most an ulp, and it keeps a square root out of the tilt of every
    /// sample that moves the reference (while the wearer stands still).
    private var rest = Vector3.zero
    /// For ``Kind/tilt``: whether `rest` is a posture the wearer held still in while standing
    /// (``isStill``), rather than the stream's first sample (a phone still being handled as
    /// the stream began) or a posture a movement started from or came back to
    /// (``rereferenceToLowest()`` and the others). On a free arm it is then where the arm hangs.
    private(set) var restHeldStill = false
    /// The latest gravity direction, and the one at the lowest tilt since the wearer last stood up.
    private var direction = Vector3.zero
    private var lowest = Vector3.zero
    private var lowestTilt = Double.infinity
    /// For ``Kind/tilt``: the gravity direction at the greatest tilt of the movement in progress
    /// (its bottom) and that tilt (−∞ while standing or away)…
    private var peakDirection = Vector3.zero
    private var peakTilt = -Double.infinity
    /// …and, during its ascent, the direction furthest from the bottom's (where the ascent came
    /// back to) and the cosine of its angle to it (∞ when not ascending).
    private var returnDirection = Vector3.zero
    private var returnCosine = Double.infinity
    /// When ``followsHeight`` (a free arm): the gravity direction at the bottom of the last
    /// movement that read a rep's depth (``noteRepBottom()``), the direction furthest from it
    /// since (the posture the arm came back to) and the cosine between the two, and whether
    /// that posture is still followed (see ``leftCameBack(beyondCosine:)``).
    private var lastRepBottom = Vector3.zero
    private var cameBack = Vector3.zero
    private var cameBackCosine = Double.infinity
    private var followsCameBack = false
    /// When ``followsHeight``: the quasi-static posture furthest from the last movement's
    /// bottom since it, as the acceleration low-passed at ``travelLowPassHz`` (not a unit
    /// vector), and the cosine of its angle to the bottom times its absolute value (∞: none
    /// yet). See ``quietTurnBeyondTrough()``.
    private var quietPosture = (direction: Vector3.zero, signedSquareCosine: Double.infinity)
    /// For a hinged segment (see ``leansAsLastRep()``): the gravity direction at the bottom of the
    /// last rep offered to the set (zero before the first, and once its set is over).
    private var repBottom = Vector3.zero
    /// For ``Kind/tilt`` without ``followsHeight`` (a thigh or shin, not a free arm): twice the
    /// signed area, radians², the gravity direction has swept about the standing one during the
    /// movement in progress (see ``leanLoopArea``).
    private var leanSweep = 0.0
    /// ``leanLoopArea`` of the last movement whose sweep was closed (restarted for the next
    /// movement, re-referenced, or back at standing): for a candidate judged after its own
    /// movement ended (see ``closedLeanLoopArea``).
    private var closedLeanSweep = 0.0
    /// For ``Kind/tilt`` without ``followsHeight``: the path of the gravity direction during the
    /// movement in progress, that of the last movement whose path was closed (as
    /// ``closedLeanSweep``), and that of the last rep offered to the set with its depth, degrees
    /// (see ``retraceDistance(closed:depth:)``).
    private var leanPath = LeanPath()
    private var closedLeanPath = LeanPath()
    private var repPath = LeanPath()
    private var repPathDepth = 0.0
    /// |a| low-passed minus the |g| this sensor reads, m/s²: the vertical acceleration whatever
    /// the orientation (for ``Kind/tilt``, the length of the low-passed vector, which turning
    /// shortens a little).
    private(set) var vertical = 0.0
    /// |a| low-passed as a number minus |g|, m/s²: ``vertical`` for `lift`; for `bounce`, less
    /// |g| as read at rest (``restGravity``) rather than the signal's zero; for
    /// `tilt`, whose ``vertical`` is the length of the low-passed vector, |a| as the footfalls
    /// make it, without the shortening that turning gives the vector. The gait check reads its
    /// steps here (``GaitDetector``): a footfall must lift |a| by a jolt height (1 m/s²), and a
    /// thigh sensor's second footfall of a stride lifts it by about that much, at the top of a
    /// ±17° swing, where the vector low-passed at the thigh's 1.5 Hz reads 0.1–0.2 m/s² short.
    /// Read from the vector, every other step of some walkers went unseen, the steps came a
    /// stride apart (~1 s, slower than anyone steps) and no walk was recognised: 24 simulated
    /// 5-minute walks never tuned on counted 94 squats on the thigh (11 walks counted some),
    /// 8 with this (and see ``Thresholds/defaults(for:)``).
    private(set) var magnitudeVertical = 0.0
    private var verticalMean = 0.0
    /// Whether the sample being stepped came after a single lost one (`SquatDetector`'s
    /// ``SquatDetector/lostSampleSpacing``): for ``Kind/lift`` its interval's travel is
    /// integrated in two halves, the first on the mean of the vertical accelerations either
    /// side of the lost sample (see ``integrateTravel(_:dt:)``). Cleared by ``step(_:dt:phase:)``.
    var integratesOverLostSample = false
    /// The travel's vertical velocity, m/s, up positive, as the leaky integrators follow it
    /// (read to bridge a run of lost samples, ``SquatDetector/runHidingABottom``).
    private(set) var velocity = 0.0
    /// The sensor's height, metres, as the leaky integrators follow it (for ``Kind/lift`` and,
    /// as ``height``, ``Kind/tilt``).
    private var position = 0.0
    /// For ``Kind/lift`` and ``Kind/bounce``: the low-passed acceleration the turn is measured
    /// from (see ``followTurn(_:length:phase:)``) and |a| then (0 until the first
    /// sample sets it), and the least cosine of the angle to it since.
    private var atStart = Vector3.zero
    private var lengthAtStart = 0.0
    private var leastTurnCosine = 1.0
    /// For `lift` and `bounce`: the gravity direction where the movement in progress turned
    /// furthest from the one it started from (``greatestTurn``), not normalised, once it has
    /// turned at all (see ``turnAxis``; not reset while standing, which would cost every
    /// standing sample a store).
    private var furthestTurned = Vector3.zero
    /// The low-passed acceleration and ``vertical`` at the previous sample, to find where |a|
    /// passed through |g| between two samples (see ``followTurn(_:length:phase:)``).
    private var previous = Vector3.zero
    private var previousVertical = 0.0
    /// For ``Kind/bounce`` and ``Kind/lift``: seconds |a| has stayed within
    /// ``quasiStaticFraction`` of |g| (see ``quasiStaticDwell``, ``BottomPause``).
    private(set) var quasiStaticFor = 0.0
    /// For ``Kind/bounce``: the low-passed acceleration integrated over the movement in
    /// progress (or the one just completed), m/s (see ``greatestTurn``).
    private var movementSum = Vector3.zero
    /// For ``Kind/bounce``: |g| as the sensor reads it at rest, m/s², the reference of
    /// ``magnitudeVertical``, and the seconds of signal behind it (capped at ``gravityTau``).
    /// A running mean, as ``gravity`` is, but of quasi-static moments only: |a| within
    /// ``quasiStaticFraction`` of it, having stayed within that of ``gravity`` for
    /// ``quasiStaticDwell``, where gravity is nearly all the sensor feels.
    ///
    /// ``gravity``, the zero of the `bounce` signal, leaves out only what lies beyond
    /// ``squatAccelerationLimit``. A fast set pushes out of each bottom harder than that (the
    /// simulated bands up to 1.5 g above |g| at 1.2 s a rep) but dips below |g| less, and the
    /// mean of what is left reads low: 1.7–2.8 m/s² within seconds in simulated 10 Hz sets.
    /// Against it the slowing at the top of each rep, coming back up to |g|, rose above it as
    /// far as a footfall must (``GaitDetector/joltHeight``), 0.6–0.8 s after each push, and the
    /// gait check took the set for a walk and ended it (simulated fast wrist sets at 10–12.5 Hz
    /// never in a corpus: 75 → 81 of 100 counted right). The signal's zero keeps
    /// its mean over the movement: miscalibrated axes (1–2 % each) read |g| differently in each
    /// posture, and a zero taken at rest moved the band-filtered signal of slow, paused sets
    /// (made the signal's zero too, this estimate lost reps in two simulated tuning sets).
    private var restGravity = 0.0
    private var restGravityAge = 0.0
    /// For ``Kind/bounce``: the level the signal settles at while the sensor rests, m/s²: |g| as
    /// read at rest (``restGravity``) less the signal's zero (``gravity``). Within a few
    /// hundredths of 0 in most sets; where a fast set's pushes are left out of the zero, up to
    /// 0.5 m/s² above it. Read once a level has been held for ``SquatDetector/maxHold``
    /// (``SquatDetector``'s `holdIsTheMovementsHump`), not per sample.
    var restLevel: Double { restGravity - gravity }
    /// Seconds of signal behind the gravity estimate, capped at ``gravityTau``.
    private var gravityAge = 0.0
    /// On a free arm, the `gravityAge` at which the stillness mean starts again from the
    /// filtered acceleration if nothing was still by then (the filter's settling time after
    /// the stream's first sample, see ``step(_:dt:phase:)``); +∞ otherwise and once passed.
    private var stillMeanRestartAge = Double.infinity
    /// Whether the filter has seen a sample since the last ``reset()``.
    private var primed = false
    /// Whether `gravity` and `rest` hold what was learned before (kept across gaps).
    private var learned = false
    /// For ``Kind/tilt``: whether every sample since the stream's first has been quiet (within
    /// ``stillTolerance`` of the stillness mean), for less than ``stillDuration``: the wearer
    /// has not moved yet, and the standing direction follows the filtered one (see
    /// ``step(_:dt:phase:)``).
    private var quietSinceFirstSample = false

    /// `followsHeight`: for ``Kind/tilt``, whether to follow ``height`` too (about 8 ns a
    /// sample at 100 Hz).
    /// `turnFromHeldMoments`: for ``Kind/lift``, whether only moments that have stayed
    /// quasi-static measure the turn (see ``turnFromHeldMoments``).
    public init(kind: Kind, lowPassHz: Double, followsHeight: Bool = false, turnFromHeldMoments: Bool = false) {
        self.kind = kind
        self.filter = LowPassFilter(cutoffHz: lowPassHz)
        self.magnitudeFilter = LowPassFilter(cutoffHz: lowPassHz)
        self.followsHeight = followsHeight
        self.turnFromHeldMoments = turnFromHeldMoments && kind == .lift
    }

    /// For ``Kind/lift`` on the waist: only moments where |a| has stayed within
    /// ``quasiStaticFraction`` of |g| for ``quasiStaticDwell`` measure the turn (as for
    /// ``Kind/bounce``), not single samples nor crossings of |g|. A belt clip rides on the
    /// hips, which swing back ~10 cm as they go down and forward as they come up: in a fast
    /// rep (1.2 s) their horizontal acceleration, 1–3 m/s², tilts the apparent gravity by
    /// 6–17° at the moments |a| passes through |g| (mid-descent and mid-ascent, where the
    /// vertical acceleration changes sign), and a synthetic fast waist set whose sensor never
    /// turns read 29–49°. That over-read fails the travel-per-degree checks
    /// (``SetConfirmation/leastTravelPerDegree``), most in shallow sets and in sets paused at
    /// the bottom, whose leaky travel reads short. |a| stays at |g| for 0.2 s only where the
    /// body holds a posture (standing, a paused bottom, a bend held) or turns slowly, so the
    /// trunk's real turns (bending over, a device turned on the belt) are still read. Not on
    /// the hand, whose swinging arm while walking passes through |g| between samples and reads
    /// its turn only at those crossings, nor on the head and chest, where a quick sit-to-stand's
    /// lean of the upper trunk is held less than 0.2 s (measured: walking with a controller in
    /// the hand counted 123/608/285 on the tuning and held-out corpora instead of 0, sit-stand
    /// on the chest 6 and 3 instead of 3 and 0). On the waist (November 2026): fast sets
    /// miscounted 4 → 4 of 40 (seeds 3001–3040) and 5 → 4 (3041–3080: 3050 now counts 11 of
    /// 11, was 9; 3080, paused at the bottom at 10 Hz, 14 of 15, was 4); held-out seeds 97–136
    /// 1 → 0; the tuning corpus, seeds 1101–1148, every distractor at every placement and the
    /// real recordings unchanged; no set counts worse. Synthetic fast sets at 50–200 Hz whose
    /// hips swing back 0.8 of the thigh's reach less the shank's: 100° deep, 0 of 6 → 6 of 6;
    /// with the full reach, 0 → 5 of 6. Costs the waist one comparison a sample.
    public let turnFromHeldMoments: Bool

    /// Whether ``height`` is followed (see ``init(kind:lowPassHz:followsHeight:)``).
    public let followsHeight: Bool

    /// Restarts after lost samples: the filter, the stillness timer and the lift integrators
    /// start afresh, but |g| and the standing orientation learned so far are kept. The samples
    /// after a gap may be mid-squat; learning "standing" from them would make every later rep
    /// read as two, and a |g| taken mid-rep would integrate into a runaway lift.
    public mutating func reset() {
        filter.reset()
        magnitudeFilter.reset()
        band.reset()
        travelFilter.reset()
        primed = false
        previousVertical = 0
    }

    /// For ``Kind/tilt``: the sensor's height relative to where it has been over the last few
    /// seconds, metres, up positive: its vertical acceleration integrated twice with leaks of
    /// ``liftTau``, as for ``Kind/lift``. Good for the direction of a travel over a second or
    /// two, not for its size.
    var height: Double { position }
    /// Whether ``height`` (or, for ``Kind/lift``, the signal) has forgotten how the stream
    /// started: after two leak times. Until then the |g| just learned and the integrators'
    /// start-up make it wander by tens of centimetres.
    var heightSettled: Bool { heightSettled(before: 0) }

    /// Whether ``heightSettled`` was true `seconds` ago.
    func heightSettled(before seconds: Double) -> Bool { heightAge - seconds >= 2 * SquatSignal.liftTau }

    /// Makes the posture at the lowest tilt of the last standing phase the standing reference and
    /// returns the tilt now measured from it (degrees), or nil for signals other than ``Kind/tilt``.
    ///
    /// The reference learned while still can be wrong: the sensor was handled before it was put
    /// on, or the arms rest half raised between reps. Then a rep's orientation path does not start
    /// at the reference, and the tilt swings less than the body does. The posture the wearer
    /// starts a descent from *is* standing, whatever was learned before.
    mutating func rereferenceToLowest() -> Double? {
        guard kind == .tilt, lowestTilt.isFinite else { return nil }
        lowestTilt = 0
        return rereference(to: lowest)
    }

    /// Makes `posture` (a unit gravity direction) the standing reference and returns the tilt now
    /// measured from it, degrees.
    private mutating func rereference(to posture: Vector3) -> Double {
        rest = posture
        restartLeanLoop()
        restHeldStill = false
        return direction.degrees(to: rest, lengths: (1, 1))
    }

    /// For ``Kind/tilt``, during an ascent: whether the sensor has turned away from the posture the
    /// ascent came back to (the one furthest from the bottom's) by an angle whose cosine is below
    /// `cosine` (a dot product, no arccosine).
    ///
    /// The tilt is an angle from the reference, and a rise of it since the ascent's lowest point
    /// is only a lower bound on how far the sensor turned since. When the reference is not the
    /// posture the reps turn from (learned while the phone was put on, the arm held off to the
    /// side at first), a rep that turns the arm 70° from where it came back to can change the tilt
    /// by 20°: bottom and return both lie ~50–70° from the reference, in different directions.
    func hasTurnedFromReturn(beyondCosine cosine: Double) -> Bool {
        returnCosine.isFinite && direction.dot(returnDirection) < cosine
    }

    /// Makes the posture the ascent in progress came back to (see
    /// ``hasTurnedFromReturn(beyondCosine:)``) the standing reference and returns the tilt now
    /// measured from it, degrees: it is the posture the new movement turned from.
    mutating func rereferenceToReturn() -> Double {
        returnCosine = .infinity
        peakTilt = -.infinity
        return rereference(to: returnDirection)
    }

    /// On a free arm (``followsHeight``), as the ascent of a movement whose bottom read a rep's
    /// depth from standing begins: keeps that bottom (see ``lastRepBottomTilt``) and starts
    /// following the posture the arm comes back to from it, the one furthest from it (see
    /// ``leftCameBack(beyondCosine:)``), until the next such bottom or until the sensor has left
    /// it.
    mutating func noteRepBottom() {
        lastRepBottom = peakDirection
        cameBack = direction
        cameBackCosine = direction.dot(peakDirection)
        followsCameBack = true
    }

    /// On a free arm: whether the sensor has just turned away from the posture the arm came back
    /// to after the last rep's bottom (``noteRepBottom()``) by an angle whose cosine is below
    /// `cosine`. The posture is then no longer followed: it has been left, whether it becomes the
    /// reference or not (see ``cameBackTilt``).
    mutating func leftCameBack(beyondCosine cosine: Double) -> Bool {
        guard followsCameBack, direction.dot(cameBack) < cosine else { return false }
        followsCameBack = false
        return true
    }

    /// The tilt of the posture the arm came back to after the last rep's bottom, degrees.
    ///
    /// It says whether the reference is where the arm rests between reps. When it is not, and
    /// lies between that posture and the bottom (the arm was held part-raised as the stream
    /// began, before it hung down between reps), the tilt falls from that posture to a dip as
    /// the next rep's arm passes the reference, and only then rises: each rep reads as a hump,
    /// a dip that is no posture (the direction keeps moving through it) and a peak short of the
    /// arm's swing. See ``rereferenceToCameBack()``.
    var cameBackTilt: Double { cameBack.degrees(to: rest, lengths: (1, 1)) }

    /// The bottom of the last rep (``noteRepBottom()``) as read from the reference now, degrees;
    /// nil before the first.
    var lastRepBottomTilt: Double? {
        lastRepBottom.dot(lastRepBottom) > 0 ? lastRepBottom.degrees(to: rest, lengths: (1, 1)) : nil
    }

    /// Makes the posture the arm came back to after the last rep's bottom (see
    /// ``cameBackTilt``) the standing reference and returns the tilt now measured from it,
    /// degrees: the reps read from it are as deep as the arm swings.
    mutating func rereferenceToCameBack() -> Double {
        rereference(to: cameBack)
    }

    /// For a hinged segment (thigh, shin), as a rep is offered to the set: whether it leaned the
    /// segment the same way as the rep before it (true for the first rep of a set), and keeps
    /// its bottom for the next.
    ///
    /// The knee bends about one axis, so the direction a thigh or shin leans at the bottom, seen
    /// from standing, repeats from rep to rep; reps whose leans differ by more than 45°
    /// (``sameLeanCosine``) went down different ways, which a knee does not, while a device
    /// turned in the hand or fidgeted with in a pocket leans whichever way it is turned.
    mutating func leansAsLastRep() -> Bool {
        defer { repBottom = peakDirection }
        guard repBottom.dot(repBottom) > 0 else { return true }
        // The two bottoms without their components along standing: their leans.
        let before = repBottom - rest * repBottom.dot(rest), now = peakDirection - rest * peakDirection.dot(rest)
        return before.dot(now) >= SquatSignal.sameLeanCosine * (before.dot(before) * now.dot(now)).squareRoot()
    }

    /// For a hinged segment, as a rep `depth` degrees deep (its peak tilt) is offered to the
    /// set: how far the deep part of its lean's path lies from the last rep's path, and that of
    /// the last rep from its own, the larger of the two, as a fraction of the shallower rep's
    /// depth (radians over radians); 0 for the first rep of a set. Its path is the movement's
    /// in progress, or the last closed one's when `closed` (as for ``closedLeanLoopArea``); it
    /// is kept, with `depth`, for the next rep. The deep part: the points at least
    /// ``SquatDetector/retracedDepth`` of the shallower depth from standing (and no deeper than
    /// the other path goes). See ``SquatDetector/widestRetrace``.
    mutating func retraceDistance(closed: Bool, depth: Double) -> Double {
        let path = closed ? closedLeanPath : leanPath
        defer {
            repPath.copy(path)
            repPathDepth = depth
        }
        let shallower = Swift.min(depth, repPathDepth) * .pi / 180
        guard repPath.count > 0, path.count > 0, shallower > 0 else { return 0 }
        let edge = cos(SquatDetector.retracedDepth * shallower)
        let distance = Swift.max(path.rmsDistance(from: repPath, rest: rest, shallowest: edge),
                                 repPath.rmsDistance(from: path, rest: rest, shallowest: edge))
        return distance / shallower
    }

    /// For ``Kind/tilt`` without ``followsHeight``: the area the gravity direction (seen from
    /// standing, on the unit sphere) enclosed during the movement in progress or the one that
    /// just completed, loops one way less loops the other, square radians: 0 for a lean out and
    /// back along one line, ½·φ·sin²(depth) for one whose way back leans φ radians another way
    /// than its way down (a sector; the sum of triple products is twice the area of the path's
    /// projection on the horizontal), within 2–6 % of ½·φ·depth² at a shin's 10–25°. Its path's
    /// ends close through standing. (See ``SquatDetector/widestLeanLoop``.)
    var leanLoopArea: Double { abs(leanSweep) / 2 }

    /// ``leanLoopArea`` of the last movement whose sweep was closed. A candidate that completes
    /// after its movement ended (too shallow at first, counted by its fall since:
    /// `SquatStateMachine.settleShallow`) or in the sample that moved the reference
    /// (``rereferenceToReturn()``) is judged by it: by then the sweep had started afresh, and
    /// a band's loop read 0 (simulated calf handling at 12.5 Hz, seed 51: 3 false counts).
    var closedLeanLoopArea: Double { abs(closedLeanSweep) / 2 }

    /// Starts ``leanLoopArea`` afresh for the next movement, keeping the last one's as
    /// ``closedLeanLoopArea``: called as a movement ends (also one that does not pass through
    /// standing: a new descent out of an ascent), when the reference moves, and at standing.
    @inline(__always)
    mutating func restartLeanLoop() {
        if leanSweep != 0 { closedLeanSweep = leanSweep }
        leanSweep = 0
        if leanPath.count > 0 {
            swap(&leanPath, &closedLeanPath)
            leanPath.clear()
        }
    }

    /// For a hinged segment while it moves: adds the step from `previous` to `u` (unit gravity
    /// directions) to the lean's loop (``leanLoopArea``: twice the area swept about standing, a
    /// triple product) and its path (``retraceDistance(closed:depth:)``).
    @inline(__always)
    private mutating func followLean(_ u: Vector3, from previous: Vector3) {
        leanSweep += rest.dot(previous.cross(u))
        leanPath.follow(u)
    }

    /// Forgets the last rep's bottom once its set is over: the next set's first rep has nothing
    /// to lean like.
    mutating func forgetRepBottom() {
        repBottom = .zero
        repPath.clear()
    }

    /// The cosine of the largest turn read so far in the movement in progress (as
    /// ``greatestTurn`` reads it for `lift`, without its arccosine), per sample where a level is
    /// reached (`SquatDetector`'s `travelledBeforeTurning(_:)`).
    var turnCosineSoFar: Double { leastTurnCosine }

    /// For ``Kind/lift`` and ``Kind/bounce``: the largest angle, degrees, between the gravity
    /// direction during the movement in progress (or the one just completed) and the one it
    /// started from (`lift`) or the one the wearer last stood still in (`bounce`).
    ///
    /// For `bounce` the movement's mean acceleration counts as one more gravity direction:
    /// the body's linear accelerations over a rep add up to the change of its velocity, near
    /// zero from standing to the end of the ascent, so the mean is the direction the sensor
    /// held on average (the simulated barbell reps: 0–23°, however fast). An arm that waves
    /// or circles never holds still (``quasiStaticDwell``), but on average it points up or
    /// out: 40–140° from the hanging arm. Read once per candidate (one square root).
    var greatestTurn: Double {
        var cosine = leastTurnCosine
        if case .bounce = kind {
            let scale = movementSum.length * lengthAtStart
            if scale > 0 { cosine = min(cosine, movementSum.dot(atStart) / scale) }
        }
        return arccosine(min(cosine, 1)) * 180 / .pi
    }

    /// For `lift`: the axis, in the sensor's frame, about which the movement in progress (or the
    /// one just completed) turned the sensor from the gravity direction it started from to the
    /// one furthest from it (``greatestTurn``), a unit vector; zero where it did not turn. Read
    /// once per candidate (one square root).
    var turnAxis: Vector3 {
        guard leastTurnCosine < 1 else { return .zero }
        let axis = atStart.cross(furthestTurned), length = axis.length
        return length > 0 ? axis * (1 / length) : .zero
    }

    /// Whether the wearer has held still for a while (used to learn the standing orientation).
    public var isStill: Bool { stillFor >= SquatSignal.stillDuration }

    /// Processes one sample `dt` seconds after the previous one and returns the signal.
    /// `phase` is where the state machine believes the wearer is: only while `standing` may a
    /// still posture become the new standing reference (a pause at the bottom must not, nor a
    /// seat while `away`); while standing or away the lowest tilt is tracked for
    /// ``rereferenceToLowest()``.
    public mutating func step(_ a: Vector3, dt: Double, phase: SquatPhase) -> Double {
        // Both filters have the same cut-off: one weight serves both. The stillness mean's
        // weight is computed beside it, in the other lane of the same vector instructions.
        let (weight, stillWeight) = filter.weights(dt: dt, alongside: SquatSignal.stillMeanTau)
        let f = filter.step(a, weight: weight)
        filtered = f
        let magnitude = magnitudeFilter.step(a.length, weight: weight)
        let m = kind == .tilt ? f.length : magnitude
        guard m > 0 else { return 0 }
        // The first sample after a reset only restarts the filter state; with |g| and the
        // standing orientation already learned it still yields a real value, so a stream that
        // resumes mid-squat is seen as mid-squat rather than as a jump up from 0.
        let restarting = !primed
        if restarting {
            primed = true
            stillMean = f
            stillFor = 0
            quasiStaticFor = 0
            verticalMean = 0
            velocity = 0
            position = 0
            if !learned {
                learned = true
                gravity = m
                gravityAge = 0
                stillMeanRestartAge = followsHeight ? filter.settlingTime : .infinity
                restGravity = m
                restGravityAge = 0
                rest = f * (1 / m)
                quietSinceFirstSample = true
                return 0
            }
        } else {
            // A plain running mean until `gravityTau` seconds have been seen, then an
            // exponential one: the first sample's noise must not become a bias that `lift`
            // integrates twice. The exponential weight 1 − exp(−dt/τ) is below dt/τ ≤ dt/age by
            // about (dt/τ)²/2, far more than exp's rounding (1e-16) once dt ≥ 1 µs: there the
            // larger weight is the running mean's, known without calling exp.
            // For `bounce` only samples a squat could make measure |g| (see
            // `squatAccelerationLimit`); `lift` high-passes |a| − |g| on its own, and `tilt`
            // uses |g| only to scale the stillness tolerance and for the gait check. Not until
            // the filters have forgotten the first sample they were primed with: that may have
            // been a jolt (a band knocked as it was put on, a driver's first reading), and the
            // estimate seeded by it judged every later sample against it; at 12.5 Hz, where the
            // filtered |a| leaves a 3 m/s² jolt in one step too large to follow, it shut out
            // every true |g| for good (a slow barbell set counted 3 of 5). (`gravityAge` stops at
            // `gravityTau`, which a cut-off under 0.1 Hz would settle beyond.)
            var measuresGravity = true
            if case .bounce = kind, gravityAge >= min(filter.settlingTime, SquatSignal.gravityTau) {
                measuresGravity = abs(m - gravity) < SquatSignal.squatAccelerationLimit * gravity
            }
            if case .bounce = kind, quasiStaticFor >= SquatSignal.quasiStaticDwell,
               abs(m - restGravity) < SquatSignal.quasiStaticFraction * restGravity {
                // A plain running mean until `gravityTau` seconds have been seen, as for `gravity`.
                restGravityAge = min(restGravityAge + dt, SquatSignal.gravityTau)
                restGravity += (m - restGravity) * (dt / restGravityAge)
            }
            if measuresGravity {
                gravityAge = min(gravityAge + dt, SquatSignal.gravityTau)
                let runningWeight = dt / gravityAge
                let gravityWeight = dt >= 1e-6
                    ? runningWeight : max(smoothingWeight(dt: dt, tau: SquatSignal.gravityTau), runningWeight)
                gravity += (m - gravity) * gravityWeight
            }
            stillMean += (f - stillMean) * stillWeight
            // On a free arm, the stillness mean starts again from the filtered acceleration once
            // the filter has settled after the stream's first sample, if no stillness has been
            // seen by then. Both were primed with that one raw sample, whose noise (the noise
            // density times √(rate / 2) on each axis: up to 0.7 m/s² at 1 kHz) the filter forgets
            // within its settling time but the 0.7 s mean only over seconds: the settled
            // acceleration read as moving against it (more than ``stillTolerance``, 0.2 m/s²),
            // the reference never became where the arm hung (``restHeldStill``), and a quick set
            // begun 1.3–1.8 s into the stream was never read from hanging
            // (`SquatStateMachine.fellTowardsHanging`): simulated fast sets at 1 kHz, seeds 6095
            // (60°, 1 s at the bottom), 6151 (75°) and 6367 (90°), counted none of 14, 5 and 13,
            // now every rep. Only where nothing was still by then: an arm still moving at the end
            // of the settling time (a band handled as the stream began) still reads as moving
            // against the settled mean, and one already still is left as it was (the real
            // upper-arm recordings and burpees count the same).
            // One comparison a sample (`stillMeanRestartAge` is +∞ but on a free arm, and once
            // passed): asked as its four conditions (a free arm, nothing still, the age crossing
            // the settling time this sample) it made every other placement dearer by 1.2–2.1
            // instructions a sample and the upper arm by 13 (`Benchmarks/detector-instructions`;
            // now the upper arm, thigh and calf +1.2–1.3, the others as before).
            if gravityAge >= stillMeanRestartAge {
                stillMeanRestartAge = .infinity
                if stillFor == 0 { stillMean = f }
            }
            // Squared lengths: no square root per sample (the comparison can only come out
            // otherwise within a rounding error of the tolerance).
            let tolerance = SquatSignal.stillTolerance * gravity
            let away = f - stillMean
            stillFor = away.dot(away) < tolerance * tolerance ? stillFor + dt : 0
        }

        let verticalBefore = vertical
        vertical = m - gravity
        if case .bounce = kind {
            magnitudeVertical = magnitude - restGravity
        } else {
            magnitudeVertical = magnitude - gravity
        }
        switch kind {
        case .tilt:
            let u = f * (1 / m)
            // The standing direction is learned at the first sample, with which the filter is
            // primed: one raw sample, its noise not filtered at all. A sensor's noise per sample
            // is its noise density times √(rate / 2) on each axis (the simulated sensors' 0.001–
            // 0.03 m/s²/√Hz: up to 0.2 m/s² at 100 Hz, 0.7 at 1 kHz), which tilts that direction
            // by up to 1–4°, as much as the calf's start level (3°), and the reference stayed
            // there until the wearer had stood still for ``stillDuration``, which a set begun
            // within a second of the stream's start never does. A calf set so read standing as
            // 1.7°, never came within half a start level of it between reps, so the shin's
            // wrong-way lead before each rep went unseen (``SquatDetector/passingThroughStanding``),
            // and its fast reps read 0.7–0.8 s, under the calf's 0.8 s minimum: none counted.
            // While every sample since the first has been quiet, the wearer has not moved and the
            // reference is the filtered direction itself, which the filter steadies within its
            // settling time; from the first sample that is not quiet on, only stillness moves it.
            // The quiet test's own mean starts from that first sample too: an error past ~1.5°
            // (0.26 m/s²) reads as movement as the filter settles, and is left as before.
            if quietSinceFirstSample { quietSinceFirstSample = stillFor > 0 && !isStill }
            if case .standing = phase, !restarting, isStill || quietSinceFirstSample {
                let weight = quietSinceFirstSample ? 1 : smoothingWeight(dt: dt, tau: SquatSignal.restTau)
                let moved = rest + (u - rest) * weight
                rest = moved * (1 / moved.length)
                restHeldStill = restHeldStill || isStill
            }
            // The angle of `f` itself, whose length is `m`, not of the unit `u`: the same angle
            // (to within a unit in the last place of its cosine) without the division and square
            // root that `u` and its length would put before the arccosine.
            let tilt = f.degrees(to: rest, lengths: (m, 1))
            let previousDirection = direction
            direction = u
            if followsHeight {
                if followsCameBack {
                    // Selects, not branches: which sample is furthest is noise while the arm rests.
                    let c = u.dot(lastRepBottom)
                    let isFurther = c < cameBackCosine
                    cameBackCosine = isFurther ? c : cameBackCosine
                    cameBack = isFurther ? u : cameBack
                }
                if restarting {
                    heightAge = 0
                    heightWindow = (.zero, 0)
                    quietPosture = (.zero, .infinity)
                } else {
                    heightWindow.sum += a * dt
                    heightWindow.seconds += dt
                    if heightWindow.seconds >= SquatSignal.heightStep {
                        followHeight(heightWindow.sum * (1 / heightWindow.seconds), dt: heightWindow.seconds, phase: phase)
                        heightWindow = (.zero, 0)
                    }
                }
            }
            // One branch on the phase, which changes a few times a rep and is predicted, so that
            // a standing sample (most of them) does not also follow a bottom and a return. Within
            // it selects rather than branches: while standing, noise makes each sample's tilt as
            // likely as not a new lowest, which no branch predictor guesses.
            switch phase {
            case .standing, .away:
                restartLeanLoop()
                let isLowest = tilt < lowestTilt
                lowestTilt = isLowest ? tilt : lowestTilt
                lowest = isLowest ? u : lowest
                peakTilt = -.infinity
                returnCosine = .infinity
            case .descending, .bottom:
                if !followsHeight { followLean(u, from: previousDirection) }
                lowestTilt = .infinity
                let isPeak = tilt >= peakTilt
                peakTilt = isPeak ? tilt : peakTilt
                peakDirection = isPeak ? u : peakDirection
                returnCosine = .infinity
            case .ascending:
                if !followsHeight { followLean(u, from: previousDirection) }
                lowestTilt = .infinity
                let c = u.dot(peakDirection)
                let isReturn = c <= returnCosine
                returnCosine = isReturn ? c : returnCosine
                returnDirection = isReturn ? u : returnDirection
            }
            return tilt
        case .lift:
            if restarting {
                heightAge = 0
                return 0
            }
            heightAge += dt
            // For the turn read from held moments only, and for a squat's pause at its bottom
            // (``BottomPause``).
            followQuasiStatic(dt: dt)
            followTurn(f, length: m, phase: phase)
            if integratesOverLostSample {
                integratesOverLostSample = false
                integrateTravel((verticalBefore + vertical) / 2, dt: dt / 2)
                integrateTravel(vertical, dt: dt / 2)
            } else {
                integrateTravel(vertical, dt: dt)
            }
            return -position * 100
        case .bounce:
            followQuasiStatic(dt: dt)
            movementSum = phase.isMovement ? movementSum + f * dt : .zero
            followTurn(f, length: m, phase: phase)
            return band.step(vertical, dt: dt)
        }
    }

    /// How long |a| has stayed within ``quasiStaticFraction`` of |g|, `dt` seconds on (for the
    /// turn read only from held moments: ``Kind/bounce``, and ``Kind/lift`` on the waist).
    @inline(__always)
    private mutating func followQuasiStatic(dt: Double) {
        quasiStaticFor = abs(vertical) < SquatSignal.quasiStaticFraction * gravity ? quasiStaticFor + dt : 0
    }

    /// Integrates a vertical acceleration `up`, m/s², `dt` seconds long, into `position` (metres,
    /// up positive) with leaks of ``liftTau``: ``Kind/lift``'s travel, and ``height`` on a
    /// ``Kind/tilt`` that follows it. The acceleration is high-passed first so that a
    /// calibration offset cannot integrate into a ramp.
    ///
    /// Each sample is held over the whole interval before it (a zero-order hold, as the
    /// low-pass's weight over `dt` holds it too), so its weight in the travel is that interval's
    /// length. At 10–12.5 Hz that is what makes fast sets lose reps: a 1.2 s rep's braking and
    /// push are humps of |a| 0.2–0.3 s wide, two or three samples, and with the timestamps'
    /// jitter (up to ±45 % of a period) and single lost samples (a 0.2 s interval at 10 Hz) a
    /// sample on a hump's peak counts up to twice, the hump's impulse is read tens of percent
    /// wrong, and the leaks turn each such error of velocity into 10–40 cm of wander. The 80
    /// fast `lift` sets at 10–12.5 Hz of the fast corpora (seeds 3001–3080, waist, head, chest,
    /// hand), against the same movement sampled at 1 kHz without jitter or loss: RMS error 22.8 cm
    /// at 10 Hz (median; 0.32 of a rep's depth), 18.2 cm at 12.5 Hz (0.36); the set check then
    /// finds reps more than twice as deep as the last ones, or an ascent short of its 60 %
    /// return runs into the next rep (seeds 3040, 3041, 3080). A first-order hold (the
    /// acceleration taken as running straight between two samples, the low-pass and the leaks
    /// stepped every 10 ms over it; tried November 2026) halves the error (6.6 and 8.9 cm, 0.13
    /// and 0.17 of a depth; 4.0 and 3.8 cm with ideal timing against 16.5 and 11.0) and counts
    /// 3040, 3041 and 3080 on most placements, but it is not used: the held estimate runs
    /// 0.1–0.2 s ahead of the 1 kHz one at 10 Hz (a rep's peak at 1.29 s against 1.51 s), the
    /// rules downstream read their moments from it (the turn of a movement is measured from the
    /// last sample before the state machine sees it start: 0.2 s later, that sample is in the
    /// descent, and the first deep rep of seeds 3008 and 3032 at 10 Hz read 57–63° of turn on
    /// the head and chest, past their limits, where the held estimate read 9° and the 1 kHz
    /// one 23° on the head), and over the tuning, held-out and fast corpora 18 squat sets
    /// counted better and 25 worse, and the distractors 124 more, 98 of them walking with a
    /// controller at 10–25 Hz (with the turn measured from the posture at the estimate's
    /// trough instead: 22 better, 14 worse, the distractors 68 more, 61 of them picking up). What no
    /// interpolation recovers is a lost sample on a hump's peak: with the corpora's 1 % of
    /// lost samples the first-order hold still reads 23 cm RMS on the 18–27 cm reps of seed
    /// 3040 at 10 Hz (6–8 cm without losses).
    @inline(__always)
    private mutating func integrateTravel(_ up: Double, dt: Double) {
        verticalMean += (up - verticalMean) * smoothingWeight(dt: dt, tau: SquatSignal.liftTau)
        velocity += dt * ((up - verticalMean) - velocity / SquatSignal.liftTau)
        position += dt * (velocity - position / SquatSignal.liftTau)
    }

    /// For ``Kind/tilt``: integrates the vertical acceleration into ``height`` (every
    /// ``heightStep``, not every sample). The acceleration is the length of the acceleration
    /// low-passed at ``travelLowPassHz`` less |g|: whatever the orientation, like |a|, and
    /// computed without a square root as (|f|² − |g|²) / 2|g|, which is off by (|f| − |g|)² / 2|g|
    /// (0.2 m/s² at 2 m/s², a brisk squat's largest).
    private mutating func followHeight(_ a: Vector3, dt: Double, phase: SquatPhase) {
        let f = travelFilter.step(a, dt: dt)
        heightAge += dt
        let lengthSquared = f.dot(f)
        integrateTravel((lengthSquared - gravity * gravity) / (2 * gravity), dt: dt)
        followQuietPosture(f, lengthSquared: lengthSquared, phase: phase)
    }

    /// On a free arm (``followsHeight``), between the bottom of one movement and the descent of
    /// the next (ascending, standing, away): keeps the quasi-static posture furthest from that
    /// bottom (see ``quietTurnBeyondTrough()``). `f` is the acceleration low-passed at
    /// ``travelLowPassHz``, a moment is quasi-static when its length is within
    /// ``quasiStaticFraction`` of |g| (squared lengths compared: no square root), and "furthest"
    /// compares cos·|cos| (the sign kept, the square root left out).
    private mutating func followQuietPosture(_ f: Vector3, lengthSquared: Double, phase: SquatPhase) {
        // Going down (again, when an ascent turned straight into a new descent): the posture
        // followed was measured from the bottom before, and the new bottom is not reached yet.
        switch phase {
        case .descending, .bottom:
            quietPosture.signedSquareCosine = .infinity
            return
        case .ascending, .standing, .away:
            break
        }
        let low = (1 - SquatSignal.quasiStaticFraction) * gravity, high = (1 + SquatSignal.quasiStaticFraction) * gravity
        guard lengthSquared > low * low, lengthSquared < high * high else { return }
        let d = f.dot(peakDirection), signedSquare = d * abs(d) / lengthSquared
        if signedSquare < quietPosture.signedSquareCosine { quietPosture = (f, signedSquare) }
    }

    /// On a free arm, as a descent starts from standing: how much further, degrees, the
    /// quasi-static posture furthest from the last movement's bottom (see
    /// ``followQuietPosture(_:lengthSquared:phase:)``) lies from that bottom than the posture
    /// the tilt's trough reads (the lowest tilt while standing); nil when it lies no further or
    /// none was seen. Forgets that posture: the next movement follows its own. (It says how far
    /// the arm came back, not when: see `SquatDetector`'s `filterDelay`.)
    ///
    /// The 1 Hz low-pass that steadies the tilt lags an arm that swings back down and straight
    /// up again (a fast set without a pause at the top, 1.2–1.5 s per rep): it turns back up
    /// 20–30° short of where the arm came back to, and the rep reads only 60 % of its swing
    /// (simulated sets: 42–46° of 70°). Where |a| is near |g| at that turn, the arm is there
    /// with little linear acceleration, and the acceleration low-passed at 2.5 Hz, which lags
    /// a quarter as much, points nearer gravity: in the simulated sets 6–8° further from the
    /// bottom than the trough. It still reads short rather than past, since the arm's own
    /// reversal at the turn tilts it too (at 1.5 s per rep with a pause at the bottom, a 58°
    /// swing reads 38° between such moments, 25° filtered).
    mutating func quietTurnBeyondTrough() -> Double? {
        defer { quietPosture = (.zero, .infinity) }
        guard quietPosture.signedSquareCosine.isFinite, peakDirection.dot(peakDirection) > 0,
              lowest.dot(lowest) > 0 else { return nil }
        let posture = quietPosture.direction
        let extra = posture.degrees(to: peakDirection, lengths: (posture.length, 1))
            - lowest.degrees(to: peakDirection, lengths: (1, 1))
        return extra > 0 ? extra : nil
    }

    /// On a free arm, during an ascent: the tilt, degrees, of the quasi-static posture furthest
    /// from the movement's bottom so far (see ``followQuietPosture(_:lengthSquared:phase:)``),
    /// +∞ when none was seen: where the arm came back to, with less lag than the tilt
    /// (`SquatStateMachine.turnLow`). The same posture that ``quietTurnBeyondTrough()`` reads
    /// between a rep and the next descent from standing, but read as a tilt from the reference
    /// where that reads it as a turn from the bottom. The posture is kept: the descent that
    /// follows forgets it.
    var quietReturnTilt: Double {
        guard quietPosture.signedSquareCosine.isFinite else { return .infinity }
        let posture = quietPosture.direction
        return posture.degrees(to: rest, lengths: (posture.length, 1))
    }

    /// The gravity direction as a second channel for `lift` and `bounce`: how far the sensor
    /// turns during the movement in progress (see ``greatestTurn``). Only quasi-static moments
    /// (|a| within 10 % of |g|) measure it: in a fast deep squat the braking and the push tilt
    /// the apparent gravity by 30° and more, which is acceleration, not a turn.
    /// `length` is |a| low-passed as a number, which a turn does not shorten as it does `f`:
    /// the cosine comes out a little low while the sensor turns, never high. Comparing before
    /// dividing keeps the division to the samples that set a new least cosine.
    ///
    /// The quasi-static moments of a fast movement may fall between samples: a controller in a
    /// hand swinging with the arm (|a| 5–22 m/s² once per stride) passes through |g| in
    /// ~0.05 s, so at 12.5 Hz no sample of a stride may be within 10 % of |g|, and the swing
    /// read as a 25–30 cm rep that turned 0° (at 100 Hz the same strides read 70–100°). Where
    /// ``vertical`` changes sign between two samples, |a| equalled |g| in between: the two
    /// low-passed samples interpolated linearly to that crossing give the gravity direction
    /// there. The interpolated vector runs along the chord between the two, shorter than
    /// either when the sensor turned: it is divided by its own length (one square root per
    /// crossing, a few per rep), not by |g|, which read a rep of a fast deep squat at 10 Hz as
    /// turning 63°, past the trunk's 60° limit.
    ///
    /// For ``Kind/bounce`` (a wrist band) the reference is the gravity direction
    /// while the wearer last stood still, not at the start of each movement, and standing
    /// between movements is measured too. Hands gripping a bar come back to the same
    /// orientation after every rep, so nothing changes for squats. A free arm raised or lowered
    /// in one quick swing pulls |a| away from |g| (centripetal acceleration) until it stops, so
    /// no sample of the swing itself is quasi-static: the hump it makes completed as a rep
    /// before the turn was seen, and the arm then held up (or the lowered arm) became the next
    /// movement's start. Measured from standing still, the raised arm's 60–170° shows once it
    /// is held, and the movements that follow it end the set. Only moments that have stayed
    /// quasi-static measure it (``quasiStaticDwell``), not single samples or crossings of |g|,
    /// and the movement's mean direction counts too (``greatestTurn``).
    @inline(__always)
    private mutating func followTurn(_ f: Vector3, length: Double, phase: SquatPhase) {
        let fromStill: Bool
        if case .bounce = kind { fromStill = true } else { fromStill = false }
        let fromHeld = fromStill || turnFromHeldMoments
        defer { (previous, previousVertical) = (f, vertical) }
        if !phase.isMovement && (!fromStill || isStill || lengthAtStart == 0) {
            atStart = f
            lengthAtStart = length
            leastTurnCosine = 1
            return
        }
        // The gravity direction now, if this moment is quasi-static (for `bounce`: has stayed
        // so, see `quasiStaticDwell`), or, for `lift`, where |a| crossed |g|.
        let gravityHere: Vector3, lengthHere: Double
        if fromHeld {
            guard quasiStaticFor >= SquatSignal.quasiStaticDwell else { return }
            (gravityHere, lengthHere) = (f, length)
        } else if abs(vertical) < SquatSignal.quasiStaticFraction * gravity {
            (gravityHere, lengthHere) = (f, length)
        } else if vertical * previousVertical < 0 {
            gravityHere = previous + (f - previous) * (previousVertical / (previousVertical - vertical))
            lengthHere = gravityHere.length
        } else {
            return
        }
        let d = gravityHere.dot(atStart), scale = lengthHere * lengthAtStart
        if d < leastTurnCosine * scale {
            leastTurnCosine = d / scale
            furthestTurned = gravityHere
        }
    }
}
