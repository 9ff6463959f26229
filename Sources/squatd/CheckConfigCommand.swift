import ArgumentParser
import Logging
import SquatDaemon
import SquatSensors

/// `squatd check-config`: validates a configuration file and shows what it does to the
/// devices present.
struct CheckConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-config",
        abstract: "Validate the configuration file and show the settings each device gets.",
        discussion: """
            Warnings (unknown keys, settings that do nothing) go to standard error; then the \
            settings in force: sound, goal, state, sensors, [defaults] and the [[device]] rules, \
            then each accelerometer present with the rule that matches it (the first that does), \
            its placement, sensitivity, thresholds and sensor settings. Exit status: 0 valid \
            (warnings or not), 66 the file is missing or unreadable, 78 the file is invalid \
            (the message names the key and its line).
            """
    )

    @Argument(help: ArgumentHelp("The configuration file.", valueName: "file"))
    var file: String = DaemonConfiguration.defaultPath.description

    func validate() throws {
        if file.isEmpty { throw ValidationError("FILE must name a file.") }
    }

    func run() throws {
        let file = try CommandLinePaths.path(file)
        let loaded: LoadedConfiguration
        do {
            loaded = try DaemonConfiguration.load(path: file)
        } catch {
            printError("squatd: \(error)")
            throw ExitCode(error)
        }
        for warning in loaded.warnings { printError("warning: \(warning)") }
        let configuration = loaded.configuration
        print("\(file): valid" + (loaded.warnings.isEmpty ? "" : ", \(loaded.warnings.count) warning(s)"))
        print(configuration.listing)
        print("")
        let logger = Logger(label: "squatd.sensors") {
            var handler = StreamLogHandler.standardError(label: $0)
            handler.logLevel = .error
            return handler
        }
        do {
            let devices = try SensorDiscovery(settings: configuration.sensorSettings, logger: logger).devices()
            if devices.isEmpty {
                print("devices: \(SensorError.noDevices)")
            } else {
                print(devices.map(configuration.listing(for:)).joined(separator: "\n\n"))
            }
        } catch {
            print("devices: cannot list them: \(error)")
        }
    }
}
