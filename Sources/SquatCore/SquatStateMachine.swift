/// Follows the squat signal through `standing → descending → bottom → ascending` and reports
/// each completed down-and-up movement as a ``Candidate``.
///
/// It works on *prominence*, not absolute levels, so a drifting baseline (a standing reference
/// learned slightly off, a lift estimate that wanders) does not matter:
/// - a descent starts when the signal rises `startLevel` above its lowest point while standing;
/// - the bottom is the highest point; once the signal has fallen back by a quarter of the depth
///   so far (or of `minDepth`, whichever is larger) the wearer is ascending;
/// - the ascent completes when the signal has fallen back by `returnFraction` of the rep's
///   prominence (peak − the trough it rose from). Counting there rather than at the very top
///   keeps latency low: the last few degrees back to upright are slow and variable. For
///   ``SquatSignal/Kind/bounce`` the detector may also complete it where its fall stopped short
///   of that, the wearer standing at the top after a quick set's last rep (``completeAscent(end:)``).
/// Movements shallower than `minDepth` are not candidates (for ``SquatSignal/Kind/bounce``, a long
/// one's bar is lower: ``leastDepth(lasting:)``), with two exceptions (``shallow``): for
/// ``SquatSignal/Kind/tilt``, whose zero is the standing posture, a movement that rose too little
/// from a trough left high by the rep before it (no pause at the top) counts once its ascent
/// carries on, in one fall, all the way back to standing and that fall is `minDepth` deep; for
/// ``SquatSignal/Kind/lift``, a movement that rose too little from rest (the estimate at 0)
/// counts once its ascent, in one fall, has come down `minDepth` from its peak
/// (``settleShallow(signal:)``). Going down again by `minDepth` during
/// the ascent ends the movement uncounted and starts a new descent (for ``SquatSignal/Kind/bounce``, only from
/// below 0, where the body accelerates down).
/// A descent that never comes back within `maxRepDuration`, or that the detector sees held
/// still (``abandon(t:signal:)``: sitting down, kneeling), is abandoned: the wearer is `away` until
/// the signal is back within `startLevel` of the trough the movement rose from. While away a new
/// descent may start, from the lowest point since, as from standing.
public struct SquatStateMachine: Sendable {
    /// One completed down-and-up movement, before the gate and the set check.
    public struct Candidate: Sendable, Equatable {
        public var start: Double
        public var bottom: Double
        public var end: Double
        /// Signal at the bottom.
        public var peak: Double
        /// Signal at the lowest point before the descent.
        public var trough: Double
        /// How far the sensor turned during the movement, degrees: the tilt at the bottom for
        /// ``SquatSignal/Kind/tilt``, ``SquatSignal/greatestTurn`` for `lift` and `bounce`
        /// (set by the detector; 0 until then).
        public var turn = 0.0
        /// Whether this movement rose too little from rest and counts by its fall (`lift`, see
        /// ``settleShallow(signal:)``): its `trough` is then the lowest point of that fall, not
        /// where it rose from.
        public var countedByItsFall = false
        /// Whether this rep, offered before a set is confirmed, was quicker than the
        /// placement's ``Thresholds/minRepDuration`` (but no quicker than `SquatDetector`'s
        /// `shortestRep`): it counts only as one of the reps leading into a set that others
        /// confirm, and only if it keeps their tempo (``SetConfirmation/offer(_:)``).
        public var leadsOnly = false
        /// For a movement that turned into a new descent before its ascent completed
        /// (``descendAgain(t:signal:trough:turnedAsARep:)``), whose `trough` is the higher of
        /// the one it set off from and the one its ascent turned at: its rise from the one it set
        /// off from (see ``SetConfirmation``'s `depth(of:among:)`); −∞ for any other. For `lift`
        /// the detector keeps it only where the movement paused at its bottom as a squat does
        /// (`BottomPause`), and makes it −∞ otherwise.
        public var rise = -Double.infinity
        /// `peak − trough`: how deep this rep went, in the signal's unit.
        public var prominence: Double { peak - trough }
    }

    /// Fraction of the depth the signal must fall back before the wearer counts as ascending.
    static let ascentHysteresis = 0.25
    /// Fraction of the depth below the peak at which the wearer has left the bottom.
    static let bottomHysteresis = 0.1

    public private(set) var phase: SquatPhase = .standing
    private let thresholds: Thresholds
    private var low = Double.infinity
    private var peak = 0.0
    private var trough = 0.0
    private var start = 0.0
    private var bottom = 0.0
    /// Lowest signal since the ascent began.
    private var ascentLow = 0.0
    /// While `away`: the signal level that means standing again.
    private var home = 0.0
    /// Whether the signal is 0 at the standing posture (``SquatSignal/Kind/tilt``, an angle from
    /// it), so that a level within `startLevel` of 0 means standing whatever came before.
    private var zeroIsStanding: Bool {
        if case .tilt = thresholds.signal { return true } else { return false }
    }
    /// Whether the signal is 0 at rest and below it while the body accelerates down
    /// (``SquatSignal/Kind/bounce``, an acceleration), so that a new movement starts only from
    /// below 0 (see ``step(t:signal:)``).
    private var zeroIsRest: Bool {
        if case .bounce = thresholds.signal { return true } else { return false }
    }
    /// Whether a movement that rose too little from rest may show its depth in its fall
    /// (``SquatSignal/Kind/lift``, see ``settleShallow(signal:)``).
    private var fallShowsDepth: Bool {
        if case .lift = thresholds.signal { return true } else { return false }
    }
    /// The movement that last completed too shallow to count, while its ascent may still carry
    /// on back to standing (see ``settleShallow(signal:)``).
    private var shallow: Candidate?

