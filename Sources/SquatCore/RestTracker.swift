#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Follows the moments the sensor is at rest and how far it rose or sank between two of them, to
/// tell a seat from a squat on sensors that move up and down (``SquatSignal/Kind/lift`` and
/// ``SquatSignal/Kind/bounce``).
///
/// A person who sits down on a chair *stays* there, at rest, for seconds or hours, with the hips
/// 40 cm and more below standing; a squat rests at most 2–3 s at the bottom before it rises
/// again (``SquatDetector/maxHold``). The
/// leaky `lift` estimate cannot see this: it forgets a change of height within seconds, so a
/// seat reads as a hump, and the stand-up and the estimate creeping back as more. Between two
/// rests, though, the velocity is known — zero at both ends — so the change of height from one
/// rest to the next is the vertical acceleration integrated twice over the movement alone, with
/// the velocity left at its end (sensor bias) taken out as a linear drift. Nothing integrates
/// across a rest, so nothing drifts while the wearer sits or stands.
///
/// "At rest" means, for ``minRest``: |a| reads |g| and stays where it settled (both within
/// ``accelerationTolerance``: no vertical acceleration), **and** the gravity direction stays where
/// it settled (the low-passed vector within ``turnTolerance``). A steady |a| alone is no rest:
/// the descent of a slow squat moves at a nearly steady velocity for a second or more, and at
/// the bottom of a squat without a pause |a| is held above |g| while the legs turn around.
///
/// Where the estimate is weak: |a| is not the vertical acceleration alone (horizontal and
/// turning accelerations add their square over 2g), so a sit-down, whose hips swing back, reads
/// shallower than it is; and a seat whose sensor never rests (a chest strap on a fidgeting
/// trunk) or that is left within 3 s is not seen, unless the sensor shows the trunk upright
/// (``uprightSeatLean``, on the chest; a trunk that sways on the seat, ``onSwayingSeat``).
///
/// Its rests are no zero-velocity updates for the leaky `lift` estimate. An accelerometer cannot
/// tell rest from a steady velocity, and the middle of a slow squat on a sensor that turns little
/// (a head, a hand, the pelvis in a shallow squat) is steady and unturned for a second or more:
/// in a simulated waist set of 60° squats at 6 s per rep, 8–13 cm of each 22–31 cm rep was read
/// while the sensor rested here with |a| within 0.01 g of where it settled. Stopping the
/// estimate's velocity and leaks at such rests (tried November 2026) cost squat sets (simulated,
/// seeds 1–40, 41–64 and 97–136: 6, 8 and 26 miscounted instead of 5, 4 and 18; at every rest,
/// without the 0.01 g test, 20, 11 and 32), and gained little against bending over to pick
/// something up on the head and in the hand (2.5–3.4 a minute instead of 2.8–3.5): the
/// estimate's creep at rest is a third to a half of the 5–9 s "reps" that counts, and what is
/// left, 24–68 cm, is the head or hand really going down and up in the bend, as in a squat.
///
/// Per sample: one squared distance, two multiply-adds of integration and a few comparisons;
/// no square root, no division, no allocation.
struct RestTracker: Sendable {
    /// How far |a| may be from |g|, and from where it settled, at rest, as a fraction of |g|
    /// (0.29 m/s² at 9.81): the vertical acceleration of a 40 cm squat stays below it only for
    /// about a second in the middle of a slow (5–6 s) descent, and is above it throughout the
    /// turn at the bottom of a squat without a pause (0.5 m/s² at 5 s per rep).
    static let accelerationTolerance = 0.03
    /// How far the low-passed acceleration vector may move from where it settled, as a fraction
    /// of |g|: 0.06 g is 3.4° of turn. A seated person shifts and sways by a degree or two (and
    /// standing sway is ~1°), which must not end the rest; a squat turns the trunk 20–45° and
    /// the pelvis 12–27°, most of it while the hips move.
    static let turnTolerance = 0.06
    /// Seconds the sensor must stay so to be at rest: the steady middle of the slowest squats
    /// (5–6 s per rep) stays within ``accelerationTolerance`` for up to ~1.3 s (its
    /// acceleration crosses zero there, at 0.44 m/s³ for a 40 cm descent in 3 s), but the trunk
    /// turns meanwhile; a rest misread there would cut a descent in two with its velocity unknown.
    static let minRest = 1.0
    /// Metres: a movement between rests that takes the sensor less far than this from where it
    /// rested (a shift on the seat, a lean, sway) leaves the wearer in the same posture. 8 cm is
    /// the shallowest travel a rep of a trunk-worn sensor must make (`lift`'s ``Thresholds/minDepth``
    /// at sensitivity 5), a fifth of the drop from standing to a chair seat (40–50 cm).
    /// |a| reads a sit-down short (10–50 cm): the hips swinging back add the horizontal
    /// acceleration's a²/2g to |a|, which integrates as rising.
    static let minLevelChange = 0.08
    /// Seconds: the longest movement between two rests whose change of height is read as a
    /// change of posture. Sitting down is one movement, 1–2 s of lowering and a second or two of
    /// settling (leaning back, shifting onto the seat); a longer one without a rest is something
    /// else (handling a device, walking about, a set of squats), and its double integral, whose
    /// error grows with the square of its duration (|a| turning with a miscalibrated sensor, the
    /// hips' swing adding to |a|), says nothing about where the wearer ends up.
    static let longestPostureChange = 5.0
    /// The least vertical acceleration, as a fraction of |g|, of a movement between two rests
    /// whose change of height is read as a change of posture. A movement this gentle is
    /// measured badly twice over: a turning sensor's |a| changes by 1–2 % of |g| with its
    /// orientation (scale errors per axis), which its double integral takes for travel, and it
    /// seldom or never passes ``accelerationTolerance``, from whose last passing a seat's 3 s
    /// are timed, so they ran from before the movement ended. A slow squat (25–40 cm down in
    /// 2.5–3 s: 0.02–0.03 g along a smooth path, read as 0.03–0.05 g) paused 1 s at the bottom
    /// was a seat, and its rep and its set were dropped. Sitting down 40–50 cm in 1–2 s peaks
    /// at 0.06–0.29 g along the same path (the simulated sit-downs read 0.10 g and more).
    /// 0.05 g: above the slow squats, below a sit-down made in 2 s or less. A slower sit-down is
    /// as gentle as a slow squat and is no seat either: with 2.5–3.5 s sit-downs, one simulated
    /// waist recording of twenty counted 9 reps in 5 minutes (0.04 g kept it at 0, and three of
    /// the five slow paused sets it mends miscounted). A lower posture asks for more, a
    /// sit-down's acceleration (``leastSitDownAcceleration``).
    static let leastPostureChangeAcceleration = 0.05
    /// The least vertical acceleration, as a fraction of |g|, of a movement down to a rest (its
    /// peak |a| − |g| between the two rests, which for a sit-down is its way down and its
    /// landing) for that rest to be a lower posture than the one before (a seat, ``isSeated``; a lowered
    /// rest, ``isAtLoweredRest(at:)``): a sit-down's. Sitting down is a controlled fall onto
    /// the seat, the hips 40–50 cm lower in 1–2 s, 0.06 g and more along a smooth path (40 cm in
    /// 2 s), and |a| reads more still: the hips swinging back add their a²/2g and the trunk's
    /// lean its turning (the simulated sit-downs, 1–1.8 s: 0.095 g and more, in 3376 seats on
    /// four corpora). A slow squat goes down more gently (25–45 cm in 2–3 s: 0.02–0.04 g along
    /// its path) but reads up to 0.085 g, the sensor's noise and its |a| changing as it turns
    /// (scale errors of 1.5 % and biases of 0.1 m/s² per axis) added to it; and its rise, as
    /// gentle, stays under ``accelerationTolerance``, so that the rest at its bottom runs on
    /// through the rise and the stand at the top, and ``seatedAfter`` later it was a seat: the
    /// set was dropped, and every rep until a movement large enough ended the seat (simulated
    /// sets at 4–6 s per rep, 60–90°, 1–2 s at the top, on the waist, head, chest, hand and
    /// wrist: 14 of the 36 miscounted of seeds 9010–9049 count right with this, 11 of 26 on
    /// seeds 9500–9539, looked at only once; seeds 1–136: a head and two wrist sets). 0.08 g:
    /// between the two. A sit-down gentler than that (40 cm in more than 2 s) is no seat, as one
    /// slower than 2.5 s was not before: with sit-downs of 1.8–2.5 s, which the simulated
    /// corpora do not make, the chest counted 0.3 a minute instead of 0.2, no other placement
    /// any. What is left: an accelerometer cannot tell a gentle squat's rise from a seat held
    /// still, so a slow squat whose descent reads briskly is still a seat (the 0.085 g above).
    static let leastSitDownAcceleration = 0.08
    /// The most vertical acceleration, as a fraction of |g|, of a movement between two rests
    /// whose change of height is read as a change of posture: what squats make at most
    /// (``SquatSignal/squatAccelerationLimit``, 0.6 g: a 40 cm squat at 1.2 s per rep peaks at
    /// 0.56 g), more than sitting down does (40–50 cm in 1–2 s: 0.06–0.29 g along a smooth
    /// path; the simulated sit-downs read 0.10–0.48 g). |a| is not the vertical acceleration
    /// alone: the hips' horizontal swing and the trunk's turn add their a²/2g, which the
    /// double integral takes for height, the more the harder the movement, and a few samples
    /// of a sharp one (10 Hz) integrate coarsely. A fast, deep rep paused at the bottom (1.5 s
    /// per rep, 0.79 g as read at 10 Hz) came out 41 cm lower from one standing rest to the
    /// next, and the chest took the upright rest after it for a seat at once: the set's
    /// remaining reps were lost. It holds wherever rests are followed (`lift` and the wrist's
    /// `bounce`): a wrist or hand that swings harder than this while its wearer sits down
    /// makes no seat either (the simulated sit-downs at the wrist and in the hand still count
    /// nothing on any corpus).
    static let mostPostureChangeAcceleration = SquatSignal.squatAccelerationLimit
    /// The least fraction of a posture change's greatest excursion that its change of height
    /// must keep for an upright rest to be a seat at once (see ``uprightSeatLean``): sitting down
    /// goes one way and stops at its farthest point (the sit-downs simulated here keep 0.2–1.7 of
    /// it), while a whole squat between two rests at the top goes down and comes back, and what
    /// its height change keeps of the excursion (0.1–0.2) is the estimate's error. Half: the
    /// movement ended nearer where it went than where it started.
    ///
    /// One way also means it never rose first by as much: a movement that rose more than this
    /// fraction of its excursion above the rest it left before coming down to the new one left
    /// a lower posture, and the rest it left is no standing posture to judge the trunk's lean
    /// from. A slow set paused at the bottom (4–5 s a rep, 1 s at the bottom, no pause at the
    /// top) rests at each bottom and nowhere between: from one bottom to the next the chest rose
    /// 0.36–0.46 m (0.68–1.0 of the excursion, at 7 of 8 such rests) and came down again, read
    /// 19–31 cm lower (the estimate's error over 4–5 s), and turned 0.3–4.5° from the rest before,
    /// the bottom posture itself: an upright seat, and the set ended. Simulated chest sets of
    /// seeds 4421, 4442 and 4457 counted 0 of 4, 10 of 12 and 9 of 14, now 4, 12 and 13 (the
    /// eighth rest, 4457's last, read a rise of 0.37 of its excursion; November 2026). The
    /// sit-downs rise first by up to 0.21 of their excursion as read (held-out seed 31 of hoC,
    /// 0.09 of 0.42 m): 8 cm, ``minLevelChange``, as the bar cost that seat, and the recording
    /// counted 3 squats. No other file of the tuning, held-out and fast corpora counts otherwise
    /// on the chest (the only placement with ``uprightSeatLean``); hoD's chest 401 (12.5 Hz,
    /// 2.5 s a rep) still ends its set at rep 14's bottom, which read a rise of 0.45 of its
    /// excursion.
    static let oneWayFraction = 0.5
    /// ``minLevelChange`` per m/s² of 1 g, to compare it with heights integrated from the
    /// sensor's own reading, which scales every acceleration by its |g| (9–14 m/s²) over 1 g.
    private static let levelChangePerGravity = minLevelChange / 9.80665

