import DeviceTestSupport
import Foundation
import Testing

extension UmockdevTests {
    /// Discovery and hotplug through libudev against a umockdev testbed.
    @Suite struct HotplugTests {
        static let iio = "/sys/devices/platform/accel/iio:device0"

        func iioDevice() -> String {
            iioBufferDevice(channels: [("accel_x", 0, "le:s16/16>>0"), ("accel_y", 1, "le:s16/16>>0"), ("accel_z", 2, "le:s16/16>>0")],
                            properties: ["ACCEL_MOUNT_MATRIX": "-1, 0, 0; 0, -1, 0; 0, 0, 1"],
                            attributes: [("name", "accel_3d"), ("in_accel_scale", "0.01")])
        }

        @Test func deviceAddedLaterIsPickedUpAndRemovalReported() throws {
            guard let testbed = Testbed.make() else { return }
            let fixture = EvdevFixture()
            try fixture.install(in: testbed)
            let child = try testbed.spawn("SensorHarness", ["monitor", "--count", "4"])
            child.waitForLine("ready")
            child.waitForLine("added evdev \(fixture.syspath) identity")
            testbed.add(iioDevice())
            testbed.uevent(Self.iio, "add", subsystem: "iio", node: "/dev/iio:device0")
            child.waitForLine("added iio-buffer \(Self.iio) udev")
            testbed.uevent(Self.iio, "remove", subsystem: "iio", node: "/dev/iio:device0")
            child.waitForLine("removed \(Self.iio)")
            // The same device coming back is reported again. (The testbed keeps its sysfs
            // directory: umockdev cannot add a device twice.)
            testbed.uevent(Self.iio, "add", subsystem: "iio", node: "/dev/iio:device0")
            #expect(child.wait() == 0)
            #expect(child.lines == ["ready", "added evdev \(fixture.syspath) identity", "added iio-buffer \(Self.iio) udev",
                                    "removed \(Self.iio)", "added iio-buffer \(Self.iio) udev"],
                    "\(child.errors)")
        }

        @Test func removalOfAnUnrelatedDeviceIsNotReported() throws {
            guard let testbed = Testbed.make() else { return }
            var gamepad = EvdevFixture()
            gamepad.accelerometerProperty = false
            try gamepad.install(in: testbed)
            let child = try testbed.spawn("SensorHarness", ["monitor", "--count", "1"])
            child.waitForLine("ready")
            testbed.uevent(gamepad.syspath, "remove", subsystem: "input", node: gamepad.node)
            testbed.add(iioDevice())
            testbed.uevent(Self.iio, "add", subsystem: "iio", node: "/dev/iio:device0")
            #expect(child.wait() == 0)
            #expect(child.lines == ["ready", "added iio-buffer \(Self.iio) udev"])
        }
    }

    @Suite struct UnplugTests {
        @Test func unpluggingAnEvdevDeviceEndsItsStreamCleanly() throws {
            guard let testbed = Testbed.make() else { return }
            let fixture = EvdevFixture()
            try fixture.install(in: testbed)
            let child = try testbed.spawn("SensorHarness", ["stream"])
            child.waitForLine("ready evdev")
            testbed.write(fixture.node, inputEvent(1, EV.abs, 0, 1024) + inputEvent(1, EV.syn, EV.report, 0))
            child.waitForLine("sample")
            // umockdev keeps the node open (a real kernel would also fail reads with ENODEV).
            testbed.uevent(fixture.syspath, "remove", subsystem: "input", node: fixture.node)
            #expect(child.wait() == 0)
            #expect(child.lines.last == "ended device-gone", "\(child.output)\n\(child.errors)")
        }

        /// An unplugged IIO device takes its sysfs directory with it: the buffer cannot be
        /// disabled, and that is no warning.
        @Test func unpluggingAnIIODeviceEndsItsStreamWithoutAWarning() throws {
            guard let testbed = Testbed.make() else { return }
            testbed.add(HotplugTests().iioDevice())
            let child = try testbed.spawn("SensorHarness", ["stream"])
            child.waitForLine("ready iio-buffer")
            #expect(eventually { testbed.attribute(HotplugTests.iio, "buffer/enable") == "1" })
            testbed.remove(HotplugTests.iio)
            testbed.uevent(HotplugTests.iio, "remove", subsystem: "iio", node: "/dev/iio:device0")
            #expect(child.wait() == 0)
            #expect(child.lines.last == "ended device-gone", "\(child.output)\n\(child.errors)")
            #expect(!child.errors.contains("could not disable the buffer"), "\(child.errors)")
        }

        /// A device that stays present (its sysfs directory is there) while its reads fail with
        /// EIO is failing, not gone: the stream ends with the error, so a consumer reports an
        /// outage. Taken for an unplug, the daemon stayed silent and said "1 sensor counting"
        /// while nothing came. The node is the reader's own /proc/self/mem, which is always
        /// readable and fails every read at offset 0 (unmapped) with EIO.
        @Test func readsFailingWithEIOOnAPresentIIODeviceEndTheStreamWithTheError() throws {
            guard let testbed = Testbed.make() else { return }
            testbed.add(HotplugTests().iioDevice())
            let node = testbed.root + "/dev/iio:device0"
            try FileManager.default.removeItem(atPath: node)
            try FileManager.default.createSymbolicLink(atPath: node, withDestinationPath: "/proc/self/mem")
            let child = try testbed.spawn("SensorHarness", ["stream"])
            child.waitForLine("ready iio-buffer")
            #expect(child.wait() == 0)
            #expect(child.lines.last == "ended read /dev/iio:device0: Input/output error", "\(child.output)\n\(child.errors)")
        }
    }

    @Suite struct SeveralDevicesTests {
        @Test func eachDeviceHasItsOwnStreamAtTheSameTime() throws {
            guard let testbed = Testbed.make() else { return }
            testbed.add(iioBufferDevice(
                channels: [("accel_x", 0, "le:s16/16>>0"), ("accel_y", 1, "le:s16/16>>0"), ("accel_z", 2, "le:s16/16>>0"),
                           ("timestamp", 3, "le:s64/64>>0")],
                attributes: [("name", "accel_3d"), ("in_accel_scale", "0.5"), ("sampling_frequency", "100")]))
            let evdev = EvdevFixture()
            try evdev.install(in: testbed)
            let child = try testbed.spawn("SensorHarness", ["all", "--count", "2"])
            child.waitForLine("ready 2")
            #expect(eventually { testbed.attribute("/sys/devices/platform/accel/iio:device0", "buffer/enable") == "1" })
            // Interleaved: one from each, then one more from each.
            testbed.write(evdev.node, inputEvent(10, EV.abs, 0, 1024) + inputEvent(10, EV.syn, EV.report, 0))
            testbed.write("/dev/iio:device0", [2, 4, 6].flatMap { stored($0, bytes: 2) } + [0, 0] + stored(1_000_000_000, bytes: 8))
            testbed.write(evdev.node, inputEvent(10.5, EV.abs, 1, 1024) + inputEvent(10.5, EV.syn, EV.report, 0))
            testbed.write("/dev/iio:device0", [8, 10, 12].flatMap { stored($0, bytes: 2) } + [0, 0] + stored(1_010_000_000, bytes: 8))
            #expect(child.wait() == 0, "\(child.errors)")
            func samples(_ name: String) -> [[Double]] {
                child.lines.filter { $0.hasPrefix(name + " sample ") }.map { $0.split(separator: " ").dropFirst(2).compactMap { Double($0) } }
            }
            #expect(samples("iio:device0") == [[1, 1, 2, 3], [1.01, 4, 5, 6]])
            let g = 9.80665
            #expect(samples("event3") == [[10, g, 0, 0], [10.5, g, g, 0]])
            #expect(child.lines.filter { $0.hasSuffix(" ended") }.count == 2)
        }
    }
}

