@testable import SquatCore

/// What a detector did over a whole stream: every rep it returned (from `step`, then `flush`),
/// and facts checked at every sample.
struct DetectorRun {
    var reps: [Rep] = []
    /// Largest ``SquatDetector/backlog`` seen after any sample.
    var maxBacklog = 0
    /// Reps returned by ``SquatDetector/flush()`` rather than ``SquatDetector/step(_:)``.
    var flushed = 0

    init(profile: SquatProfile, samples: some Sequence<Sample>) {
        var detector = SquatDetector(profile: profile)
        self.init(detector: &detector, samples: samples)
    }

    /// Runs `detector` over `samples` and flushes it at the end.
    init(detector: inout SquatDetector, samples: some Sequence<Sample>) {
        for s in samples {
            if let rep = detector.step(s) { reps.append(rep) }
            maxBacklog = max(maxBacklog, detector.backlog)
        }
        while let rep = detector.flush() {
            reps.append(rep)
            flushed += 1
        }
    }

    /// For each true rep, how far the nearest counted rep's `end` is from its true end, seconds
    /// (nil when no counted rep is within `window` seconds).
    func endErrors(against truth: [SquatSet.TrueRep], window: Double = 3) -> [Double?] {
        truth.map { trueRep in
            reps.map { $0.end - trueRep.end }.filter { abs($0) <= window }.min { abs($0) < abs($1) }
        }
    }
}