    /// Whether a rep's depth bar follows the rep period of the set in progress
    /// (``leastDepthOfMovement(lasting:period:)``), and an ascent that turns back up as a quick set's
    /// rep ends there (``turnedAsAFilteredRep(t:)``): on a free arm. (The legs' tilt is low-passed at
    /// 1.5 Hz, which passes their fastest reps at 0.76 of their swing or more, and a thigh's
    /// 20° or a shin's 10° bar is far below their reps' swing.)
    private let followsRepPeriod: Bool

    /// `followsRepPeriod`: see ``followsRepPeriod``; only for ``SquatSignal/Kind/tilt``.
    public init(thresholds: Thresholds, followsRepPeriod: Bool = false) {
        self.thresholds = thresholds
        if case .tilt = thresholds.signal { self.followsRepPeriod = followsRepPeriod } else { self.followsRepPeriod = false }
    }

    /// Level the signal must exceed for a descent to start (for plots).
    ///
    /// Inlined by force, as its neighbour: the detector reads both levels on every sample, and
    /// once `SquatDetector.step` grew past the optimiser's inlining budget (November 2026) each
    /// read became a call that first copied the whole machine (272 bytes) onto the stack,
    /// 140 instructions a sample (`Benchmarks/detector-instructions`).
    @inline(__always)
    public var startLevel: Double {
        (isMoving ? trough : low) + thresholds.startLevel
    }

    /// Level a bottom must reach for the rep to be deep enough (for plots).
    @inline(__always)
    public var depthLevel: Double {
        (isMoving ? trough : low) + thresholds.minDepth
    }

    /// Whether a movement is in progress (``SquatPhase/isMovement``).
    @inline(__always)
    public var isMoving: Bool { phase.isMovement }

    public mutating func reset() {
        phase = .standing
        low = .infinity
        shallow = nil
    }

    /// Advances with the signal value `s` at time `t`; returns a candidate when an ascent completes.
    @inline(__always)
    public mutating func step(t: Double, signal s: Double) -> Candidate? {
        switch phase {
        case .standing, .away:
            // Selects, not branches: while standing, noise makes each sample as likely as not
            // a new lowest.
            lowTime = s <= low ? t : lowTime
            low = min(low, s)
            if case .away = phase, s < home {
                phase = .standing
            }
            if s - low > thresholds.startLevel {
                // A fall that stops and sets off again within one sample (at 10 Hz) is judged
                // as one that stops first.
                let settled = shallow == nil ? nil : fellToQuietReturn(t: t)
                shallow = nil
                phase = .descending
                start = t
                peak = s
                bottom = t
                trough = low
                return settled
            }
            return shallow == nil ? nil : settleShallow(t: t, signal: s)
        case .descending, .bottom, .ascending:
            if t - start > thresholds.maxRepDuration {
                abandon(t: t, signal: s)
                return nil
            }
            if s > peak {
                peak = s
                bottom = t
                phase = .descending
                return nil
            }
            let depth = max(peak - trough, thresholds.minDepth)
            let fallen = peak - s
            if phase != .ascending && fallen <= SquatStateMachine.bottomHysteresis * depth {
                lastAtBottom = t
            }
            if phase == .descending && fallen > SquatStateMachine.bottomHysteresis * depth {
                phase = .bottom
            }
            if phase == .bottom && fallen > SquatStateMachine.ascentHysteresis * depth {
                phase = .ascending
                ascentLow = s
                ascentLowTime = t
                ascentStart = t
                quietReturnTilt = nil
            }
            if phase == .ascending {
                ascentLowTime = s < ascentLow ? t : ascentLowTime
                ascentLow = min(ascentLow, s)
                // Going down again by a whole rep's depth before coming back up ends the
                // movement uncounted, and a new one starts here: the trough the old one rose
                // from was not standing (a lift estimate still settling after start-up, a
                // reference the wearer never returns to), and waiting for a return to it would
                // swallow every rep until `maxRepDuration`.
                // For an acceleration a new descent starts by accelerating down, below 0: a
                // rise out of a dip that stayed above it is the push out of a paused bottom,
                // after the braking, and the movement goes on (its bottom moves to the push).
                // A pause of a second keeps the band-filtered braking above 0 (the filter
                // remembers ~0.6 s), and the push rises out of that dip by a rep's depth: the
                // rep was split into the braking, offered as a shallow rep that ended the set,
                // and the push, too short to count.
                if s - ascentLow > thresholds.minDepth, !(zeroIsRest && ascentLow >= 0) {
                    return descendAgain(t: t, signal: s, trough: ascentLow)
                }
                // On a free arm, an ascent that turned back up as a rep of a quick set does
                // ends there as a rep, and the next rep rises from that turn (see
                // turnedAsAFilteredRep).
                if followsRepPeriod, s - ascentLow > thresholds.startLevel, turnedAsAFilteredRep(t: t) {
                    return descendAgain(t: t, signal: s, trough: turnLow, turnedAsARep: true)
                }
            }
            guard phase == .ascending, fallen >= thresholds.returnFraction * (peak - trough) else { return nil }
            let candidate = Candidate(start: start, bottom: bottom, end: t, peak: peak, trough: trough)
            standUp(t: t, signal: s)
            guard candidate.prominence >= leastDepthOfMovement(lasting: candidate.end - candidate.start, period: repPeriod) else {
                if zeroIsStanding || fallShowsDepth { shallow = candidate }
                return nil
            }
            lastRepStart = candidate.start
            return candidate
        }
    }