    /// The acceleration (vector, and |a| − |g|) the current rest (or the rest it may become) is
    /// measured around.
    private var anchor = Vector3.zero
    private var anchorVertical = 0.0
    /// When the sensor last settled where it is (the current rest, or the rest it may become).
    private(set) var anchoredAt = 0.0
    /// When |a| was last further than ``accelerationTolerance`` from |g| or from where it had
    /// settled: a seat is held from the sit-down's last acceleration. A shift on the seat turns
    /// the sensor and starts the rest afresh, but does not move the body up or down; a squat
    /// rising out of a paused bottom accelerates at once.
    private var acceleratedAt = 0.0
    private var primed = false
    /// Whether the sensor is at rest: settled for ``minRest`` or longer.
    private(set) var resting = false
    /// A movement from one rest to the next, integrated in the sensor's units (m/s² as read,
    /// times s and s²).
    private struct Movement {
        var velocity = 0.0
        var position = 0.0
        /// The farthest it got from where it started.
        var excursion = 0.0
        /// The farthest it got above where it started (0 if it never rose): a movement that rose
        /// before coming down to a lower rest went one way no more (``oneWayFraction``).
        var highest = 0.0
        /// The largest |vertical| on the way.
        var peakAcceleration = 0.0

        /// Its change of height, if it took `duration` seconds from one moment of zero velocity
        /// to another: the position with the velocity left at its end (sensor bias) taken out
        /// as a linear drift (see the type's comment).
        func change(over duration: Double) -> Double { position - velocity * duration / 2 }
    }
    /// When the movement since the last rest started.
    private var movedAt = 0.0
    /// The movement since the last rest.
    private var movement = Movement()
    /// ``movement`` as it was when the acceleration last settled at ``anchor``: where the
    /// movement ended if that settling turns out to be a rest.
    private var settled = Movement()
    /// Change of height, sensor units, of the last movement that went ``minLevelChange`` from
    /// where it started (negative: down; 0 when it lasted too long or accelerated too little or
    /// too much to tell, see ``longestPostureChange``, ``leastPostureChangeAcceleration`` and
    /// ``mostPostureChangeAcceleration``; and going down, 0 when more gently than a sit-down,
    /// ``leastSitDownAcceleration``).
    private var levelChange = 0.0
    /// Seconds a lowered posture must be held to be a seat.
    let seatedAfter: Double
    /// The largest turn, degrees, from the rest before, of a lowered rest that is a seat as soon
    /// as it is a rest (after ``minRest``), not after ``seatedAfter``; 0: none is. At the bottom of
    /// a squat the feet carry the body, so its centre of mass must stay over them: the hips go
    /// back and the trunk leans forward to balance them (20–45° at parallel). On a chair the seat
    /// carries the body, and the trunk sits upright or leans back, within ~8° of standing. So a
    /// rest reached by going down, one way (``oneWayFraction``), that turned the sensor less than
    /// this from standing is a seat, though held for only a second: a short seat (4 s, less the
    /// settling and the lean forward before standing up) is still for only 1–3 s.
    let uprightSeatLean: Double
    /// (2 sin(``uprightSeatLean``/2))²: the squared distance, per |g|², between two low-passed
    /// vectors at rest that far apart (a chord of the gravity sphere; no arccosine per rest).
    private let uprightChordSquared: Double
    /// The low-passed acceleration where the sensor rested last: the posture a movement left.
    private var lastRest = Vector3.zero
    /// Whether the current seat is an upright one, seated once it is a rest.
    private var uprightSeat = false
    /// Whether the wearer sits (kneels, crouches): came to rest at least ``minLevelChange``
    /// lower than the rest before, going down as briskly as a sit-down
    /// (``leastSitDownAcceleration``), and stayed there, without accelerating up or down, for
    /// ``seatedAfter`` seconds (or got there one way down, the trunk upright: as soon as it is
    /// a rest, see ``uprightSeatLean``, or, the trunk swaying, as soon as |a| has rested for
    /// as long, ``onSwayingSeat``). It lasts, through shifts on the seat, until the sensor rises
    /// ``minLevelChange`` above where it last rested (standing up) or comes to rest after a
    /// movement that large.
    private(set) var isSeated = false
    /// Whether the sensor rests at least ``minLevelChange`` lower than at the rest before (a
    /// seat, before ``seatedAfter`` or for less; the bottom of a squat paused there), and when
    /// it last left such a rest (see ``isAtLoweredRest(at:)``).
    private var restsLowered = false
    private var leftLoweredRestAt = -Double.infinity
    /// Seconds from when the sensor leaves a rest (|a| or its direction past the tolerances)
    /// to when that movement shows as a descent of the `lift` estimate (a start level, 2.4 cm)
    /// for it still to have set off from the rest: a seated trunk leaning forward to stand up
    /// lowers a held device or the head 10–15 cm over 0.6–1 s, the first 2.4 cm within about
    /// 0.3 s (the simulated seats: 0.2–0.3 s). A squatter paused at the bottom rises out of it,
    /// and the next descent starts only after that ascent, 0.6 s or more.
    static let settingOff = 0.5
    /// The least change of height, centimetres per degree, of a movement from one rest to the
    /// next that turned the sensor between them (see ``turnedInPlace``); 0: not judged.
    let leastTravelPerDegree: Double
    /// ``leastTravelPerDegree`` in the sensor's units per m/s² of its |g| reading, per degree.
    private let travelPerDegree: Double
    /// Whether the rest recognised at this sample (true on that sample only) ended a movement
    /// that turned the sensor away from the rest before by more than its change of height
    /// allows a squat (``leastTravelPerDegree``), the turn asking for at least
    /// ``minLevelChange``: bending over and staying bent, straightening up from there, a device
    /// turned over in the hand and put down.
    ///
    /// A squat turns a trunk-worn sensor because the hips go down and back (see
    /// ``SetConfirmation/leastTravelPerDegree``): from standing to a held bottom it goes 30–60 cm
    /// down while the pelvis turns 12–27°, and between reps it comes back to the posture it
    /// left, turned by nothing. Bending over to the floor turns the pelvis 36–57° for a belt
    /// clip's 13–20 cm. The leaky `lift` estimate cannot tell them apart over the seconds a
    /// bend lasts: the |a| of a miscalibrated sensor reads 1–2 % of |g| differently in the bent
    /// posture, which it integrates into 25–45 cm "reps". Between two rests the change of height
    /// is measured without that drift (zero velocity at both ends), and so is the turn, from
    /// one still posture to the other: a bend that pauses a second at the bottom reads its
    /// 10–23 cm for 38–54°. Judged only where the change of height is (``longestPostureChange``,
    /// ``leastPostureChangeAcceleration``, ``mostPostureChangeAcceleration``): the slow middle
    /// of a 6 s squat rests for a moment,
    /// and its gentle half-ascent read 5 cm for 18°.
    private(set) var turnedInPlace = false

