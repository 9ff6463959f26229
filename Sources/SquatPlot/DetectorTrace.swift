import SquatCore

/// What the detector saw and did over one recording, kept at the resolution of a picture:
/// for each pixel column of time, the first, lowest, highest and last value of the
/// acceleration (x, y, z, |a|) and of the detector's ``SquatCore/SquatDetector/Probe``
/// (signal, start and depth levels); the phases it went through; and the reps it counted.
///
/// Feed it sample by sample (``step(_:)``) as a file is read. Memory does not grow with the
/// recording's length: seven lines of columns, allocated by `init` (about 800 KB for a file,
/// 1.6 MB for a pipe, whose columns grow), plus the reps counted
/// and the phase runs wide enough to be drawn (at most a few ten thousand however restless
/// the recording); ``step(_:)`` allocates nothing but the rare growth of those two lists.
///
/// Columns are exact pixel columns when the picture's time axis is known before the first
/// sample: pass ``RecordingPlot/timeAxis(samplesFrom:to:trueRepStarts:trueRepEnds:)`` as
/// `timeAxis` (a file can be read twice, the first time for its span and metadata). Without
/// it the columns grow as the recording does (see `ColumnDecimation`), and a line may bend
/// at a different sample within a pixel or two: the only answer for a stream read once.
public struct DetectorTrace: Sendable {
    /// A stretch of samples the detector spent in one phase other than standing.
    struct PhaseRun: Sendable {
        /// Time of the run's first sample and of the first sample after it (or the last
        /// sample of the recording), seconds.
        var start: Double, end: Double
        var phase: SquatPhase
    }

    public let profile: SquatProfile
    /// The time axis (seconds) the columns are laid out for; nil when they grow.
    public let timeAxis: ClosedRange<Double>?
    /// The stretch of the recording drawn, seconds (nil: all of it). The detector sees every
    /// sample, so that it is in the state it would be at the window's start; the samples, the
    /// phases and the reps (by their end) outside the window are not kept.
    public let window: ClosedRange<Double>?
    /// Reps in the order counted (in a ``window``, those that end in it).
    public private(set) var reps: [Rep] = []
    /// Reps counted that ended before the ``window`` began: the first rep kept is rep
    /// `repsBefore + 1` of the recording.
    public private(set) var repsBefore = 0
    /// Samples seen.
    public private(set) var sampleCount = 0
    /// Times of the first and last sample, seconds; nil before the first.
    public private(set) var firstTime: Double?, lastTime: Double?

    /// x, y, z and |a| (m/s²), in that order.
    private(set) var acceleration: [ColumnDecimation]
    /// Lowest and highest acceleration over samples whose |a| is finite (an |a| that
    /// overflows, 1e155 m/s² squared, does not set the scale); +∞ and −∞ before any.
    private(set) var accelerationLow = Double.infinity, accelerationHigh = -Double.infinity
    /// The probe's start level, depth level and signal, in that order.
    private(set) var levels: [ColumnDecimation]
    /// Lowest and highest signal, and 1.1 × the highest level, with 0 and 1 always inside.
    private(set) var signalLow = 0.0, signalHigh = 1.0
    private var closedRuns: [PhaseRun] = []
    private var openRun: (start: Double, phase: SquatPhase)?
    /// The time axis's pixels, when laid out for one.
    private let timeScale: LinearScale?
    /// Growing columns: their width (s) when runs were last pruned.
    private var prunedAtWidth = ColumnDecimation.initialWidth
    private var detector: SquatDetector

    /// - Parameter timeAxis: the picture's time axis (seconds) when known before the first
    ///   sample; nil to let the columns grow with the recording.
    /// - Parameter window: the stretch drawn (see ``window``); nil for the whole recording.
    public init(profile: SquatProfile, timeAxis: ClosedRange<Double>? = nil, window: ClosedRange<Double>? = nil) {
        self.profile = profile
        self.timeAxis = timeAxis
        self.window = window
        detector = SquatDetector(profile: profile)
        timeScale = timeAxis.map(RecordingPlot.timeScale(domain:))
        let layout = timeScale.map(ColumnDecimation.Layout.pixels) ?? .growing
        acceleration = Array(repeating: ColumnDecimation(layout: layout), count: 4)
        levels = Array(repeating: ColumnDecimation(layout: layout), count: 3)
    }

