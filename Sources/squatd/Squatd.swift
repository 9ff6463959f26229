import ArgumentParser

@main
struct Squatd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Counts squats from a body-worn accelerometer.",
        discussion: """
            Exit status follows sysexits(3): 64 bad usage, 65 bad data in a recording or \
            manifest, 66 a file that is missing or cannot be read, 69 no such device, 73 an \
            output or state file that cannot be written, 74 an I/O error (or reps that could \
            not be saved), 77 a device this user may \
            not open, 78 an invalid configuration file.
            """,
        subcommands: [
            RunCommand.self,
            ReplayCommand.self,
            EvaluateCommand.self,
            SimulateCommand.self,
            PlotCommand.self,
            DevicesCommand.self,
            RecordCommand.self,
            CheckConfigCommand.self,
            StatusCommand.self,
        ]
    )
}