    /// Whether a movement seen at `t` sets off from a rest lower than the rest before: the
    /// sensor rests there (or sits on a swaying seat, ``onSwayingSeat``), or left it less than
    /// ``settingOff`` ago.
    func isAtLoweredRest(at t: Double) -> Bool {
        restsLowered || t - leftLoweredRestAt <= RestTracker.settingOff
    }
    /// Whether the wearer sits upright on a seat whose trunk sways: seated at once, as on an
    /// upright rest (``isSeated``), and a lowered rest (``isAtLoweredRest(at:)``). Where
    /// ``uprightSeatLean`` is judged (the chest), |a| has
    /// stayed within ``accelerationTolerance`` for ``minRest`` since a movement that went down
    /// from the last rest as a sit-down does (``minLevelChange`` or more, one way,
    /// ``oneWayFraction``, as briskly as ``leastSitDownAcceleration``, within
    /// ``longestPostureChange``) and left the sensor within ``uprightSeatLean`` of that rest,
    /// though the sensor turned too much meanwhile to rest. Judged once, when |a| has been
    /// steady that long; it lasts until |a| leaves the tolerance again.
    ///
    /// A rest asks that the sensor keep its direction within 3.4° (``turnTolerance``) for a
    /// second, so that a slow squat's steady descent, which turns the trunk, is no rest. A
    /// seated trunk may sway more than that: in MixedSessionTests' chest session (seed 7 at
    /// 100 Hz) the first seat after the handling turned the sensor 3.4° from where it settled
    /// every 0.2–1.0 s for the 5 s it lasted. It never rested and was no lowered rest, so its
    /// stand-up (a lean forward that dips the estimate, then the rise) read as the first rep
    /// of a set that the sit-downs and stand-ups after it joined: 13 for 10. But the seat
    /// carries a seated body: swaying turns the chest about the hips without moving it up or
    /// down, so |a| stays at |g| as at any rest. A squatter paused at the bottom is as still
    /// in |a|, but leans the trunk forward to keep the centre of mass over the feet (the
    /// upright test, as for a rest), and reaches that bottom from standing: a movement that
    /// sets off from a lowered rest (the bottom of a paused squat) is no sit-down
    /// from the posture the upright test compares with, and judged bottom to bottom a paused
    /// 10 Hz set read 16 cm lower and 2.3° apart (seed 60176, 2.5 s at the bottom).
    ///
    /// The simulated chest seats (simc, hoA–hoE, seeds 60001–60030: 1,480 sit-downs) came
    /// steady 0–14° from the standing rest before; of 728 simulated chest squat sets (simc,
    /// hoA–hoE, fastA/B, and 400 with 0.5–2.5 s at the bottom, seeds 60001–60200 and
    /// 61001–61200), 8 made a steady stretch that reads so otherwise, all paused at the bottom
    /// 2–2.5 s and leaning 16–31°, and none counts differently. Sitting down and standing up at
    /// the chest: hoA 6 → 0, hoC 9 → 3, seeds 62001–62040 12 → 9 in 5 minutes each; 30 more
    /// chest sessions of MixedSessionTests' kind (seeds 1–6, 8–20, 31–40, 2024) miscounted 3 → 1.
    /// As a lowered rest alone it only ended the set when the stand-up set off from it; seated,
    /// no movement is a rep until the wearer has stood up, so that a stand-up, the standing
    /// after it, the next sit-down and its lean forward, read by the leaky estimate as one
    /// movement whose bottom is the seat, count no more either (a seat of 2 s swaying ±4°
    /// between 2 s of standing, six times: 5 reps before, `LiftTests`; hoB 3 → 0, seeds
    /// 62001–62040 9 → 3 more). With the seat lasting until |a| leaves |g| and a swaying seat
    /// that comes to rest kept as the same seat (``swayingSeatChange``), all four together:
    /// seeds 60001–60030 15 → 0, 62001–62040 12 → 0, the 30 mixed sessions 3 → 0; on the
    /// README's held-out rows F–M, which no one tuned on (8 hours of sitting down at the
    /// chest), 33 → 3, all in one recording.
    private(set) var onSwayingSeat = false
    /// Whether the sensor's |a| stayed steady for ``minRest`` since it last accelerated and
    /// that was judged (once per steady stretch, see ``onSwayingSeat``).
    private var steadyJudged = false
    /// ``movement`` as it was when |a| last left ``accelerationTolerance``: where the movement
    /// ended if |a| stays steady from there (``onSwayingSeat``).
    private var steadyFrom = Movement()
    /// The change of height, sensor units, of the sit-down onto the swaying seat in progress
    /// (``onSwayingSeat``): the seat's when it comes to rest. Measured from the rest before to
    /// the sit-down's last acceleration, it leaves out what the sway adds before the sensor
    /// rests: a sensor whose |a| reads a little differently as it turns (per-axis scale
    /// errors of 1–2 %, up to 0.03 g within ``accelerationTolerance``) integrates that
    /// difference over the seconds of sway. Measured to the rest, a simulated seat (seed 10's
    /// chest session of MixedSessionTests' kind, at 787 s) read 7 cm lower instead of 28, no
    /// lowered posture, and the rest ended the seat: its stand-up, the leaky estimate's creep
    /// and the next sit-down paired up into a set.
    private var swayingSeatChange = 0.0

