import Foundation

/// What `squatd run` is told on its command line and by its environment; everything else comes
/// from the configuration file.
public struct DaemonOptions: Sendable {
    /// The configuration file.
    public var configPath: String
    /// True when ``configPath`` is the built-in default: a fresh install has no file there yet,
    /// so a missing file means "run with the defaults", where a missing file that was named on
    /// the command line is an error.
    public var configPathIsDefault: Bool
    /// `--state-dir`: wins over the configuration's `[state] directory` and `$STATE_DIRECTORY`.
    public var stateDirectory: String?
    /// `NOTIFY_SOCKET`, `WATCHDOG_USEC`, `WATCHDOG_PID`, `STATE_DIRECTORY` are read from here.
    public var environment: [String: String]

    public init(configPath: String? = nil, stateDirectory: String? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.configPath = configPath ?? DaemonConfiguration.defaultPath
        self.configPathIsDefault = configPath == nil
        self.stateDirectory = stateDirectory
        self.environment = environment
    }
}
