import ArgumentParser
import Glibc
import SquatCore
import SquatPlot
import SquatRecordings
import SystemPackage

/// `squatd plot`: draws one recording going through the detector, as SVG.
struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw a recording as squatd sees it: acceleration, detector signal, phases, counted and true reps (SVG).",
        discussion: """
            The profile is --profile, else the file's '# placement:' line, else \
            \(Placement.default.rawValue). True reps come from the '# rep_starts_s:' and \
            '# rep_ends_s:' lines (or just '# expected_reps:'), when the file has them; a time \
            that is not a number, times out of order or a count that disagrees with them is an \
            error naming its line. Memory \
            does not grow with the recording: a file is read twice (first for its time span); \
            from a pipe it is read once and a line may bend at another sample within a pixel.
            """
    )

    @OptionGroup var profile: ProfileOption

    @OptionGroup var sensitivity: SensitivityOption

    @Option(name: .shortAndLong, help: ArgumentHelp("SVG file to write ('-' for standard output; default: FILE with .svg).", valueName: "out.svg"))
    var output: String?

    @Option(help: ArgumentHelp("Draw from this time on, seconds of the recording (the detector still reads what comes before).", valueName: "seconds"))
    var from: Double?

    @Option(help: ArgumentHelp("Draw up to this time, seconds of the recording.", valueName: "seconds"))
    var to: Double?

    @Argument(help: ArgumentHelp("Recording file ('-' for standard input).", valueName: "file"))
    var file: String

    func validate() throws {
        for (name, value) in [("--from", from), ("--to", to)] where value.map({ !$0.isFinite }) == true {
            throw ValidationError("\(name) must be a number of seconds, not \(value!).")
        }
        if let from, let to, from >= to {
            throw ValidationError("--from (\(from) s) must be before --to (\(to) s).")
        }
    }

    /// The stretch drawn: `--from`…`--to`, either end open; nil for the whole recording.
    private var window: ClosedRange<Double>? {
        from == nil && to == nil ? nil : (from ?? -.infinity)...(to ?? .infinity)
    }

    /// Where the SVG goes: `-o`, else the recording's path with its extension replaced.
    static func outputPath(for file: FilePath) -> FilePath {
        if file == "-" { return "-" }
        var output = file
        output.extension = "svg"
        return output
    }

    func run() throws {
        let input = try CommandLinePaths.path(file)
        let destination = try output.map(CommandLinePaths.path) ?? Self.outputPath(for: input)
        do throws(RecordingError) {
            let plot = try makePlot(input)
            try write(plot.svg(), to: destination)
            if destination != "-" {
                printError("\(destination): counted \(plot.trace.reps.count)"
                    + (plot.expectedRepsDrawn.map { ", true \($0)" } ?? ""))
            }
        } catch {
            printError(error.description)
            throw ExitCode(readingOrWriting: error)
        }
    }

    /// Reads the recording twice when it can (a regular file): first for its span and the
    /// true reps in its metadata, which fix the time axis, then through the detector into
    /// columns of that axis. A pipe is read once, into columns that grow with it.
    private func makePlot(_ input: FilePath) throws(RecordingError) -> RecordingPlot {
        let reader = try RecordingReader(path: input)
        let placement: Placement
        if let given = profile.placement {
            placement = given
        } else if let entry = reader.metadata.entry("placement") {
            guard let named = Placement(name: entry.value) else {
                throw RecordingError(file: reader.file, line: entry.line, column: 1, kind: .unknownPlacement(entry.value))
            }
            placement = named
        } else {
            placement = .default
        }
        let truth = try RecordingTruth(metadata: reader.metadata, file: reader.file)
        let trueRepStarts = truth.repStarts, trueRepEnds = truth.repEnds
        var timeAxis: ClosedRange<Double>?
        if reader.isRewindable {
            var first: Double?, last: Double?
            while let sample = try reader.next() {
                if let window, sample.t < window.lowerBound { continue }
                if let window, sample.t > window.upperBound { break }
                if first == nil { first = sample.t }
                last = sample.t
            }
            timeAxis = RecordingPlot.timeAxis(samplesFrom: first, to: last, trueRepStarts: trueRepStarts,
                                              trueRepEnds: trueRepEnds, window: window)
            try reader.rewind()
        }
        var trace = DetectorTrace(profile: SquatProfile(placement: placement,
                                                        sensitivity: sensitivity.value),
                                  timeAxis: timeAxis, window: window)
        while let sample = try reader.next() { trace.step(sample) }
        trace.finish()
        let title = input == "-" ? "standard input" : (input.lastComponent?.description ?? reader.file)
        return RecordingPlot(title: title, trace: trace, trueRepStarts: trueRepStarts,
                             trueRepEnds: trueRepEnds, expectedReps: truth.expectedReps)
    }

    /// Writes `text` to `path` (`"-"`: standard output), all of it or an error; a file
    /// appears whole or not at all (``WholeFileOutput``).
    private func write(_ text: String, to path: FilePath) throws(RecordingError) {
        try WholeFileOutput.write(to: path) { (into: FilePath) throws(RecordingError) in
            let fd = into == "-" ? STDOUT_FILENO : into.withPlatformString { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
            guard fd >= 0 else { throw RecordingError(file: into.description, line: 0, column: 0, kind: .unwritable(errno: errno)) }
            defer { if fd != STDOUT_FILENO { close(fd) } }
            var bytes = Array(text.utf8)
            if let failure = bytes.withUnsafeMutableBytes({ WholeFileOutput.writeAll(UnsafeRawBufferPointer($0), to: fd) }) {
                throw RecordingError(file: into.description, line: 0, column: 0, kind: .unwritable(errno: failure))
            }
        }
    }
}