    /// While standing after a movement that completed too shallow: returns it once its fall
    /// shows it a rep deep — for `tilt`, back at standing (within `startLevel` of 0), measured
    /// from there, or on a free arm whose zero is where it hangs, once read from there it was a
    /// rep deep and fell back as far as a quick set's rep does
    /// (``fellTowardsHanging(from:to:gain:)``); for `lift`, `minDepth` below its peak
    /// (below). A movement returned here has
    /// already ended: the detector's checks of the movement in progress (for `lift`, a descent
    /// much slower than the ascent and the estimate's creep at rest) have nothing left to judge
    /// it by, and pass it.
    ///
    /// A rep's depth is its rise from the trough before it. When reps follow each other without
    /// a pause, that trough is where the previous ascent turned into this descent, short of
    /// standing (a fast set; an arm that only comes half down between reps), and a rep can rise
    /// less than `minDepth` from it yet be as deep as the others. Every rep but the last shows
    /// its depth again in the rise of the next; the last one shows it only in its own fall, when
    /// the wearer stands up at the end of the set. That fall must be one movement: a signal that
    /// stops falling and rises again by half a `startLevel` (the band within which a level
    /// counts as held, as for ``SquatDetector/maxHold``) came down in two movements — an arm
    /// lowered, raised a little and lowered again is no squat rep — and the movement is dropped.
    ///
    /// For `lift` the first rep of a set shows its depth in its fall only. The estimate is the
    /// travel high-passed twice (``SquatSignal/liftTau``): a rep that starts from rest, the
    /// estimate at 0, reads a part of its way down (a slow rep with a pause at the bottom, 6 s
    /// per rep, a fifth: 7 cm of 35), and the leak carries its way up on past 0 to an overshoot
    /// as deep as the reps after it then rise from. Its fall, from its peak to that overshoot,
    /// reads what every later rep's rise reads. So a movement that rose from within a
    /// `startLevel` of 0 counts once it has fallen `minDepth` in one fall, measured from the
    /// lowest point of that fall so far (its depth grows when the next rep shows the rest of the
    /// fall, see ``SetConfirmation``).
    private mutating func settleShallow(t: Double, signal s: Double) -> Candidate? {
        guard case .standing = phase, var c = shallow, s - low <= thresholds.startLevel / 2 else {
            defer { shallow = nil }
            return fellToQuietReturn(t: t)
        }
        if fallShowsDepth {
            guard abs(c.trough) <= thresholds.startLevel else {
                shallow = nil
                return nil
            }
            guard c.peak - low >= thresholds.minDepth else { return nil }
            shallow = nil
            c.trough = low
            c.countedByItsFall = true
            lastRepStart = c.start
            return c
        }
        if followsRepPeriod, let duration = quickRepDuration(start: c.start, bottom: c.bottom, lastAtBottom: c.bottom, t: t),
           fellTowardsHanging(from: c.peak, to: low,
                              gain: filterGain(period: swingPeriod(duration, leftBottom: max(c.bottom, lastAtBottom), turn: lowTime))) {
            shallow = nil
            lastRepStart = c.start
            return c
        }
        guard low < thresholds.startLevel else { return nil }
        shallow = nil
        c.trough = min(c.trough, low)
        guard c.prominence >= thresholds.minDepth else { return nil }
        lastRepStart = c.start
        return c
    }

    /// On a free arm whose zero is where it hangs, as the fall of a movement that completed too
    /// shallow (``shallow``) stops (the signal has risen half a `startLevel` from its lowest
    /// since): the movement, as a rep, if read to where the arm came back to
    /// (``quietReturnTilt``, where that lies below the tilt's lowest) it fell towards hanging as
    /// a quick set's rep does (``fellTowardsHanging(from:to:gain:)``), timed as at the turn
    /// (``quickRepDuration(start:bottom:lastAtBottom:t:)``); else nil.
    ///
    /// The same fall, judged where a quick set's rep ends at the turn of its ascent, is read to
    /// that posture already (``turnLow``): the 1 Hz tilt lags the arm that comes back down and
    /// goes straight up into the next rep, and turns 5–10° short of where the arm was, which
    /// the acceleration at 2.5 Hz, where |a| is near |g|, shows. Read to the tilt's own lowest, a
    /// rep that completed too shallow lost that part of its fall: seed 37 (1.5 s a rep, 0.3 s at
    /// the bottom, 90°) lost its second rep, which rose 34.3° from where the first one turned
    /// (the bar at its period, 2.0 s: 36.3°) and fell 23.5° of the 25.8° its 55.9° peak asks
    /// at its duration; to the quasi-static posture, 27.9°. Asked once, as the fall stops, not
    /// every sample of it: the posture is known by then (one arccosine per such movement).
    private mutating func fellToQuietReturn(t: Double) -> Candidate? {
        guard followsRepPeriod, case .standing = phase, let c = shallow, let q = quietReturnTilt, q < low,
              let duration = quickRepDuration(start: c.start, bottom: c.bottom, lastAtBottom: c.bottom, t: t),
              fellTowardsHanging(from: c.peak, to: q, gain: filterGain(period: duration)) else { return nil }
        lastRepStart = c.start
        return c
    }

