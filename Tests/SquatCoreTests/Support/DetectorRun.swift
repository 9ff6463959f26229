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

    /// Runs `detector` over `samples`, then flushes it unless more of the stream follows.
    init(detector: inout SquatDetector, samples: some Sequence<Sample>, endOfStream: Bool = true) {
        for s in samples {
            if let rep = detector.step(s) { reps.append(rep) }
            maxBacklog = max(maxBacklog, detector.backlog)
        }
        guard endOfStream else { return }
        while let rep = detector.flush() {
            reps.append(rep)
            flushed += 1
        }
    }
}
