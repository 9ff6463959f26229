import SquatCore
import SquatDaemon
import SquatSensors
import Testing

@Suite struct DeviceRuleTests {
    static let dualSense = SensorDevice(
        kind: .evdev,
        identity: DeviceIdentity(name: "Sony Interactive Entertainment DualSense Wireless Controller Motion Sensors",
                                 idPath: "pci-0000:00:14.0-usb-0:2:1.3", idSerial: "054c_0ce6_1234",
                                 syspath: "/sys/devices/pci0000:00/usb1/input/input20/event20", node: "/dev/input/event20"))
    static let laptop = SensorDevice(
        kind: .iioBuffer,
        identity: DeviceIdentity(name: "accel_3d", idPath: "platform-HID-SENSOR-200073.1.auto",
                                 syspath: "/sys/devices/platform/HID-SENSOR-200073.1.auto/iio:device0", node: "/dev/iio:device0"))

    @Test func globsMatchLikeTheShell() {
        #expect(DeviceMatch(name: "*DualSense*Motion*").matches(Self.dualSense))
        #expect(!DeviceMatch(name: "*dualsense*").matches(Self.dualSense), "case-sensitive")
        #expect(!DeviceMatch(name: "DualSense").matches(Self.dualSense), "no implicit wildcards")
        #expect(DeviceMatch(node: "/dev/input/event2?").matches(Self.dualSense))
        #expect(DeviceMatch(idPath: "platform-*").matches(Self.laptop))
        #expect(!DeviceMatch(idPath: "platform-*").matches(Self.dualSense))
        #expect(DeviceMatch(node: "/dev/iio:device[0-3]").matches(Self.laptop))
    }

    @Test func everyGivenFieldMustMatch() {
        #expect(DeviceMatch(name: "*Motion*", kind: .evdev).matches(Self.dualSense))
        #expect(!DeviceMatch(name: "*Motion*", kind: .iioBuffer).matches(Self.dualSense))
        #expect(!DeviceMatch(idSerial: "*").matches(Self.laptop), "a field the device lacks never matches")
        #expect(DeviceMatch(idSerial: "054c_*", kind: .evdev).matches(Self.dualSense))
        #expect(DeviceMatch(query: "/dev/iio:device0").matches(Self.laptop))
        #expect(!DeviceMatch(query: "accel").matches(Self.laptop), "queries are exact")
        #expect(DeviceMatch().isEmpty && DeviceMatch().matches(Self.laptop))
    }

    static let rules = """
        [defaults]
        placement = "waist"
        sensitivity = 6
        [defaults.thresholds]
        set_gap = 8
        min_depth = 9

        [[device]]
        match = { name = "*DualSense*", kind = "evdev" }
        placement = "hand"
        [device.thresholds]
        min_depth = 12
        max_turn = 75

        [[device]]
        match.kind = "evdev"
        placement = "wrist"
        sensitivity = 2

        [[device]]
        match.node = "/dev/iio:device0"
        enabled = false
        """

    @Test func theFirstMatchingRuleWins() throws {
        let config = try DaemonConfiguration.parse(Self.rules, path: "f").configuration
        #expect(config.rule(for: Self.dualSense)?.index == 1)
        #expect(config.rule(for: Self.dualSense)?.line == 8)
        let pad = config.settings(for: Self.dualSense)
        #expect(pad.placement == .hand, "rule 2 also matches, but rule 1 comes first")
        #expect(pad.sensitivity == Sensitivity(6), "rule 1 leaves sensitivity to [defaults]; rule 2's is not used")
        var other = Self.dualSense
        other.identity.name = "Some Other Pad Motion Sensors"
        #expect(config.settings(for: other).placement == .wrist)
        #expect(config.settings(for: other).sensitivity == Sensitivity(2))
    }