    /// When the movement in progress reached its bottom so far, seconds.
    @inline(__always)
    var bottomTime: Double { bottom }
    /// When the signal was last at its lowest while standing or away, seconds (the trough the
    /// movement in progress set off from, once it has).
    private(set) var lowTime = -Double.infinity
    /// When the movement in progress was last at its bottom before its ascent began: within
    /// `bottomHysteresis` of its depth of its highest, seconds (earlier than `bottom` when the
    /// bottom was reached without passing through this branch since, see
    /// ``quickRepDuration(start:bottom:lastAtBottom:t:)``, which reads the later of the two).
    private var lastAtBottom = -Double.infinity
    /// When the movement in progress, or the one just completed, was last within
    /// `bottomHysteresis` of its depth of its bottom before its ascent began, seconds (its bottom
    /// itself when that came later).
    /// Inlined by force: read on every sample (see ``startLevel``).
    @inline(__always)
    var leftBottom: Double { max(bottom, lastAtBottom) }
    /// When the movement in progress started, seconds (meaningless while standing).
    @inline(__always)
    var movementStart: Double { start }
    /// When the movement in progress, or the one just completed, began its ascent: had come a
    /// quarter of its depth back from its bottom, seconds.
    private(set) var ascentStart = 0.0
    /// When the ascent in progress was at its lowest so far (``ascentLow``), seconds.
    private var ascentLowTime = 0.0

    /// The signal at the bottom of the movement in progress so far (for ``SquatSignal/Kind/tilt``,
    /// the tilt from standing there).
    @inline(__always)
    var bottomSignal: Double { peak }

    /// Signal at the lowest point before the descent in progress (meaningless while standing).
    @inline(__always)
    var descentTrough: Double { trough }

    /// The signal's zero moved just as a descent started (see ``SquatSignal/rereferenceToLowest()``):
    /// the descent now rises from `trough` and the signal stands at `s`.
    mutating func rebase(trough: Double, signal s: Double) {
        guard phase == .descending else { return }
        self.trough = trough
        peak = s
    }

    /// Ends the ascent in progress, which turned into a new descent at time `t`, and starts that
    /// descent rising from `trough`: the lowest point since the ascent began when the tilt itself
    /// rose by `minDepth`, or 0 when the signal was just re-referenced to the posture the ascent
    /// came back to (``SquatSignal/rereferenceToReturn()``). The old
    /// movement is returned when it rose `minDepth` above both the trough it started from and the
    /// point it came back to: one that ended far from where it started (an arm moved into place
    /// before the set) is no rep.
    ///
    /// `turnedAsARep`: the old movement is a quick set's rep that ended where its ascent turned,
    /// already judged a rep deep there (``turnedAsAFilteredRep(t:)``).
    mutating func descendAgain(t: Double, signal s: Double, trough newTrough: Double,
                               turnedAsARep: Bool = false) -> Candidate? {
        guard case .ascending = phase else { return nil }
        var old = Candidate(start: start, bottom: bottom, end: t, peak: peak, trough: max(trough, ascentLow))
        old.rise = peak - trough
        let isRep = turnedAsARep || old.prominence >= leastDepthOfMovement(lasting: old.end - old.start, period: repPeriod)
        if isRep { lastRepStart = old.start }
        start = t
        peak = s
        bottom = t
        trough = newTrough
        phase = .descending
        return isRep ? old : nil
    }

    /// On a free arm (``followsRepPeriod``), whether the ascent in progress, now at `t`, turned
    /// back up where the first rep of a quick set without a pause at the top does, short of
    /// completing:
    /// - it fell back from its bottom by `returnFraction` of its depth, and swung a `minDepth`
    ///   deep from the higher of its trough and that turn, both scaled by the low-pass's gain
    ///   at the movement's own duration (``filterGain(period:)``; from its start to this turn,
    ///   about a rep's period when a rep turns straight into the next, without a pause at the
    ///   bottom: ``quickRepDuration(start:bottom:lastAtBottom:t:)``); or, on an arm whose zero is where it
    ///   hangs, read from there it was a rep deep and fell back as far
    ///   (``fellTowardsHanging(from:to:gain:)``); the turn read where the arm's quasi-static
    ///   posture shows it (``turnLow``);
    /// - that duration is a quick set's, one to two of the quickest reps
    ///   (``quickestRepPeriod``): a slower set's filtered tilt comes back near standing
    ///   between reps, and its reps complete as before;
    /// - its descent took at least half as long as its rise: a squat's descent and rise are
    ///   the same travel by the same legs (the simulated quick reps: 0.9–1.0 s down, 0.7–1.0 s
    ///   up), where a burpee's arm is flung to the floor in 0.2–0.3 s and comes back over a
    ///   second.
    ///
    /// A set's first rep rises from standing. At 1.2–1.5 s a rep without a pause, the filtered
    /// tilt then swings about its mean and falls back from the first bottom by 52–58 % of the
    /// rise, short of the 60 % that completes a rep, and the next rep rises ~40° from where it
    /// turned, short of the `minDepth` (45°) that ends a movement that went down again
    /// (``descendAgain(t:signal:trough:)``): the whole set was one movement, and counted none
    /// (simulated sets at 1.2 s a rep on four seeds in six). Both bars are a swing the filter
    /// passes at its gain. That the turn's own swing is a rep deep keeps an arm that dips
    /// mid-rep in one movement (a real rep rose to 56°, dipped 26° and rose on to 70°). Without
    /// the two bounds the real burpees counted 6 more reps in 40: turns 0.5–1.3 s or 2.5–4.5 s
    /// after their movement's start, or after a 0.3 s fling.
    private func turnedAsAFilteredRep(t: Double) -> Bool {
        guard let duration = quickRepDuration(start: start, bottom: bottom, lastAtBottom: lastAtBottom, t: t) else { return false }
        let gain = filterGain(period: duration), low = turnLow
        let swing = swingPeriod(duration, leftBottom: max(bottom, lastAtBottom), turn: ascentLowTime)
        if fellTowardsHanging(from: peak, to: low, gain: filterGain(period: swing)) { return true }
        return peak - low >= thresholds.returnFraction * gain * (peak - trough)
            && peak - max(trough, low) >= gain * thresholds.minDepth
    }

