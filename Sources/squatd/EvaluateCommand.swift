import ArgumentParser
import SquatCore
import SquatRecordings

/// `squatd evaluate`: scores the detector on a directory of labelled recordings.
struct EvaluateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate",
        abstract: "Score squat counting on the recordings listed in DIR/manifest.csv.",
        discussion: """
            Replays every file with the placement the manifest gives and prints, per source and \
            placement and overall: squat sets scored, exact-count rate, within-±1 rate, mean \
            absolute error, false counts per minute on idle recordings and counts per minute on \
            other exercises. Sets whose notes say 'doubtful' or 'cut off' are listed, not scored. \
            Recordings that cannot be replayed are listed and make the exit status 65 or 66. \
            --sensitivity replays every file at another sensitivity.
            """
    )

    @Argument(help: ArgumentHelp("Directory holding manifest.csv and the recordings.", valueName: "dir"))
    var directory: String

    @OptionGroup var sensitivity: SensitivityOption

    @Flag(help: "Print the figures as one JSON object instead of a table.")
    var json = false

    func run() throws {
        let evaluation: Evaluation
        do {
            evaluation = try Evaluation.run(directory: CommandLinePaths.path(directory), sensitivity: sensitivity.value)
        } catch let error as RecordingError {
            printError(error.description)
            throw ExitCode(error)
        }
        print(json ? evaluation.json : evaluation.table, terminator: json ? "\n" : "")
        var status = ExitCode.success
        for failure in evaluation.failures { status = status.worse(ExitCode(failure)) }
        if status != .success { throw status }
    }
}