    /// Runs the detector over `samples`, columns growing with them.
    public init(samples: some Sequence<Sample>, profile: SquatProfile) {
        self.init(profile: profile)
        for s in samples { step(s) }
        finish()
    }

    /// Feeds one sample to the detector and records what it saw.
    public mutating func step(_ sample: Sample) {
        let rep = detector.step(sample)
        if let window {
            if let rep, window.contains(rep.end) { reps.append(rep) }
            if let rep, rep.end < window.lowerBound { repsBefore += 1 }
            guard window.contains(sample.t) else {
                // The window's end closes the phase run drawn to it.
                if sample.t > window.upperBound { closeRun(at: lastTime ?? sample.t) }
                return
            }
        } else if let rep {
            reps.append(rep)
        }
        let probe = detector.probe
        let index = sampleCount, t = sample.t
        sampleCount += 1
        if firstTime == nil { firstTime = t }
        lastTime = t

        let magnitude = sample.magnitude
        acceleration[0].append(index: index, t: t, value: sample.x)
        acceleration[1].append(index: index, t: t, value: sample.y)
        acceleration[2].append(index: index, t: t, value: sample.z)
        acceleration[3].append(index: index, t: t, value: magnitude)
        if magnitude.isFinite {
            accelerationLow = min(min(min(min(accelerationLow, sample.x), sample.y), sample.z), magnitude)
            accelerationHigh = max(max(max(max(accelerationHigh, sample.x), sample.y), sample.z), magnitude)
        }

        levels[0].append(index: index, t: t, value: probe.startLevel)
        levels[1].append(index: index, t: t, value: probe.depthLevel)
        levels[2].append(index: index, t: t, value: probe.signal)
        signalLow = min(signalLow, probe.signal)
        signalHigh = max(max(max(signalHigh, probe.signal), probe.depthLevel * 1.1), probe.startLevel * 1.1)

        if let run = openRun, probe.phase != run.phase { closeRun(at: t) }
        if openRun == nil, probe.phase != .standing { openRun = (t, probe.phase) }
        if acceleration[0].width != prunedAtWidth {
            let width = acceleration[0].width
            prunedAtWidth = width
            closedRuns.removeAll { Self.isInvisible($0, on: nil, columnWidth: width) }
        }
    }

    /// Ends the open phase run, if any, at `t`.
    private mutating func closeRun(at t: Double) {
        guard let run = openRun else { return }
        let closed = PhaseRun(start: run.start, end: t, phase: run.phase)
        if !Self.isInvisible(closed, on: timeScale, columnWidth: acceleration[0].width) { closedRuns.append(closed) }
        openRun = nil
    }

    /// Whether the picture would draw `run` with width 0, that is not at all, when laid out
    /// on `timeScale` or in grown columns `columnWidth` seconds wide. Runs are disjoint, so
    /// at most 1206 / 0.05 (laid out for the axis) or 2412 / 0.04 (grown) runs are kept
    /// however many a long, restless recording has.
    ///
    /// Laid out for the axis, this is exactly what the SVG would write. Grown columns end at
    /// most a pixel wide and only widen (see `ColumnDecimation`; before any merge the axis's
    /// least millisecond keeps a pixel above 0.8 µs), so a run shorter than 0.04 columns is
    /// under 0.05 pixels, written as 0.
    private static func isInvisible(_ run: PhaseRun, on timeScale: LinearScale?, columnWidth: Double) -> Bool {
        if let timeScale { return SVGWriter.drawsNothing(width: timeScale(run.end) - timeScale(run.start)) }
        return run.end - run.start < 0.04 * columnWidth
    }

    /// Call at the end of the recording: collects the reps the last samples confirmed.
    public mutating func finish() {
        while let rep = detector.flush() {
            if window?.contains(rep.end) ?? true { reps.append(rep) }
        }
    }

    /// The runs of phases other than standing, in time order; one still open at the last
    /// sample ends there.
    var phaseRuns: [PhaseRun] {
        guard let run = openRun, let lastTime else { return closedRuns }
        return closedRuns + [PhaseRun(start: run.start, end: lastTime, phase: run.phase)]
    }
}
