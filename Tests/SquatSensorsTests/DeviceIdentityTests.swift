import Testing
@testable import SquatSensors

@Suite struct DeviceIdentityTests {
    let identity = DeviceIdentity(name: "accel_3d", idPath: "pci-0000:00:1f.0-platform-HID-SENSOR-200073.1.auto",
                                  idSerial: nil, syspath: "/sys/devices/platform/accel/iio:device0", node: "/dev/iio:device0")

    @Test func matchesEveryIdentityFieldExactly() {
        for query in ["accel_3d", "/dev/iio:device0", "/sys/devices/platform/accel/iio:device0", "iio:device0",
                      "pci-0000:00:1f.0-platform-HID-SENSOR-200073.1.auto"] {
            #expect(identity.matches(query), "\(query)")
        }
        for query in ["accel", "/dev/iio:device", "", "iio:device1"] {
            #expect(!identity.matches(query), "\(query)")
        }
    }

    /// The first matching override applies whole, as the daemon's first matching `[[device]]`
    /// table does: a later one adds none of its fields (until November 2026 they merged, so a
    /// device could get a mount matrix from a table the daemon did not apply to it).
    @Test func theFirstMatchingOverrideAppliesThenBuiltIns() throws {
        let flip = try MountMatrix(parsing: "-1, 0, 0; 0, -1, 0; 0, 0, 1")
        let settings = SensorSettings(overrides: [
            DeviceOverride(match: "other", isAccelerometer: true),
            DeviceOverride(match: "accel_3d", unitsPerG: 1000),
            DeviceOverride(match: "/dev/iio:device0", unitsPerG: 2000, mountMatrix: flip),
        ])
        let applied = settings.override(for: identity, kind: .iioBuffer)
        #expect(applied?.unitsPerG == 1000)
        #expect(applied?.mountMatrix == nil)
        #expect(applied?.isAccelerometer == false)
        #expect(SensorSettings().override(for: identity, kind: .iioBuffer) == nil)
        // Built-in help for known drivers fills in what the user's override leaves unset.
        let wii = DeviceIdentity(name: "Nintendo Wii Remote Accelerometer", syspath: "/sys/x/event9")
        #expect(SensorSettings().override(for: wii, kind: .evdev)?.axes == .rotational)
        #expect(SensorSettings().override(for: wii, kind: .evdev)?.unitsPerG == 100)
        let calibrated = SensorSettings(overrides: [DeviceOverride(match: "Nintendo Wii Remote Accelerometer", unitsPerG: 104)])
        #expect(calibrated.override(for: wii, kind: .evdev)?.unitsPerG == 104)
        #expect(calibrated.override(for: wii, kind: .evdev)?.axes == .rotational)
    }

    @Test func overridesMatchByGlobAndKind() {
        let settings = SensorSettings(overrides: [
            DeviceOverride(match: DeviceMatch(name: "accel_*", kind: .evdev), unitsPerG: 1000),
            DeviceOverride(match: DeviceMatch(idPath: "pci-*-platform-HID-SENSOR-*"), rate: 100),
        ])
        let buffered = settings.override(for: identity, kind: .iioBuffer)
        #expect(buffered?.unitsPerG == nil, "the first entry is for evdev devices only")
        #expect(buffered?.rate == 100)
        #expect(settings.override(for: identity, kind: .evdev)?.unitsPerG == 1000)
    }
}

/// What tells the daemon that a reload changed how a device must be read.
@Suite struct SensorSettingsReadAlikeTests {
    let accel = SensorDevice(kind: .iioBuffer, identity: DeviceIdentity(name: "accel_3d", syspath: "/sys/devices/accel/iio:device0"), rate: 100)
    let polled = SensorDevice(kind: .iioPoll, identity: DeviceIdentity(name: "lis3", syspath: "/sys/devices/lis3/iio:device1"))

    @Test func aNewRateForTheDeviceReadsItOtherwise() {
        let before = SensorSettings(overrides: [DeviceOverride(match: DeviceMatch(name: "accel_3d"))])
        let after = SensorSettings(overrides: [DeviceOverride(match: DeviceMatch(name: "accel_3d"), rate: 50)])
        #expect(!before.readAlike(accel, as: after))
        #expect(before.readAlike(accel, as: before))
    }

    @Test func anotherDevicesSettingsOrThePollRateLeaveABufferedDeviceAlone() {
        let before = SensorSettings(pollRate: 50)
        let after = SensorSettings(pollRate: 25, overrides: [DeviceOverride(match: DeviceMatch(name: "other"), rate: 50)])
        #expect(before.readAlike(accel, as: after))
        #expect(!before.readAlike(polled, as: after), "a polled device is read at the poll rate")
    }
}
