import SquatCore

/// What replaying one recording gave: the reps counted and how they were counted.
public struct ReplayResult: Sendable, Equatable {
    /// The path as given.
    public var file: String
    public var format: RecordingFormat
    public var placement: Placement
    public var profileSource: Replay.ProfileSource
    public var sensitivity: Sensitivity
    /// Every rep counted, in order.
    public var reps: [Rep]
    /// Number of samples read.
    public var sampleCount: Int
    /// From the first sample to the last, seconds.
    public var durationSeconds: Double
    /// Rows skipped for repeating the time of the row before (MetaWear streams only; see
    /// ``RecordingReader/repeatedTimesSkipped``).
    public var repeatedTimesSkipped = 0

    /// The number of squats counted.
    public var count: Int { reps.count }

    /// The profile's name as users write it (`thigh`, `upper-arm`, …).
    public var profileName: String { placement.rawValue }

    /// One human-readable line per rep: `rep 3 at 12.345 s (2.10 s)`, the time it ended
    /// (recording clock) and how long it lasted.
    public static func repLine(_ rep: Rep, number: Int) -> String {
        "rep \(number) at \(NumberText.fixed(rep.end, 3)) s (\(NumberText.fixed(rep.duration, 2)) s)"
    }

    /// The closing line of the human output: `FILE: 12 squats (profile thigh from metadata, sensitivity 5)`.
    public var totalLine: String {
        let noun = count == 1 ? "squat" : "squats"
        let origin: String
        switch profileSource {
        case .option: origin = ""
        case .metadata: origin = " from the file"
        case .default: origin = " (default)"
        }
        return "\(file): \(count) \(noun) (profile \(profileName)\(origin), sensitivity \(sensitivity.value))"
    }

    /// The `--json` line: one object with `file`, `count`, `profile`, `sensitivity` and `reps`,
    /// each rep with `t` (end, s), `start`, `end`, `duration` (s), `amplitude` (detector signal
    /// units) and `latency` (s from the end of the rep until the detector knew it).
    public var jsonLine: String {
        JSONValue.object([
            ("file", .string(file)),
            ("count", .integer(count)),
            ("profile", .string(profileName)),
            ("sensitivity", .integer(sensitivity.value)),
            ("reps", .array(reps.map { rep in
                .object([
                    ("t", .number(microseconds(rep.end))),
                    ("start", .number(microseconds(rep.start))),
                    ("end", .number(microseconds(rep.end))),
                    ("duration", .number(microseconds(rep.duration))),
                    ("amplitude", .number((rep.amplitude * 1e4).rounded() / 1e4)),
                    ("latency", .number(microseconds(rep.detectedAt - rep.end))),
                ])
            })),
        ]).serialized
    }
}

/// Seconds rounded to whole microseconds, so JSON shows `1.902`, not `1.9019999999999997`.
private func microseconds(_ seconds: Double) -> Double { (seconds * 1e6).rounded() / 1e6 }
