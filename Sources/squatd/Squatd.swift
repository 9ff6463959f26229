import ArgumentParser

@main
struct Squatd: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Counts squats from a body-worn accelerometer.",
        discussion: """
            Exit status follows sysexits(3): 64 bad usage, 65 bad data in a recording or \
            manifest, 66 a file that is missing or cannot be read.
            """,
        subcommands: [
            ReplayCommand.self,
            EvaluateCommand.self,
            SimulateCommand.self,
            PlotCommand.self,
            DevicesCommand.self,
            RecordCommand.self,
            StatusCommand.self,
        ]
    )
}
