import SquatCore
import SystemPackage

/// Runs ``SquatCore/SquatDetector`` over a recording file: what `squatd replay` does for
/// each file, and what `squatd evaluate` does for each set.
///
/// The placement profile is chosen in this order: ``placement`` if set (the user's
/// `--profile`), else the file's `# placement:` metadata, else ``SquatCore/Placement/default``.
public struct Replay: Sendable {
    /// Where the profile came from.
    public enum ProfileSource: String, Sendable {
        case option, metadata, `default`
    }

    /// The placement the caller asked for; nil to take it from the file.
    public var placement: Placement?
    public var sensitivity: Sensitivity
    /// Whether to replay at the recording's speed (sleeping between samples on the monotonic
    /// clock) instead of as fast as possible.
    public var realTime: Bool

    public init(placement: Placement? = nil, sensitivity: Sensitivity = .default, realTime: Bool = false) {
        self.placement = placement
        self.sensitivity = sensitivity
        self.realTime = realTime
    }

    /// Replays `file` (`"-"`: standard input) and returns every rep counted.
    ///
    /// `onRep` is called as each rep is counted, right after the sample that completed it (in
    /// real time when ``realTime`` is set), so a sound can be played at the right moment.
    /// Throws the file's ``RecordingError``; reps counted before the bad row have been passed
    /// to `onRep` then but are not returned. An unknown `# placement:` value is an error
    /// (`.unknownPlacement` at its line) unless ``placement`` overrides it.
    public func run(_ file: FilePath, onRep: (Rep) -> Void = { _ in }) throws(RecordingError) -> ReplayResult {
        try run(RecordingReader(path: file), onRep: onRep)
    }

    /// Replays `file`, a name that is valid UTF-8 (see ``run(_:onRep:)-(FilePath,_)``).
    public func run(_ file: String, onRep: (Rep) -> Void = { _ in }) throws(RecordingError) -> ReplayResult {
        try run(RecordingReader(path: file), onRep: onRep)
    }

    private func run(_ reader: RecordingReader, onRep: (Rep) -> Void) throws(RecordingError) -> ReplayResult {
        let (placement, source) = try choosePlacement(reader)
        var detector = SquatDetector(profile: SquatProfile(placement: placement, sensitivity: sensitivity))
        var pacer = RealTimePacer()
        var reps: [Rep] = []
        var first: Double?
        var last = 0.0
        var samples = 0
        while let sample = try reader.next() {
            if first == nil { first = sample.t }
            last = sample.t
            samples += 1
            if realTime { pacer.wait(until: sample.t) }
            if let rep = detector.step(sample) {
                reps.append(rep)
                onRep(rep)
            }
        }
        // Reps confirmed by the last samples are owed to the caller too.
        while let rep = detector.flush() {
            reps.append(rep)
            onRep(rep)
        }
        var result = ReplayResult(file: reader.file, format: reader.format, placement: placement, profileSource: source,
                                  sensitivity: sensitivity, reps: reps, sampleCount: samples,
                                  durationSeconds: last - (first ?? last))
        result.repeatedTimesSkipped = reader.repeatedTimesSkipped
        return result
    }

    private func choosePlacement(_ reader: RecordingReader) throws(RecordingError) -> (Placement, ProfileSource) {
        if let placement { return (placement, .option) }
        guard let entry = reader.metadata.entry("placement") else { return (.default, .default) }
        guard let named = Placement(name: entry.value) else {
            throw RecordingError(file: reader.file, line: entry.line, column: 1, kind: .unknownPlacement(entry.value))
        }
        return (named, .metadata)
    }
}