extension UmockdevTests {
    /// A daemon opens a device's stream again after every unplug, read error and reload, and
    /// replaces its udev monitor on reload: none of that may cost a descriptor. (Until November
    /// 2026 each closed stream and each stopped monitor kept an eventfd and a netlink socket: the
    /// reader thread and its owner kept each other alive.)
    @Suite struct DescriptorTests {
        func descriptorCounts(in testbed: Testbed) throws -> [Int] {
            let child = try testbed.spawn("SensorHarness", ["reopen", "--times", "10"])
            #expect(child.wait() == 0, "\(child.errors)")
            return child.lines.compactMap { $0.hasPrefix("fds ") ? Int($0.dropFirst(4)) : nil }
        }

        /// The three counts of `descriptorCounts` differ by at most 2: Dispatch may start a
        /// worker thread with a descriptor of its own at any time, while a leak of one per
        /// reopening is 10.
        func leaksNone(_ counts: [Int]) -> Bool {
            counts.count == 3 && counts.max()! - counts.min()! <= 2
        }

        @Test func reopeningAnIIODeviceAndItsMonitorLeaksNoDescriptor() throws {
            guard let testbed = Testbed.make() else { return }
            testbed.add(iioBufferDevice(channels: [("accel_x", 0, "le:s16/16>>0"), ("accel_y", 1, "le:s16/16>>0"), ("accel_z", 2, "le:s16/16>>0")],
                                        attributes: [("name", "accel_3d"), ("in_accel_scale", "0.01")]))
            let counts = try descriptorCounts(in: testbed)
            #expect(leaksNone(counts), "open descriptors after one stream and monitor, after 10 more streams, after 10 more monitors: \(counts)")
        }

        @Test func reopeningAnEvdevDeviceAndItsMonitorLeaksNoDescriptor() throws {
            guard let testbed = Testbed.make() else { return }
            try EvdevFixture().install(in: testbed)
            let counts = try descriptorCounts(in: testbed)
            #expect(leaksNone(counts), "open descriptors after one stream and monitor, after 10 more streams, after 10 more monitors: \(counts)")
        }
    }
}
