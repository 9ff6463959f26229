import ArgumentParser
import SquatDaemon

/// Where the service's configuration and counts are: the options `run` and `status` share, so
/// that `status` finds what `run` writes.
struct ServiceLocations: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Configuration file (default: \(DaemonConfiguration.defaultPath)).",
                                            valueName: "file"))
    var config: String?

    @Option(name: .customLong("state-dir"),
            help: ArgumentHelp("Where the counts are kept (default: [state] directory, $STATE_DIRECTORY, \(DaemonOptions.systemStateDirectory)).",
                               valueName: "dir"))
    var stateDirectory: String?

    func validate() throws {
        if config?.isEmpty == true { throw ValidationError("--config must name a file.") }
        if stateDirectory?.isEmpty == true { throw ValidationError("--state-dir must name a directory.") }
    }

    /// The options, with each path the bytes of the command-line word it came from (see
    /// ``CommandLinePaths``). Each is looked up on its own: two that read alike but are spelled
    /// differently are a usage error, never a swap.
    func daemonOptions() throws(ValidationError) -> DaemonOptions {
        DaemonOptions(configPath: try config.map(CommandLinePaths.path),
                      stateDirectory: try stateDirectory.map(CommandLinePaths.path))
    }
}
