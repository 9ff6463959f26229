import ArgumentParser
import Foundation
import Logging
import SquatSensors

/// `squatd devices`: lists the accelerometers squatd finds and how it would read them.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List the accelerometers squatd can read.",
        discussion: """
            For each IIO or evdev accelerometer: how it is read (iio-buffer, iio-poll, evdev), its \
            node, name and identity (sysfs path, ID_PATH, ID_SERIAL), rate, scale or units per g, \
            and its mount matrix with where that came from (udev, sysfs, override, identity). \
            Any of the node, name, sysfs path, ID_PATH or ID_SERIAL can be given to \
            'squatd record --device'.
            """
    )

    @Flag(help: "Print a JSON array instead of text.")
    var json = false

    func run() throws {
        let discovery = SensorDiscovery(logger: Logger(label: "squatd.sensors") {
            var handler = StreamLogHandler.standardError(label: $0)
            handler.logLevel = .warning
            return handler
        })
        let devices: [SensorDevice]
        do {
            devices = try discovery.devices()
        } catch {
            printError("squatd: \(error)")
            throw ExitCode.unavailable
        }
        if json && devices.isEmpty {
            print("[]")
        } else if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(devices), as: UTF8.self))
        } else if devices.isEmpty {
            print(SensorError.noDevices.description)
        } else {
            print(devices.map(\.listing).joined(separator: "\n\n"))
        }
    }
}