    /// Where the ascent in progress turned back up, in the signal's unit: its lowest point
    /// (`ascentLow`), or the tilt of the arm's quasi-static posture furthest from the bottom
    /// since (``quietReturnTilt``) where that is lower. The quick set's rep that ends at this turn is judged
    /// from it (``turnedAsAFilteredRep(t:)``), and the next rep rises from it.
    ///
    /// The 1 Hz low-pass lags an arm that swings back down and straight up again: at 1.2–1.5 s
    /// a rep it turns back up 20–30° short of where the arm came back to, as it does between a
    /// rep and the next descent from standing (``SquatDetector``'s `followQuietTurn`, which
    /// reads the same posture there). Where |a| was within 10 % of |g| on the way back, the
    /// acceleration low-passed at 2.5 Hz, which lags 0.4 times as long (0.13 s against 0.32 s
    /// for the slow part of a swing), points nearer gravity
    /// (in the simulated fast sets 5–10° further from the bottom than the filtered tilt's
    /// turn, still short of the arm's own turn). Read from the filtered turn alone, the turn's
    /// swing of a set at 1.2 s a rep, 60° deep, read 24–27° against the 27–28° that 45° scaled
    /// by the filter's gain at the rep's duration (0.59–0.62 at 1.2–1.3 s) asks, and the whole
    /// set was one movement.
    ///
    /// The quasi-static posture is read as a tilt from the reference, the frame of the signal,
    /// not as a turn from the bottom: where the reference is not where the arm hangs (the
    /// phone held part-raised as the stream began), the arm's way back to hanging passes near
    /// the reference and then turns away from it again, and hanging, the posture furthest from
    /// the bottom, reads a higher tilt than that dip, not a lower one (a simulated app-paced
    /// set so read split its first rep in two).
    private var turnLow: Double { min(ascentLow, quietReturnTilt ?? ascentLow) }

    /// On a free arm, during the ascent in progress or while a movement that completed too
    /// shallow waits to show its depth in its fall (``shallow``), degrees: the tilt of the
    /// quasi-static posture furthest from the movement's bottom (``SquatSignal/quietReturnTilt``,
    /// +∞ when none was seen, see ``turnLow`` and ``fellToQuietReturn(t:)``); nil until the
    /// detector was asked for it (``asksForQuietReturn(signal:)``) and again once the wearer
    /// stands. Read at most twice per movement: an arccosine each.
    var quietReturnTilt: Double?

    /// Whether the detector should set ``quietReturnTilt`` before the state machine steps with the
    /// signal `s`: on a free arm, once per ascent, as it turns back up by a start level, and once
    /// per movement that completed too shallow, as its fall stops (``settleShallow(t:signal:)``).
    @inline(__always)
    func asksForQuietReturn(signal s: Double) -> Bool {
        guard followsRepPeriod, quietReturnTilt == nil else { return false }
        switch phase {
        case .ascending: return s - ascentLow > thresholds.startLevel
        case .standing: return shallow != nil && s - low > thresholds.startLevel / 2
        case .descending, .bottom, .away: return false
        }
    }

