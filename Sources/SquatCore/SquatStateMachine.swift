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
///   keeps latency low: the last few degrees back to upright are slow and variable.
/// Movements shallower than `minDepth` are not candidates. Going down again by `minDepth` during
/// the ascent ends the movement uncounted and starts a new descent.
/// A descent that never comes back within `maxRepDuration`, or that the detector sees held
/// still (``abandon(signal:)``: sitting down, kneeling), is abandoned: the wearer is `away` until
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

    public init(thresholds: Thresholds) {
        self.thresholds = thresholds
    }

    /// Level the signal must exceed for a descent to start (for plots).
    public var startLevel: Double {
        (isMoving ? trough : low) + thresholds.startLevel
    }

    /// Level a bottom must reach for the rep to be deep enough (for plots).
    public var depthLevel: Double {
        (isMoving ? trough : low) + thresholds.minDepth
    }

    /// Whether a movement is in progress (``SquatPhase/isMovement``).
    public var isMoving: Bool { phase.isMovement }

    public mutating func reset() {
        phase = .standing
        low = .infinity
    }

    /// Advances with the signal value `s` at time `t`; returns a candidate when an ascent completes.
    public mutating func step(t: Double, signal s: Double) -> Candidate? {
        switch phase {
        case .standing, .away:
            low = min(low, s)
            if case .away = phase, s < home {
                phase = .standing
            }
            if s - low > thresholds.startLevel {
                phase = .descending
                start = t
                peak = s
                bottom = t
                trough = low
            }
            return nil
        case .descending, .bottom, .ascending:
            if t - start > thresholds.maxRepDuration {
                abandon(signal: s)
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
            if phase == .descending && fallen > SquatStateMachine.bottomHysteresis * depth {
                phase = .bottom
            }
            if phase == .bottom && fallen > SquatStateMachine.ascentHysteresis * depth {
                phase = .ascending
                ascentLow = s
            }
            if phase == .ascending {
                ascentLow = min(ascentLow, s)
                // Going down again by a whole rep's depth before coming back up ends the
                // movement uncounted, and a new one starts here: the trough the old one rose
                // from was not standing (a lift estimate still settling after start-up, a
                // reference the wearer never returns to), and waiting for a return to it would
                // swallow every rep until `maxRepDuration`.
                if s - ascentLow > thresholds.minDepth {
                    let old = Candidate(start: start, bottom: bottom, end: t, peak: peak, trough: max(trough, ascentLow))
                    start = t
                    peak = s
                    bottom = t
                    trough = ascentLow
                    phase = .descending
                    return old.prominence >= thresholds.minDepth ? old : nil
                }
            }
            guard phase == .ascending, fallen >= thresholds.returnFraction * (peak - trough) else { return nil }
            let candidate = Candidate(start: start, bottom: bottom, end: t, peak: peak, trough: trough)
            standUp(at: s)
            return candidate.prominence >= thresholds.minDepth ? candidate : nil
        }
    }

    /// Signal at the lowest point before the descent in progress (meaningless while standing).
    var descentTrough: Double { trough }

    /// The signal's zero moved just as a descent started (see ``SquatSignal/rereferenceToLowest()``):
    /// the descent now rises from `trough` and the signal stands at `s`.
    mutating func rebase(trough: Double, signal s: Double) {
        guard phase == .descending else { return }
        self.trough = trough
        peak = s
    }

    /// Ends the movement in progress uncounted: the wearer stopped somewhere other than standing
    /// (held still there, or stayed longer than `maxRepDuration`) and is `away` until the signal
    /// comes back to where the movement started.
    public mutating func abandon(signal s: Double) {
        guard isMoving else { return }
        home = trough + thresholds.startLevel
        phase = .away
        low = s
    }

    private mutating func standUp(at s: Double) {
        phase = .standing
        low = s
    }
}
