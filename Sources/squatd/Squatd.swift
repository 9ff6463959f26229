import ArgumentParser
import SquatCore

@main
struct Squatd: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Counts squats from a body-worn accelerometer.",
        subcommands: [
            SimulateCommand.self,
            //PLOT PlotCommand.self,
        ]
    )
}
