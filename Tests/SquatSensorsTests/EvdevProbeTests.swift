import Foundation
import Logging
import Testing
@testable import SquatSensors

/// What discovery makes of an input device from its sysfs files alone.
@Suite struct EvdevProbeTests {
    /// An input device whose sysfs says "accelerometer" (INPUT_PROP_ACCELEROMETER, ABS_X/Y/Z),
    /// in a temporary directory; its node is `node`.
    static func record(in directory: String, node: String) throws -> UdevRecord {
        let parent = directory + "/input7"
        try FileManager.default.createDirectory(atPath: parent + "/capabilities", withIntermediateDirectories: true)
        try "Test Pad\n".write(toFile: parent + "/name", atomically: true, encoding: .utf8)
        try "40\n".write(toFile: parent + "/properties", atomically: true, encoding: .utf8)
        try "7\n".write(toFile: parent + "/capabilities/abs", atomically: true, encoding: .utf8)
        return UdevRecord(syspath: parent + "/event3", sysname: "event3", subsystem: "input", devnode: node,
                          action: nil, properties: [:])
    }

    /// The node is opened only to read the units. One that will not open now (a pad still being
    /// set up by its driver) is listed all the same, without units: the reader opens it again,
    /// and the daemon retries it. Until November 2026 it was left out, so a daemon that started
    /// at that moment never read it until it was plugged in again.
    @Test func anAccelerometerWhoseNodeWillNotOpenIsStillListed() throws {
        let directory = NSTemporaryDirectory() + "squatd-probe-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let record = try Self.record(in: directory, node: directory + "/no-such-event3")
        let device = try #require(EvdevSource.probe(record, settings: SensorSettings(), logger: Logger(label: "test")))
        #expect(device.identity.name == "Test Pad")
        #expect(device.isAccessible)
        #expect(device.unitsPerG == nil)
        let calibrated = SensorSettings(overrides: [DeviceOverride(match: "Test Pad", unitsPerG: 512)])
        #expect(EvdevSource.probe(record, settings: calibrated, logger: Logger(label: "test"))?.unitsPerG == 512)
    }
}