    /// The duration, seconds, of a movement that started at `start`, reached its bottom at
    /// `bottom` and was last there at `lastAtBottom` (``lastAtBottom``; the later of the two
    /// is read), at `t`, when it is timed as a quick set's rep (``turnedAsAFilteredRep(t:)``):
    /// one to two of the quickest reps (``quickestRepPeriod``) long, its descent (to `bottom`)
    /// at least half as long as its rise (from where it left the bottom); nil when it is not.
    ///
    /// The duration is the movement's own, or twice its rise from where it left the bottom
    /// when that is shorter: the rep's swing without a pause at the bottom. A squatter who
    /// pauses at the bottom holds the arm raised for balance there, and the filter shows the
    /// pause as it is; what it attenuates is the arm's quick swing down to hanging and back up
    /// into the next rep, a swing as long as the rep without its pause, and the filter's gain
    /// is read at that length. Read at the whole movement's length, a quick set paused 1 s at
    /// the bottom (2.2–2.5 s a rep) turned past the two quickest reps, its filtered fall back
    /// 51–58 % of its depth, short of the 60 % that completes a rep: every rep was one movement
    /// with the next. The pause so taken out is at most ``longestBottomPause``. It is not
    /// measured as a hold: it is the descent less twice the rise, the pause where a rep goes
    /// down and up alike, but also what a slow raise followed by a quick drop and lift leaves
    /// out. On 198 five-minute upper-arm recordings without squats (handling, picking up,
    /// sitting; November 2026) that made no difference at sensitivity 5, fewer false counts at
    /// 7–9 with the rules that came with it (244 → 173 at 7), and 5 % more at 10 (845 → 891).
    ///
    /// The bottom is left where the tilt last fell below `bottomHysteresis` of its depth from
    /// its highest, where the state machine itself calls the bottom reached (``SquatPhase/bottom``),
    /// not at its highest sample: the arm is held raised from where the hips are furthest
    /// back (63–72° of thigh flexion) through the rest of a deep descent, the pause and the
    /// ascent back to there, and within that hold the tilt sags and recovers a few degrees as
    /// the body brakes and the arm settles. Timed from its highest sample, early in the hold,
    /// a simulated set 110° deep with a 1 s pause (3 s a rep, the arm held 1.6 s) read its
    /// rise as 2.8 s, past the two quickest reps, though the arm came down and went up again
    /// in 0.7 s, and no rep counted. Its descent is still timed to its highest sample, so that
    /// an arm flung up (a burpee's) and brought down over seconds is no quicker a rep for the
    /// hold (a real burpee set counted 3 more with the descent timed to the hold's end).
    private func quickRepDuration(start: Double, bottom: Double, lastAtBottom: Double, t: Double) -> Double? {
        let leftBottom = max(bottom, lastAtBottom)
        let duration = min(t - start, 2 * (t - leftBottom))
        guard duration >= SquatStateMachine.quickestRepReading && duration <= 2 * SquatStateMachine.quickestRepPeriod
            && t - start - duration <= SquatStateMachine.longestBottomPause
            && 2 * (bottom - start) >= t - leftBottom else { return nil }
        return duration
    }

    /// On a free arm, the period, seconds, at which the low-pass's gain is read for a rep judged
    /// by its fall back towards hanging (``fellTowardsHanging(from:to:gain:)``): the swing of
    /// the arm from where the tilt left its bottom (`leftBottom`, within `bottomHysteresis` of
    /// its depth) down to where it turned back up, or has come to so far (`turn`, its lowest
    /// point), twice that, as the arm goes down and up alike, no longer than the movement's
    /// `duration` as timed for a quick set's rep (``quickRepDuration(start:bottom:lastAtBottom:t:)``)
    /// and no shorter than the quickest tempo (``quickestRepPeriod``), no squat's arm swinging
    /// quicker than its rep.
    ///
    /// Why: the duration is read at the moment it is asked, where the next rep has risen a
    /// start level out of the turn, or, for a movement that completed too shallow, at every
    /// sample of its fall, and a fall that goes on lengthens it, so the bar rose with the fall
    /// it judged. A fast set paused 1 s at the bottom (2.2 s a rep) holds the arm up through
    /// the pause and swings it down and straight up into the next rep in about 1.2 s: simulated
    /// seed 6356 (100 Hz, 75°) turned 23.5° back from a 59.4° bottom, read at 2.4 s (gain 0.85)
    /// it needed 30.3°, and every later rep fell 22–27° of the 28–31° asked as its fall went on;
    /// the set counted none of 15. Read at the swing (1.2–1.3 s, gain 0.59–0.62: 21–22°), all
    /// 15 count. Fast upper-arm sets closer (seeds 6000–6799, November 2026): 6356 0 → 15,
    /// 6293 0 → 4 of 4, 6079 8 → 11 of 11, 6233 4 → 8 of 9, 6347 3 → 6 of 6, 6362 3 → 7 of 8,
    /// and nine more by a rep; none worse there, on the tuning corpus, held-out rows A–E,
    /// fastA, fastB, or normal-tempo seeds 6400–6599 with distractors 500–599 (arm gestures,
    /// handling, picking up, sitting, walking: no recording counts more); the real recordings
    /// count the same.
    func swingPeriod(_ duration: Double, leftBottom: Double, turn: Double) -> Double {
        max(min(duration, 2 * (turn - leftBottom)), SquatStateMachine.quickestRepPeriod)
    }