    @Test func defaultsMergeFieldByFieldIncludingThresholds() throws {
        let config = try DaemonConfiguration.parse(Self.rules, path: "f").configuration
        let pad = config.settings(for: Self.dualSense)
        #expect(pad.overrides.minDepth == 12)
        #expect(pad.overrides.setGap == 8)
        #expect(pad.profile.thresholds.minDepth == 12)
        #expect(pad.profile.thresholds.setGap == 8)
        #expect(pad.profile.thresholds.maxTurn == 75)
        let laptop = config.settings(for: Self.laptop)
        #expect(!laptop.enabled)
        #expect(laptop.placement == .waist)
        #expect(laptop.overrides.minDepth == 9)
        var unmatched = Self.laptop
        unmatched.identity.node = "/dev/iio:device1"
        #expect(config.rule(for: unmatched) == nil)
        #expect(config.settings(for: unmatched) == config.defaults)
        #expect(config.defaults.enabled)
    }

    @Test func withoutAFileEverythingIsDefault() throws {
        let config = DaemonConfiguration()
        #expect(config.settings(for: Self.laptop).profile == SquatProfile())
        #expect(config.sound.pcm == "default" && config.sound.maximumPlayers == 4 && config.sound.enabled)
        #expect(config.goal.daily == nil && config.state.directory == nil && config.sensors.pollRate == 50)
        #expect(config.sensorSettings.overrides.isEmpty)
        #expect(try DaemonConfiguration.parse("", path: "f").configuration == config)
    }

    @Test func sensorSettingsCarryTheSensorLevelFields() throws {
        let text = """
            [sensors]
            poll_rate_hz = 25
            [defaults]
            units_per_g = 256

            [[device]]
            match.name = "*DualSense*"
            placement = "hand"

            [[device]]
            match = { node = "/dev/iio:device0" }
            mount_matrix = "0, 1, 0; -1, 0, 0; 0, 0, 1"
            rate_hz = 100

            [[device]]
            match = { name = "Plain Pad", kind = "evdev" }
            accelerometer = true
            axes = ["ABS_RX", 4, "rz"]
            """
        let settings = try DaemonConfiguration.parse(text, path: "f").configuration.sensorSettings
        #expect(settings.pollRate == 25)
        let matrix = try MountMatrix(parsing: "0, 1, 0; -1, 0, 0; 0, 0, 1")
        #expect(settings.overrides == [
            DeviceOverride(match: DeviceMatch(name: "*DualSense*"), unitsPerG: 256),
            DeviceOverride(match: DeviceMatch(node: "/dev/iio:device0"), unitsPerG: 256, mountMatrix: matrix, rate: 100),
            DeviceOverride(match: DeviceMatch(name: "Plain Pad", kind: .evdev), isAccelerometer: true, unitsPerG: 256,
                           axes: .rotational),
            DeviceOverride(match: DeviceMatch(), unitsPerG: 256),
        ])
    }

    /// The sensor layer applies the first matching override, so every table is passed on, in
    /// order, even one that sets no sensor-level field: the laptop's mount matrix must not come
    /// from the second table when the first is the one that applies to it (`settings(for:)`).
    @Test func aTableWithoutSensorFieldsStillClaimsItsDevices() throws {
        let text = """
            [[device]]
            match.name = "accel_3d"
            placement = "thigh"

            [[device]]
            match.node = "/dev/iio:device0"
            mount_matrix = "0, 1, 0; -1, 0, 0; 0, 0, 1"

            [[device]]
            match.name = "*DualSense*"
            placement = "hand"
            """
        let config = try DaemonConfiguration.parse(text, path: "f").configuration
        #expect(config.settings(for: Self.laptop).mountMatrix == nil)
        let matrix = try MountMatrix(parsing: "0, 1, 0; -1, 0, 0; 0, 0, 1")
        #expect(config.sensorSettings.overrides == [
            DeviceOverride(match: DeviceMatch(name: "accel_3d")),
            DeviceOverride(match: DeviceMatch(node: "/dev/iio:device0"), mountMatrix: matrix),
        ])
    }
}
