import SquatCore
import SquatSimulator

/// Simulated recordings joined end to end into one longer one: one person wearing one sensor
/// (every segment uses the same seed, so the same body, sensor mount and sensor errors) doing
/// one activity after another. `squatd simulate` makes one activity of at most an hour; a day
/// or a mixed session is a sequence of them.
struct SimulatedSession {
    let placement: Placement
    let seed: UInt64
    let sampleRate: Double
    /// True ends of every rep so far, seconds on the session clock.
    private(set) var repEnds: [Double] = []
    /// Samples emitted so far.
    private(set) var sampleCount = 0
    private var lastTime: Double?
    private var lastReading: Sample?

    init(placement: Placement, seed: UInt64, sampleRate: Double = 100) {
        self.placement = placement
        self.seed = seed
        self.sampleRate = sampleRate
    }

    /// Simulates one segment (`configure` sets activity, reps, tempo, duration…) and passes its
    /// samples to `emit`, shifted to start one sample period after the previous segment ended.
    mutating func append<E: Error>(_ configure: (inout SimulationSettings) -> Void,
                                   emit: (Sample) throws(E) -> Void) throws(E) {
        var settings = SimulationSettings()
        settings.placement = placement
        settings.seed = seed
        settings.sampleRate = sampleRate
        configure(&settings)
        let recording = try! SquatSimulator(settings).run() // the plans below stay inside the model's ranges
        let offset = lastTime.map { $0 + 1 / sampleRate } ?? 0
        for sample in recording.samples {
            try emit(Sample(t: sample.t + offset, x: sample.x, y: sample.y, z: sample.z))
        }
        if let last = recording.samples.last {
            lastTime = last.t + offset
            lastReading = Sample(t: last.t + offset, x: last.x, y: last.y, z: last.z)
        }
        sampleCount += recording.samples.count
        repEnds += recording.repEnds.map { $0 + offset }
    }

    /// Standing still for `seconds` after the last segment: its last reading repeated at the
    /// sample rate, as a sensor at rest goes on reporting.
    mutating func standStill(seconds: Double, emit: (Sample) -> Void) {
        guard let last = lastReading else { return }
        let count = max(1, Int((seconds * sampleRate).rounded()))
        for k in 1...count {
            emit(Sample(t: last.t + Double(k) / sampleRate, x: last.x, y: last.y, z: last.z))
        }
        let end = last.t + Double(count) / sampleRate
        lastTime = end
        lastReading = Sample(t: end, x: last.x, y: last.y, z: last.z)
        sampleCount += count
    }

    /// `seconds` of a squat workout: a set of 10 at 2.5 s per rep, 8 s standing, a set of 6 at
    /// 2 s per rep, 8 s standing, and again, cut at `seconds`. Only reps that end before the cut
    /// are in `repEnds`.
    static func workout(seconds: Double, placement: Placement, seed: UInt64) -> (samples: [Sample], repEnds: [Double]) {
        var session = SimulatedSession(placement: placement, seed: seed)
        var samples: [Sample] = []
        while (samples.last?.t ?? 0) < seconds {
            session.append({ $0.reps = 10; $0.tempo = 2.5 }) { samples.append($0) }
            session.standStill(seconds: 8) { samples.append($0) }
            session.append({ $0.reps = 6; $0.tempo = 2; $0.topPause = 0.3 }) { samples.append($0) }
            session.standStill(seconds: 8) { samples.append($0) }
        }
        return (samples.filter { $0.t < seconds }, session.repEnds.filter { $0 < seconds })
    }

    /// A quarter of an hour of mixed use: three sets at different tempos between walking,
    /// standing while handling the device, sitting down and standing up, and arm gestures.
    static func mixedQuarterHour(placement: Placement, seed: UInt64) -> (samples: [Sample], repEnds: [Double]) {
        var session = SimulatedSession(placement: placement, seed: seed)
        var samples: [Sample] = []
        let plan: [(inout SimulationSettings) -> Void] = [
            { $0.activity = .squats; $0.reps = 12; $0.tempo = 2.5 },
            { $0.activity = .walking; $0.duration = 240 },
            { $0.activity = .squats; $0.reps = 8; $0.tempo = 4 },
            { $0.activity = .handling; $0.duration = 240 },
            { $0.activity = .squats; $0.reps = 15; $0.tempo = 1.5; $0.topPause = 0.2 },
            { $0.activity = .sitStand; $0.duration = 180 },
            { $0.activity = .armGestures; $0.duration = 120 },
        ]
        for segment in plan { session.append(segment) { samples.append($0) } }
        return (samples, session.repEnds)
    }
}
