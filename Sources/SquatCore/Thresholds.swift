/// The numbers that decide what counts as a squat for one device.
///
/// Each placement has tuned defaults (``defaults(for:)``); ``SquatProfile`` scales the two
/// amplitude thresholds by the user's sensitivity and applies any expert ``Overrides``.
/// Amplitudes are in the unit of the placement's ``SquatSignal/Kind``: degrees for `tilt`,
/// centimetres for `lift`, m/s² for `bounce`. Times are seconds.
public struct Thresholds: Sendable, Equatable {
    /// Which signal follows the squat for this placement.
    public var signal: SquatSignal.Kind
    /// Cut-off of the low-pass filter on the raw acceleration, Hz. Squats live below ~1 Hz;
    /// the cut-off keeps their shape and removes footfalls, tremor and sensor noise.
    public var lowPassHz: Double
    /// Rise above the standing level that starts a descent (scaled by sensitivity).
    public var startLevel: Double
    /// Depth a rep must reach to count (scaled by sensitivity).
    public var minDepth: Double
    /// Fraction of its depth the signal must come back before the ascent counts as complete.
    public var returnFraction: Double
    /// Shortest rep, from the start of the descent to the moment the ascent completes (60 % of
    /// the way back, so ~0.67 of the full rep: 0.6 s lets a 1.2 s sit-to-stand rep count).
    public var minRepDuration: Double
    /// A descent that has not come back up after this long is abandoned (sitting down).
    public var maxRepDuration: Double
    /// No two counts closer than this, measured between their ends (on the trunk's `lift`,
    /// between their bottoms: `SquatDetector.spacesRepsAtBottoms`).
    public var minRepInterval: Double
    /// Reps that must look alike before a set starts counting (1…4; 1 counts every rep at once).
    /// 3, on every placement: two alike movements are too common outside squats (sitting down
    /// and standing up, a walk's first strides, two bends); ``defaults(for:)`` says why at each.
    public var confirmReps: Int
    /// How alike: each rep's depth within this ratio (0…1) of the recent reps' median.
    public var consistency: Double
    /// A pause longer than this between reps ends the set. 8 s: a slow 6 s rep plus a breath at
    /// the top stays in the set, while the rest between sets is half a minute or more.
    public var setGap: Double
    /// The most a rep may turn the sensor, degrees (180: any). A movement that turns it further
    /// is something else — a stoop, a phone turned over, an arm raised overhead — and ends the
    /// set. For `tilt` the turn is the signal itself (from standing, at the bottom); for `lift`
    /// it is the largest angle between the gravity direction and the one the movement started
    /// from, for `bounce` the one the wearer last stood still in, on quasi-static samples
    /// (``SquatSignal/greatestTurn``). Not scaled by sensitivity: it is a limit of the body,
    /// not of the signal.
    public var maxTurn: Double

    public init(signal: SquatSignal.Kind, lowPassHz: Double, startLevel: Double, minDepth: Double,
                returnFraction: Double = 0.6, minRepDuration: Double = 0.6, maxRepDuration: Double = 10,
                minRepInterval: Double = 0.8, confirmReps: Int = 3, consistency: Double = 0.6,
                setGap: Double = 8, maxTurn: Double = 180) {
        self.signal = signal
        self.lowPassHz = lowPassHz
        self.startLevel = startLevel
        self.minDepth = minDepth
        self.returnFraction = returnFraction
        self.minRepDuration = minRepDuration
        self.maxRepDuration = maxRepDuration
        self.minRepInterval = minRepInterval
        self.confirmReps = confirmReps
        self.consistency = consistency
        self.setGap = setGap
        self.maxTurn = maxTurn
    }

    /// ``minRepDuration`` for `lift`, seconds: a third of the fastest rep (1.2 s), where `tilt`
    /// allows half. A rep's travel is a narrower hump than its angle: the hips' height falls as
    /// 1 − cos of the thigh's angle, so it hardly changes in the first quarter of the descent and
    /// is back near standing while the legs still straighten, and a rep without a pause turns
    /// sharply at the bottom. From 2.4 cm down to 60 % of the way back up, a 1.2 s half squat
    /// lasts 0.54–0.58 s of `lift` even computed from the true vertical acceleration (smooth or
    /// minimum-jerk thigh paths), and the simulator's fast sets 0.42–0.6 s as |a| reads them
    /// (horizontal and turning accelerations only lengthen |a|, which ends the hump early).
    static let liftMinRepDuration = 0.4

