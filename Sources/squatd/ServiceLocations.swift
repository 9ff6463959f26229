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

    var daemonOptions: DaemonOptions { DaemonOptions(configPath: config, stateDirectory: stateDirectory) }
}
