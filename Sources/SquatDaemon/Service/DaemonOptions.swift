import Foundation
import Logging

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

    /// The configuration at ``configPath``, or the defaults when the default path has no file yet.
    /// Warnings (unknown keys) are logged.
    public func loadConfiguration(logger: Logger) throws(ConfigError) -> DaemonConfiguration {
        if configPathIsDefault && !FileManager.default.fileExists(atPath: configPath) {
            logger.notice("no configuration file, using the defaults", metadata: ["path": "\(configPath)"])
            return DaemonConfiguration()
        }
        let loaded = try DaemonConfiguration.load(path: configPath)
        for warning in loaded.warnings { logger.warning("\(warning)") }
        return loaded.configuration
    }

    /// Where the counts are kept on a system install without systemd's `StateDirectory=`.
    public static let systemStateDirectory = "/var/lib/squatd"

    /// Where the counts are kept, decided the same way by `squatd run` and `squatd status`:
    /// `--state-dir`, then the configuration's `[state] directory`, then systemd's
    /// `$STATE_DIRECTORY` (the first entry when several are listed), then ``systemStateDirectory``.
    public func stateDirectory(configured: String?) -> String {
        if let stateDirectory { return stateDirectory }
        if let configured { return configured }
        if let fromSystemd = environment["STATE_DIRECTORY"]?.split(separator: ":").first {
            return String(fromSystemd)
        }
        return Self.systemStateDirectory
    }
}
