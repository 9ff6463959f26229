import Foundation
import Logging
import SystemPackage

/// What `squatd run` is told on its command line and by its environment; everything else comes
/// from the configuration file.
///
/// Paths are ``FilePath``s: the executable hands over the bytes of the command line's words, so
/// that a file or directory whose name is not UTF-8 is the one opened.
public struct DaemonOptions: Sendable {
    /// The configuration file.
    public var configPath: FilePath
    /// True when ``configPath`` is the built-in default: a fresh install has no file there yet,
    /// so a missing file means "run with the defaults", where a missing file that was named on
    /// the command line is an error.
    public var configPathIsDefault: Bool
    /// `--state-dir`: wins over the configuration's `[state] directory` and `$STATE_DIRECTORY`.
    public var stateDirectory: FilePath?
    /// `NOTIFY_SOCKET`, `WATCHDOG_USEC`, `WATCHDOG_PID`, `STATE_DIRECTORY` are read from here.
    public var environment: [String: String]

    public init(configPath: FilePath? = nil, stateDirectory: FilePath? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.configPath = configPath ?? DaemonConfiguration.defaultPath
        self.configPathIsDefault = configPath == nil
        self.stateDirectory = stateDirectory
        self.environment = environment
    }

    /// The configuration at ``configPath``, or the defaults when the default path has no file yet.
    /// Warnings (unknown keys) are logged. `reloading` (SIGHUP) refuses what is not a regular
    /// file: a pipe (`--config <(generate)`) was read to its end at start, and reading it again
    /// would find nothing, which validates as every setting at its default.
    public func loadConfiguration(logger: Logger, reloading: Bool = false) throws(ConfigError) -> DaemonConfiguration {
        if reloading {
            var status = stat()
            if configPath.withPlatformString({ stat($0, &status) }) == 0, status.st_mode & S_IFMT != S_IFREG {
                throw ConfigError(path: configPath, problem: .unreadable(
                    reason: "not a regular file, read once at start (a pipe has nothing more to give)"))
            }
        }
        let loaded: LoadedConfiguration
        do throws(ConfigError) {
            loaded = try DaemonConfiguration.load(path: configPath)
        } catch where configPathIsDefault && error.problem == .fileNotFound {
            logger.notice("no configuration file, using the defaults", metadata: ["path": "\(configPath)"])
            return DaemonConfiguration()
        }
        for warning in loaded.warnings { logger.warning("\(warning)") }
        return loaded.configuration
    }

    /// Where the counts are kept on a system install without systemd's `StateDirectory=`.
    public static let systemStateDirectory: FilePath = "/var/lib/squatd"

    /// Where the counts are kept, decided the same way by `squatd run` and `squatd status`:
    /// `--state-dir`, then the configuration's `[state] directory`, then systemd's
    /// `$STATE_DIRECTORY` (the first entry when several are listed), then ``systemStateDirectory``.
    public func stateDirectory(configured: String?) -> FilePath {
        if let stateDirectory { return stateDirectory }
        if let configured { return FilePath(configured) }
        if let fromSystemd = environment["STATE_DIRECTORY"]?.split(separator: ":").first {
            return FilePath(String(fromSystemd))
        }
        return Self.systemStateDirectory
    }
}