    /// ``maxTurn`` for a device held in the hand, degrees. A hand does not lean with the trunk:
    /// the arms hang from the shoulders or hold the device out in front, and keep their
    /// direction in the world while the trunk leans, so the hand turns only as far as the arms
    /// rise for balance. Arms that hold something rise far less than free ones (the simulated
    /// controller rises 0–25° at parallel, 30° at most in the deepest squat, against 55–100° for
    /// a free arm; the simulated hand squats turn 38° at most, 30° in 98 % of reps); an arm that
    /// swings up like a free arm turns the device past the trunk's 60° and never counted.
    /// Turning the device to look at it, or putting it away, turns it 40–130° for the same
    /// centimetres the lift reads from |a| changing with orientation (0.6–0.9 cm per degree as
    /// read, enough to pass ``SetConfirmation/leastTravelPerDegree``); 44 of the 99 simulated
    /// handling movements that pass that check turn 45–60°. 45°: the deepest squat's balance
    /// raise (30°) with room for the hand's sway around it (the simulated squats: 8° more at
    /// most). What it assumes: the device is held by the hand, not pressed to the chest, where
    /// it would lean with the trunk (the chest's 60°). Bending over to pick something up with
    /// the other hand, the held one hangs from the shoulder and turns 9–145° (the simulator's
    /// `PickUp` since November 2026; no simulated bend in the hand counts on the tuning seeds).
    /// Read where |a| passes |g|, a fast deep rep's turn includes the tilt its own acceleration
    /// gives the apparent gravity (simulated fast sets 110° deep: 43–52° for a 15–18° turn); a
    /// rep of a confirmed set may go past the limit by that much
    /// (``SquatDetector/turnIsAFastRepsTilt(_:limit:gravity:)``).
    static let handMaxTurn = 45.0

    /// ``maxTurn`` where the sensor leans with the trunk (waist, chest), degrees: a squat keeps
    /// the trunk within ~45–55° of upright even at depth (the real waist reps here lean ≤ 43°,
    /// the pelvis takes ~60 % of the trunk's lean); bending over to the floor leans it 60–95°.
    /// 60°: the deepest squat's lean, not a stoop's.
    static let trunkMaxTurn = 60.0

    /// ``maxTurn`` for earbuds or a head band, degrees. The head points where the eyes look,
    /// not with the trunk: a squatter looks ahead, or at the floor a metre or two ahead, and
    /// the head tilts by a fraction of the trunk's lean (the simulated heads 6–14°; a fast set
    /// at 10 Hz, whose braking and push are read where |a| crosses |g|, reads up to 45°, and a
    /// limit of 40° lost one such rep). Someone bending over to pick something up looks at it:
    /// 70–90° below the horizon from 0.8–1.0 m above the floor, of which the eyes take 15–25°
    /// in the head, leaving the head 45–75° (the simulator's `PickUp`). 50°: no simulated stoop
    /// counts with it (0.02 a minute at 60°, 0.45 at 70°, 3.3 without a limit), no simulated
    /// squat set loses a rep. What it costs: a squatter who looks down at their own feet,
    /// chin on the chest, turns the head past it and is not counted.
    static let headMaxTurn = 50.0

    /// ``maxTurn`` of the `lift` placements with a turn limit: ``trunkMaxTurn`` where the sensor
    /// leans with the trunk (waist, chest), ``handMaxTurn`` in the hand.
    static func trunkOrHandMaxTurn(_ placement: Placement) -> Double {
        if case .hand = placement { return handMaxTurn }
        return trunkMaxTurn
    }