    /// On a free arm whose zero is where it hung while the wearer stood still
    /// (``zeroIsHeldStanding``): whether a movement that reached `peak` and has since come back
    /// to `low` is a rep by the tilt read from hanging: `peak` at least `minDepth`, and the fall
    /// from it at least `returnFraction` of it, scaled by `gain`, the low-pass's gain at the
    /// movement's duration so far (``filterGain(period:)``, which the caller has at hand). Used where a quick
    /// set's rep ends, at the turn of its ascent (``turnedAsAFilteredRep(t:)``) or once it has
    /// completed too shallow from the trough it rose from (``settleShallow(t:signal:)``).
    ///
    /// The armband can be nowhere but hanging while the wearer stands, so the tilt from that
    /// posture is how far the arm is raised, whatever the low-pass made of the moment before.
    /// In a deep quick set without a pause at the top (1.2–2 s a rep, 75–110°) the arm is
    /// raised for balance as soon as the hips go back (fully from 63–72° of thigh flexion on)
    /// and passes near hanging only briefly where the wearer passes standing: the 1 Hz tilt
    /// turns back up 25–35° from hanging, and every rep then rises only 25–35° from that turn,
    /// short of `minDepth` (45°) and of its bar scaled by the filter's gain. The set was one
    /// movement, or counted only its first rep (simulated sets never in a corpus, seeds
    /// 9101–9108 at 10–100 Hz: 14 of 216 counted two or fewer). Read from hanging, each rep's
    /// bottom reads the arm's 55–70°, and its fall back towards hanging 50–55 % of that: what
    /// a filtered swing of its period passes of a return to standing. The movement is bounded
    /// in time as at the turn (``quickRepDuration(start:bottom:lastAtBottom:t:)``). Only from a zero held
    /// still: one taken from the stream's first sample or moved to where a movement started
    /// says nothing of where the arm hangs. A real break's phone, handled as the recording
    /// began, rests 20° from such a zero, and its arm movements reach 50° from it: read so, two
    /// real breaks counted 3 reps each and two real sets changed (10 → 11, 7 → 6 reps). The
    /// real rep whose arm dipped mid-rep (56°, dipped 26°, on to 70°; see
    /// ``turnedAsAFilteredRep(t:)``) was read from such a zero too.
    private func fellTowardsHanging(from peak: Double, to low: Double, gain: Double) -> Bool {
        zeroIsHeldStanding && peak >= thresholds.minDepth
            && peak - low >= thresholds.returnFraction * gain * peak
    }

    /// Whether the signal's zero is a posture the wearer held still in while standing (for the
    /// free arm's tilt, ``SquatSignal/restHeldStill``, which the detector copies here before
    /// each sample): where the arm hangs (``fellTowardsHanging(from:to:gain:)``).
    var zeroIsHeldStanding = false

    /// The quickest squats people make, seconds a rep: fast sit-to-stands reach 1.2 s a rep
    /// (``turnedAsAFilteredRep(t:)``).
    static let quickestRepPeriod = 1.2

    /// The shortest duration, seconds, that ``quickRepDuration(start:bottom:lastAtBottom:t:)``
    /// reads of a rep at the quickest tempo (``quickestRepPeriod``). It reads the filtered
    /// tilt's turns, not the arm's: twice the rise from where the tilt last lay within
    /// `bottomHysteresis` of its depth (of at least `minDepth`) of its highest, or from where it
    /// crossed the start level, both later than where the rep began. A quick set's swing read
    /// through the 1 Hz filter is 20–30° deep, so 10 % of `minDepth` (4.5°) is a sixth of it or
    /// more, which a smooth swing leaves 0.13–0.16 of a period after its highest sample; and the
    /// set's reps vary about their tempo (the simulated fast sets at 1.2 s a rep: 1.0–1.3 s
    /// each). Fast seed 3021's first rep (200 Hz, 75°, 1.24 s from descent to ascent) read
    /// 1.10 s so. With 1.2 as the bound, fast seeds 4120 (10 Hz, 60°) and 4020 (100 Hz, 60°)
    /// counted none of 15 and 6 (11 and 3 now, with ``SquatDetector``'s
    /// `readsTheFiltersLagAsAPosture`). 1.1: the real burpees count as before (0.71 a minute);
    /// with 1.0 they counted 0.78.
    static let quickestRepReading = 1.1

    /// The longest pause at the bottom of a quick set's rep, seconds (``quickRepDuration(start:bottom:lastAtBottom:t:)``):
    /// a paused squat holds the bottom 1–2 s (a competition pause squat 2–3 s, which nobody
    /// makes in a quick set). An arm held raised longer than that and then dropped and raised
    /// again is not a squat's: a real break's arm held up 3.7 s and dipped in 1 s counted as
    /// a rep without the bound.
    static let longestBottomPause = 2.0

    /// The amplitude gain, 0–1, of the low-pass (``Thresholds/lowPassHz``, two first-order
    /// sections) for a periodic movement of period `period` seconds: 1 / (1 + (1 / (P · fc))²).
    /// A period that is not positive (a sensor reopened on a clock set back, earlier than the
    /// last rep) is no period: gain 1, the whole bar, rather than a bar of nearly 0.
    @inline(__always)
    func filterGain(period: Double) -> Double {
        guard period > 0 else { return 1 }
        let ratio = 1 / (period * thresholds.lowPassHz)
        return 1 / (1 + ratio * ratio)
    }

    /// Seconds from the start of the last movement returned as a candidate to the start of the
    /// movement in progress (infinite before the first): a set's rep period, when reps follow
    /// each other. Read only while a movement is in progress, when `start` is its start.
    private var repPeriod: Double { start - lastRepStart }
    /// When the last movement returned as a candidate started, seconds.
    private var lastRepStart = -Double.infinity

