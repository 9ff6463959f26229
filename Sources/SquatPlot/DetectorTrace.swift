import SquatCore

/// Everything the detector saw and did over one recording: each sample, the detector's
/// ``SquatCore/SquatDetector/Probe`` right after that sample, and the reps it counted.
///
/// Feed it sample by sample (``step(_:)``) as a file is read; it keeps one probe per sample,
/// so memory grows with the recording (about 80 bytes per sample) — fine for plotting,
/// not for a daemon.
public struct DetectorTrace: Sendable {
    public let profile: SquatProfile
    /// The samples, in the order given.
    public private(set) var samples: [Sample] = []
    /// `probes[i]` is the detector's probe after `samples[i]`.
    public private(set) var probes: [SquatDetector.Probe] = []
    /// Reps in the order counted.
    public private(set) var reps: [Rep] = []
    private var detector: SquatDetector

    public init(profile: SquatProfile) {
        self.profile = profile
        detector = SquatDetector(profile: profile)
    }

    /// Runs the detector over `samples`.
    public init(samples: some Sequence<Sample>, profile: SquatProfile) {
        self.init(profile: profile)
        for s in samples { step(s) }
        finish()
    }

    /// Feeds one sample to the detector and records what it saw.
    public mutating func step(_ sample: Sample) {
        if let rep = detector.step(sample) { reps.append(rep) }
        samples.append(sample)
        probes.append(detector.probe)
    }

    /// Call at the end of the recording: collects the reps the last samples confirmed.
    public mutating func finish() {
        while let rep = detector.flush() { reps.append(rep) }
    }
}