    /// Defaults per placement, tuned on the development recordings (see README, "Accuracy").
    public static func defaults(for placement: Placement) -> Thresholds {
        switch placement {
        case .thigh:
            // Rotates ~50–80° per rep; 20° already excludes walking (~30° swings, but 1 s strides).
            // Three alike reps start a set, as on the trunk and arms: the first stride of a
            // walk swings the thigh like a quick squat before the gait check has seen three
            // steps, and walks a few seconds apart, each too short to be recognised as one,
            // paired their first strides into sets of two: 24 simulated 5-minute walks never tuned
            // on counted 8 squats once the gait check saw every step (`SquatSignal`'s
            // `magnitudeVertical`), none with three; the benchmark's simulated day of 300 squats
            // counted 396, now 300. Bending down to pick something up bends the knee like a
            // shallow squat too (20–35° of thigh against the real reps' 23–64°), and two bends a
            // breath apart (``SquatDetector/longestStandInSet``) are as alike as two reps; three
            // in a row are rarer. What it costs: a set of two squats counts none, and the first
            // two reps of a set sound with the third.
            return Thresholds(signal: .tilt, lowPassHz: 1.5, startLevel: 6, minDepth: 20)
        case .calf:
            // The shin tilts only ~20–25° in a full squat and ~10° in a shallow one. The wobble of
            // the shin as the knees settle makes short bumps, so reps must last 0.8 s; the first
            // strides of a walk (31–48° in 0.6–0.8 s, before the gait check has seen three steps)
            // are kept out by it too. Three alike reps start a set, as on the thigh: at 10–25 Hz
            // the gait check often sees a walk only after its first two strides, which paired into
            // a set of two (5 of 34 simulated 5-minute walks on seeds never tuned on counted 2–6),
            // and a band turned by hand twice alike counted too (handling: 0.73 a minute, 0.20
            // with three). Two alike were kept until November 2026 because two real sets lost
            // reps with three; what cost them was a lean rule too strict for one subject's
            // knees (`SquatSignal.sameLeanCosine`), which ended those sets mid-set.
            return Thresholds(signal: .tilt, lowPassHz: 1.5, startLevel: 3, minDepth: 10, minRepDuration: 0.8)
        case .upperArm:
            // Arms move a lot in daily life: demand a deep (45°) swing, three alike reps to start a
            // set, and close consistency so the aborted last half-rep of a set is not counted.
            // Arms raised for balance reach about horizontal (90° from hanging; the real sets
            // 46–108°): an arm raised past 135°, above the head, is pointing or waving.
            return Thresholds(signal: .tilt, lowPassHz: 1.0, startLevel: 8, minDepth: 45,
                              minRepDuration: 1.0, minRepInterval: 1.0, consistency: 0.8,
                              maxTurn: 135)
        case .waist, .chest, .hand:
            // Carried by the trunk: down-and-up travel of ≥ 8 cm (a full squat is 30–50 cm).
            // Turn limits: ``trunkMaxTurn`` (60°) on the waist and chest, ``handMaxTurn`` (45°)
            // in the hand, whose device keeps its direction while the trunk leans.
            // Three alike reps start a set (the first two are announced with the third), as on
            // the upper arm and wrist: sitting down and standing up again make two rep-shaped
            // movements of |a| (and the estimate's creep after the seat), handling a device or
            // bending over for something one or two, each as deep as a squat; a set repeats.
            return Thresholds(signal: .lift, lowPassHz: 2.5, startLevel: 2.4, minDepth: 8,
                              minRepDuration: liftMinRepDuration, consistency: 0.5,
                              maxTurn: trunkOrHandMaxTurn(placement))
        case .head:
            // As the waist, but where a head points follows the eyes, not the trunk: its own
            // turn limit, ``headMaxTurn`` (50°). Three alike reps start a set, as on the trunk.
            return Thresholds(signal: .lift, lowPassHz: 2.5, startLevel: 2.4, minDepth: 8,
                              minRepDuration: liftMinRepDuration, consistency: 0.5, maxTurn: headMaxTurn)
        case .wrist:
            // Hands on a barbell: braking and driving out of the bottom, in the squat's band
            // (SquatBandFilter). Barbell reps swing that signal by 1.0–2.9 m/s² (median 1.6 at
            // ~3.8 s per rep, 2.7 at ~2.3 s); a sinusoidal 40 cm squat by 2.9, 2.0, 0.8 and 0.5 at
            // 1.2, 2, 4 and 5 s per rep. 0.7 is the depth of a hump a second long or shorter; a
            // longer one's falls with the square of its duration, the same travel at any tempo
            // (SquatStateMachine.leastDepth). Moving about between sets makes single humps as large:
            // three alike reps start a set. The 2.5 Hz cut-off serves the gait check (footfalls).
            // Hands gripping a bar on the back move with the trunk, and the forearms turn less
            // than it leans (the real barbell reps turn the band 5–17°, the simulated ones, 35 %
            // of a lean of up to 55°, 20° at most); a free hand turning a phone over or raising
            // an arm makes the same push with a turn of 30–170°, and a hanging arm that reaches
            // down to pick something up, or rests on the lap of a seat, up to 43° (half of such
            // simulated movements more than 23°). 30°: the largest turn read on the real barbell
            // sets, 23° (read from the posture last held still, a set's slow drift adds up), and
            // a held posture's few degrees of sway. The turn is read at held moments and from
            // the movement's mean direction (SquatSignal.greatestTurn), which a fast rep's
            // accelerations do not tilt; read at any moment |a| passed |g| it needed 50° and
            // still lost the fast sets (40–140°).
            return Thresholds(signal: .bounce, lowPassHz: 2.5, startLevel: 0.2, minDepth: 0.7,
                              minRepDuration: 0.8, maxTurn: 30)
        }
    }

    /// Hand-set values; `nil` leaves the profile's value in force. Overrides are not scaled by
    /// sensitivity: an expert who sets a depth means that depth.
    public struct Overrides: Sendable, Equatable {
        public var signal: SquatSignal.Kind?
        public var lowPassHz: Double?
        public var startLevel: Double?
        public var minDepth: Double?
        public var returnFraction: Double?
        public var minRepDuration: Double?
        public var maxRepDuration: Double?
        public var minRepInterval: Double?
        public var confirmReps: Int?
        public var consistency: Double?
        public var setGap: Double?
        public var maxTurn: Double?
        public init() {}
    }

    mutating func scaleAmplitudes(by factor: Double) {
        startLevel *= factor
        minDepth *= factor
    }

    mutating func apply(_ o: Overrides) {
        if let v = o.signal { signal = v }
        if let v = o.lowPassHz { lowPassHz = v }
        if let v = o.startLevel { startLevel = v }
        if let v = o.minDepth { minDepth = v }
        if let v = o.returnFraction { returnFraction = v }
        if let v = o.minRepDuration { minRepDuration = v }
        if let v = o.maxRepDuration { maxRepDuration = v }
        if let v = o.minRepInterval { minRepInterval = v }
        if let v = o.confirmReps { confirmReps = v }
        if let v = o.consistency { consistency = v }
        if let v = o.setGap { setGap = v }
        if let v = o.maxTurn { maxTurn = v }
    }
}