    /// ``leastDepth(lasting:)`` of the movement in progress, which lasted `duration` seconds; on a
    /// free arm (``followsRepPeriod``), `minDepth` scaled by the low-pass's gain at `period`,
    /// the set's rep period (``filterGain(period:)``, ``repPeriod``).
    ///
    /// `minDepth` is a depth of the arm's swing. The tilt is low-passed (``Thresholds/lowPassHz``,
    /// 1 Hz on the upper arm, which the real sets need against the arm's jolts), and a set's
    /// reps are a periodic swing: the filter passes it at a gain that depends only on the
    /// period and the cut-off, 0.59 at 1.2 s a rep, 0.8 at 2 s, 0.89 at 2.8 s. A rep read
    /// between two turns of the filtered swing (no pause at the top, or a reference moved to
    /// where the arm came back to, ``SquatSignal/rereferenceToCameBack()``) rises that fraction
    /// of the arm's swing: the reps of a fast set read 35–44° of a 70° swing and none or half
    /// of them counted. The bar is scaled alike, the same swing of the arm at every tempo. A
    /// movement after a stand or a pause has a long period and meets nearly the whole bar, and
    /// one that follows no rep the whole bar (a rep's period is measured from a rep: after a
    /// fidget 0.6 s earlier a real arm's 42° movement would have met a bar of 12°). The real
    /// sets (2–2.8 s a rep) count the same.
    private func leastDepthOfMovement(lasting duration: Double, period: Double) -> Double {
        guard followsRepPeriod else { return leastDepth(lasting: duration) }
        return filterGain(period: period) * thresholds.minDepth
    }

    /// The least prominence of a movement that lasted `duration` seconds for it to be a
    /// candidate: `minDepth`, the depth of a rep's travel as the signal shows it. For
    /// ``SquatSignal/Kind/bounce`` (an acceleration) that holds only for movements as quick as
    /// ``SquatBandFilter/flattenedHump`` or quicker, whose humps the band filter flattens to
    /// the same height whatever their tempo; a slower movement's hump keeps its own height,
    /// which for the same travel falls with the square of its duration, and the bar falls
    /// with it: the same travel at any tempo, down to the start level, which every candidate
    /// rises by anyway (below it after 1.87 s at sensitivity 5: from there on a movement is a
    /// candidate as soon as it has started and come back). The simulated 60° half squats make humps of
    /// 2–3 m/s² at 1.2 s per rep, 1.1 at 3 s, 0.6 at 4 s and 0.35–0.55 at 6 s, lasting 1–1.3,
    /// 1.2–1.4, 1.4–1.8 and 1.7–3.8 s (longer with a pause at the bottom, which puts the
    /// braking and the push apart); with `minDepth` at every duration, 22 of 120 simulated
    /// wrist sets were miscounted, 11 of them counting nothing, and 8 are now. The hip-hinge
    /// of picking something up makes no hump this gentle (simulated: 0.7 m/s² and more over
    /// 1.4–3 s), nor do the real barbell sets' other lifts. What the lower bar lets through
    /// that is no rep is kept out of a set of quicker reps by ``SquatDetector`` (a gentle hump
    /// must be like the set's reps).
    @inline(__always)
    func leastDepth(lasting duration: Double) -> Double {
        guard zeroIsRest, duration > SquatBandFilter.flattenedHump else { return thresholds.minDepth }
        let ratio = SquatBandFilter.flattenedHump / duration
        return thresholds.minDepth * ratio * ratio
    }

    /// The lowest signal since the ascent in progress began, and when it was there (meaningless
    /// unless ascending).
    @inline(__always)
    var ascentTurn: (signal: Double, t: Double) { (ascentLow, ascentLowTime) }

    /// Completes the ascent in progress, which has not fallen back by `returnFraction` of its
    /// depth, where its fall stopped at `end` (at or before its lowest point since the ascent
    /// began, ``ascentTurn``): the detector has seen the wearer stop at the top (for
    /// ``SquatSignal/Kind/bounce``, ``SquatDetector``'s `stoppedAtTheTop`). The wearer stands
    /// from that lowest point on, and the movement is returned as ``step(t:signal:)`` returns a
    /// completed ascent if deep enough by the same bar; if not, nothing changes.
    mutating func completeAscent(end: Double) -> Candidate? {
        guard case .ascending = phase else { return nil }
        let candidate = Candidate(start: start, bottom: bottom, end: end, peak: peak, trough: trough)
        guard candidate.prominence >= leastDepthOfMovement(lasting: candidate.end - candidate.start, period: repPeriod) else { return nil }
        standUp(t: ascentLowTime, signal: ascentLow)
        lastRepStart = candidate.start
        return candidate
    }

    /// The signal's zero moved to a posture the sensor has since turned `s` away from
    /// (``SquatSignal/rereferenceToCameBack()``): whatever the phase, a descent rising from 0 is
    /// in progress. An ascent in progress ends as in ``descendAgain(t:signal:trough:)`` (and is
    /// returned if it was a rep); a descent keeps its start.
    mutating func descendFromZero(t: Double, signal s: Double) -> Candidate? {
        switch phase {
        case .ascending:
            return descendAgain(t: t, signal: s, trough: 0)
        case .descending, .bottom:
            break
        case .standing, .away:
            shallow = nil
            start = t
        }
        phase = .descending
        trough = 0
        peak = s
        bottom = t
        return nil
    }

    /// Ends the movement in progress uncounted: the wearer stopped somewhere other than standing
    /// (held still there, or stayed longer than `maxRepDuration`) and is `away` until the signal
    /// comes back to where the movement started. `t` is the time of the sample `s`, seconds.
    public mutating func abandon(t: Double, signal s: Double) {
        guard isMoving else { return }
        shallow = nil
        home = trough + thresholds.startLevel
        phase = .away
        low = s
        lowTime = t
    }

    private mutating func standUp(t: Double, signal s: Double) {
        quietReturnTilt = nil
        phase = .standing
        low = s
        lowTime = t
    }
}