    init(seatedAfter: Double, uprightSeatLean: Double = 0, leastTravelPerDegree: Double = 0) {
        self.seatedAfter = seatedAfter
        self.uprightSeatLean = uprightSeatLean
        self.leastTravelPerDegree = leastTravelPerDegree
        travelPerDegree = leastTravelPerDegree / 100 / 9.80665
        let chord = 2 * sin(uprightSeatLean * .pi / 360)
        uprightChordSquared = chord * chord
    }

    /// Forgets the movement in progress and the posture (lost samples: nothing integrates
    /// across a gap).
    mutating func reset() {
        self = RestTracker(seatedAfter: seatedAfter, uprightSeatLean: uprightSeatLean, leastTravelPerDegree: leastTravelPerDegree)
    }

    /// Follows one sample `dt` seconds after the previous: `f` the low-passed acceleration
    /// vector and `vertical` |a| − |g| as the sensor reads them, `gravity` its |g| reading.
    mutating func step(_ f: Vector3, vertical: Double, gravity: Double, t: Double, dt: Double) {
        turnedInPlace = false
        guard primed else {
            primed = true
            anchor = f
            anchorVertical = vertical
            anchoredAt = t
            movedAt = t
            return
        }
        if !resting {
            movement.velocity += vertical * dt
            movement.position += movement.velocity * dt
            movement.excursion = max(movement.excursion, abs(movement.position))
            movement.highest = max(movement.highest, movement.position)
            movement.peakAcceleration = max(movement.peakAcceleration, abs(vertical))
        }
        let significant = RestTracker.levelChangePerGravity * gravity
        let d = f - anchor
        let turn = RestTracker.turnTolerance * gravity, tolerance = RestTracker.accelerationTolerance * gravity
        let accelerating = abs(vertical) > tolerance || abs(vertical - anchorVertical) > tolerance
        if accelerating || d.dot(d) > turn * turn {
            anchor = f
            anchorVertical = vertical
            anchoredAt = t
            if resting {
                resting = false
                movedAt = t
                movement = Movement()
            }
            settled = movement
        } else if !resting && t - anchoredAt >= RestTracker.minRest {
            resting = true
            let duration = anchoredAt - movedAt
            let measurable = duration <= RestTracker.longestPostureChange
                && settled.peakAcceleration >= RestTracker.leastPostureChangeAcceleration * gravity
                && settled.peakAcceleration <= RestTracker.mostPostureChangeAcceleration * gravity
            let change = settled.change(over: duration)
            if settled.excursion >= significant && onSwayingSeat {
                // The swaying seat come to rest: the same seat, its change of height measured to
                // the sit-down's last acceleration (the sway since adds only |a|'s errors).
                levelChange = swayingSeatChange
                uprightSeat = true
            } else if settled.excursion >= significant {
                let sitDown = settled.peakAcceleration >= RestTracker.leastSitDownAcceleration * gravity
                levelChange = measurable && (change > 0 || sitDown) ? change : 0
                isSeated = false
                uprightSeat = -levelChange >= RestTracker.oneWayFraction * settled.excursion
                    && settled.highest < RestTracker.oneWayFraction * settled.excursion && isUpright(gravity: gravity)
            }
            if measurable && travelPerDegree > 0 {
                // The least change of height a squat makes for this turn, in the sensor's units.
                let least = travelPerDegree * gravity * anchor.degrees(to: lastRest)
                turnedInPlace = least >= significant && abs(change) < least
            }
            lastRest = anchor
        }
        if accelerating {
            acceleratedAt = t
            steadyFrom = movement
            steadyJudged = false
            onSwayingSeat = false
        } else if uprightChordSquared > 0 && !resting && !steadyJudged && t - acceleratedAt >= RestTracker.minRest {
            // Once per steady stretch: |a| has been at |g| for a rest's second, the direction not.
            steadyJudged = true
            let duration = acceleratedAt - movedAt
            let change = steadyFrom.change(over: duration)
            onSwayingSeat = levelChange > -significant && duration >= 0 && duration <= RestTracker.longestPostureChange
                && steadyFrom.peakAcceleration >= RestTracker.leastSitDownAcceleration * gravity
                && steadyFrom.peakAcceleration <= RestTracker.mostPostureChangeAcceleration * gravity
                && steadyFrom.excursion >= significant && change <= -significant
                && -change >= RestTracker.oneWayFraction * steadyFrom.excursion
                && isUpright(gravity: gravity)
            // Seated at once, as on an upright rest (``uprightSeatLean``).
            if onSwayingSeat {
                isSeated = true
                swayingSeatChange = change
            }
        }
        let lowered = (resting && levelChange <= -significant) || onSwayingSeat
        if restsLowered && !lowered { leftLoweredRestAt = t }
        restsLowered = lowered
        if isSeated {
            // Standing up accelerates: a swaying seat lasts until |a| leaves |g| (the position
            // integrated since the rest before drifts with the sensor's bias meanwhile).
            if !resting && !onSwayingSeat && movement.position >= significant { isSeated = false }
        } else if levelChange <= -significant && (resting || movement.excursion < significant)
                    && (t - acceleratedAt >= seatedAfter || (resting && uprightSeat)) {
            isSeated = true
        }
    }

    /// Whether the sensor, where it settled (``anchor``), points within ``uprightSeatLean`` of
    /// the rest before (never where none is judged): the upright trunk of a seat, asked of a
    /// rest after a sit-down and of a swaying seat (``onSwayingSeat``).
    private func isUpright(gravity: Double) -> Bool {
        let turn = anchor - lastRest
        return turn.dot(turn) < uprightChordSquared * gravity * gravity
    }
}
