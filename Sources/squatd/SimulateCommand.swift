import ArgumentParser
import SquatCore
import SquatRecordings
import SquatSimulator
import SystemPackage

/// `squatd simulate`: writes a synthetic recording from ``SquatSimulator`` with its true count
/// and rep times in the metadata.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Write a simulated recording: squats, or an activity that is not squats, with the truth in its metadata.",
        discussion: """
            The model (a two-segment leg bending along minimum-jerk paths, trunk lean, a sensor \
            fixed to one body segment in a random orientation, gravity plus the segment's acceleration, \
            sensor scale error, bias, noise, jittered and dropped samples) is documented in \
            SquatSimulator. The same options and seed give the same file.

            Examples:
              squatd simulate --placement thigh --reps 10 --tempo 2.5 -o thigh-normal.csv
              squatd simulate --placement wrist --tempo 4 --bottom-pause 1 --rate 12.5 --seed 7
              squatd simulate --activity sit-stand --placement waist --duration 60 -o chair.csv
            """)

    @Option(help: "Where the sensor is worn: thigh (pocket), waist (hip), calf (shin), chest, head (earbuds), wrist, upper-arm, hand.")
    var placement = "thigh"

    @Option(help: ArgumentHelp("What the person does.", valueName: Activity.allCases.map(\.rawValue).joined(separator: "|")))
    var activity = "squats"

    @Option(help: "Squats in the set.")
    var reps = 10

    @Option(help: "Seconds per rep, descent plus ascent, without pauses (1.2 fast, 2.5 normal, 4–6 slow).")
    var tempo = 2.5

    @Option(help: "Thigh angle from vertical at the bottom, degrees (90 parallel, 60 half, 35 quarter squat).")
    var depth = 90.0

    @Option(help: "Seconds held at the bottom of each rep (0: turn straight back up, the usual squat).")
    var bottomPause = 0.0

    @Option(help: "Seconds standing between reps (0: go straight into the next rep).")
    var topPause = 0.5

    @Option(help: "Rep-to-rep variation (relative standard deviation of tempo, depth, pauses).")
    var variation = 0.08

    @Option(help: "Length of a recording that is not squats, seconds.")
    var duration = 30.0

    @Option(help: "Sample rate, Hz.")
    var rate = 100.0

    @Option(help: "Timestamp jitter, standard deviation in sample periods (each offset clamped to ±0.45 period, so samples keep their order).")
    var jitter = 0.05

    @Option(help: "Probability that a sample is lost; with a twentieth of it a run of 2–10 samples is lost too (about 1.3 × this in all).")
    var dropRate = 0.005

    @Option(help: "|g| as the simulated sensor reads it at rest, m/s², before its per-axis scale errors (±1.5 %) and biases (0.1 m/s²) move the reading by a few percent with its orientation (default: 9–14 at random).")
    var gravity: Double?

    @Option(help: "Sensor noise density per axis, m/s²/√Hz, as datasheets give it (1 mg/√Hz = 0.0098); per sample it is density × √(rate / 2) (default: 0.001–0.03 at random).")
    var noiseDensity: Double?

    @Option(help: "Seed of every random choice.")
    var seed: UInt64 = 1

    @Option(name: .shortAndLong, help: "Output file ('-' for standard output).")
    var output = "-"

    func validate() throws {
        _ = try settings()
    }

    func run() throws {
        let simulator = try SquatSimulator(settings())
        let recording = simulator.run()
        let path = try CommandLinePaths.path(output)
        do throws(RecordingError) {
            try WholeFileOutput.write(to: path) { (into: FilePath) throws(RecordingError) in
                let writer = try RecordingWriter(to: into, metadata: recording.metadata)
                for sample in recording.samples { try writer.write(sample) }
                try writer.close()
            }
        } catch {
            printError(error.description)
            throw ExitCode(readingOrWriting: error)
        }
        if output != "-" {
            printError("\(output): \(recording.expectedReps) true reps, \(recording.samples.count) samples, "
                + "\(simulator.settings.activity.rawValue) at \(simulator.settings.placement.rawValue)")
        }
    }

    private func settings() throws -> SimulationSettings {
        var s = SimulationSettings()
        guard let p = Placement(name: placement) else {
            throw ValidationError("unknown placement '\(placement)'; one of: \(Placement.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let a = Activity(rawValue: activity) else {
            throw ValidationError("unknown activity '\(activity)'; one of: \(Activity.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        s.placement = p
        s.activity = a
        s.reps = reps
        s.tempo = tempo
        s.depth = depth
        s.bottomPause = bottomPause
        s.topPause = topPause
        s.variation = variation
        s.duration = duration
        s.sampleRate = rate
        s.jitter = jitter
        s.dropRate = dropRate
        s.gravityReading = gravity
        s.noiseDensity = noiseDensity
        s.seed = seed
        do {
            try s.validate()
        } catch {
            throw ValidationError(error.description)
        }
        return s
    }
}
