import DeviceTestSupport
import Foundation
import Testing

extension UmockdevTests {
    /// evdev accelerometers in a umockdev testbed: real libevdev on an emulated node, events
    /// written by the test after the harness opened it.
    @Suite struct EvdevReaderTests {
        static let g = 9.80665

        @Test func accelerometerPropertyResolutionAndWrappingMscTimestamp() throws {
            guard let testbed = Testbed.make() else { return }
            let fixture = EvdevFixture()
            try fixture.install(in: testbed)
            let child = try testbed.spawn("SensorHarness", ["stream", "--count", "3"])
            child.waitForLine("ready evdev /dev/input/event3 ")
            let start: UInt32 = 4_294_967_000  // wraps between the first and second frame
            var events: [UInt8] = []
            events += inputEvent(100, EV.abs, 0, 512) + inputEvent(100, EV.abs, 1, -1024) + inputEvent(100, EV.abs, 2, 256)
            events += inputEvent(100, EV.msc, EV.timestamp, Int32(bitPattern: start)) + inputEvent(100, EV.syn, EV.report, 0)
            // Event times deliberately disagree with MSC_TIMESTAMP: the device's clock wins.
            events += inputEvent(100.5, EV.abs, 0, 0) + inputEvent(100.5, EV.msc, EV.timestamp, Int32(bitPattern: start &+ 10_000))
            events += inputEvent(100.5, EV.syn, EV.report, 0)
            // No axis changed: the kernel repeats nothing, the sample holds the last values.
            events += inputEvent(101, EV.msc, EV.timestamp, Int32(bitPattern: start &+ 20_000)) + inputEvent(101, EV.syn, EV.report, 0)
            testbed.write(fixture.node, events)
            child.waitForLine("sample", count: 3)
            #expect(child.wait() == 0)
            let samples = child.samples
            #expect(samples.count == 3)
            let unit = Self.g / 1024
            expectSample(samples.first, [100, 512 * unit, -1024 * unit, 256 * unit])
            if samples.count == 3 {
                expectSample(samples[1], [100.01, 0, -1024 * unit, 256 * unit])
                expectSample(samples[2], [100.02, 0, -1024 * unit, 256 * unit])
            }
        }

        @Test func udevMarkedDeviceWithoutPropertyUsesEventTimeAndUdevMatrix() throws {
            guard let testbed = Testbed.make() else { return }
            var fixture = EvdevFixture()
            fixture.name = "Joy-Con IMU"
            fixture.accelerometerProperty = false
            fixture.hasTimestamp = false
            fixture.axes = [(0, -32768, 32767, 4096), (1, -32768, 32767, 4096), (2, -32768, 32767, 4096)]
            fixture.udevProperties = ["ID_INPUT_ACCELEROMETER": "1", "ID_INPUT_JOYSTICK": "1",
                                      "ACCEL_MOUNT_MATRIX": "1, 0, 0; 0, -1, 0; 0, 0, -1"]
            try fixture.install(in: testbed)
            // An input device that is neither flagged nor marked is not an accelerometer.
            var gamepad = EvdevFixture()
            gamepad.syspath = "/sys/devices/virtual/input/input1/event0"
            gamepad.node = "/dev/input/event0"
            gamepad.name = "Plain Gamepad"
            gamepad.accelerometerProperty = false
            try gamepad.install(in: testbed)
            let child = try testbed.spawn("SensorHarness", ["stream", "--count", "2"])
            child.waitForLine("ready evdev /dev/input/event3 ")
            testbed.write(fixture.node, inputEvent(5.25, EV.abs, 2, 4096) + inputEvent(5.25, EV.syn, EV.report, 0)
                + inputEvent(5.5, EV.abs, 0, -2048) + inputEvent(5.5, EV.syn, EV.report, 0))
            child.waitForLine("sample", count: 2)
            #expect(child.wait() == 0)
            let unit = Self.g / 4096
            // Matrix (x, y, z) -> (x, -y, -z).
            expectSample(child.samples.first, [5.25, 0, 0, -4096 * unit])
            expectSample(child.samples.dropFirst().first, [5.5, -2048 * unit, 0, -4096 * unit])
        }

        @Test func synDroppedResynchronisesAndMarksAGap() throws {
            guard let testbed = Testbed.make() else { return }
            let fixture = EvdevFixture()
            try fixture.install(in: testbed)
            let child = try testbed.spawn("SensorHarness", ["stream", "--count", "3"])
            child.waitForLine("ready evdev")
            testbed.write(fixture.node, inputEvent(1, EV.abs, 0, 1024) + inputEvent(1, EV.abs, 1, 2048) + inputEvent(1, EV.syn, EV.report, 0))
            child.waitForLine("sample", count: 1)
            testbed.write(fixture.node, inputEvent(1.1, EV.abs, 0, 4000) + inputEvent(1.1, EV.syn, EV.dropped, 0))
            child.waitForLine("gap")
            // After the resync libevdev holds the device's state (the emulated EVIOCGABS says 0).
            testbed.write(fixture.node, inputEvent(2, EV.abs, 2, 1024) + inputEvent(2, EV.syn, EV.report, 0))
            child.waitForLine("sample", count: 2)
            testbed.write(fixture.node, inputEvent(3, EV.abs, 0, -1024) + inputEvent(3, EV.syn, EV.report, 0))
            #expect(child.wait() == 0)
            let unit = Self.g / 1024
            let events = child.events
            #expect(events.count == 4)
            guard events.count == 4 else { return }
            if case .sample(let s) = events[0] { expectSample(s, [1, 1024 * unit, 2048 * unit, 0]) } else { Issue.record("\(events)") }
            #expect(events[1] == .gap)
            if case .sample(let s) = events[2] { expectSample(s, [2, 0, 0, 1024 * unit]) } else { Issue.record("\(events)") }
            if case .sample(let s) = events[3] { expectSample(s, [3, -1024 * unit, 0, 1024 * unit]) } else { Issue.record("\(events)") }
        }

        /// Event times are CLOCK_REALTIME where EVIOCSCLOCKID fails (as under umockdev). Frames
        /// lost within a second are left to the detector; the wall clock stepped an hour forward
        /// (or the device stalled: the same to a reader) is a gap, time going on from the new
        /// stamp; stepped back, a gap too, time going on just after the last sample.
        @Test func theWallClockSteppedForwardOrBackIsAGap() throws {
            guard let testbed = Testbed.make() else { return }
            var fixture = EvdevFixture()
            fixture.hasTimestamp = false
            try fixture.install(in: testbed)
            let child = try testbed.spawn("SensorHarness", ["stream", "--count", "6"])
            child.waitForLine("ready evdev")
            var events: [UInt8] = []
            for (k, time) in [1, 1.01, 1.5, 3601.5, 3601.51, 3000].enumerated() {
                events += inputEvent(time, EV.abs, 0, Int32(k) * 1024) + inputEvent(time, EV.syn, EV.report, 0)
            }
            testbed.write(fixture.node, events)
            #expect(child.wait() == 0, "\(child.errors)")
            let g = Self.g
            expectEvents(child.events, [.sample([1, 0, 0, 0]), .sample([1.01, g, 0, 0]), .sample([1.5, 2 * g, 0, 0]), .gap,
                                        .sample([3601.5, 3 * g, 0, 0]), .sample([3601.51, 4 * g, 0, 0]), .gap,
                                        .sample([3601.511, 5 * g, 0, 0])])
        }

        @Test func aNodeTheUserMayNotOpenExits77WithWhatToDo() throws {
            guard let testbed = Testbed.make() else { return }
            guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
                print("Test \(#function) skipped: needs root and setpriv to run the harness as another user")
                return
            }
            let fixture = EvdevFixture()
            try fixture.install(in: testbed)
            // The node belongs to root:tty, mode 0660 (as /dev/input/event* belongs to root:input).
            let node = testbed.root + fixture.node
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: node)).map {
                $0.hasPrefix("/") ? $0 : (node as NSString).deletingLastPathComponent + "/" + $0
            } ?? node
            let tty = getgrnam("tty").map { $0.pointee.gr_gid } ?? 5
            #expect(chown(target, 0, tty) == 0)
            #expect(chmod(target, 0o660) == 0)
            try makeTraversable(testbed.root)
            let child = try testbed.spawn("SensorHarness", ["stream"], asNobody: true)
            #expect(child.wait() == 77, "stdout: \(child.output)\nstderr: \(child.errors)")
            #expect(child.errors.contains("permission denied opening /dev/input/event3: join the 'tty' group that owns it"),
                    "\(child.errors)")
            #expect(child.errors.contains("udev rule"))
        }
    }
}

/// Lets another user read everything in the testbed (it is created private to root) and use
/// its sockets; device nodes stay as they are, and only root may write attributes.
func makeTraversable(_ root: String) throws {
    chmod(root, 0o755)
    guard let walker = FileManager.default.enumerator(atPath: root) else { return }
    for case let path as String in walker {
        let full = root + "/" + path
        var st = stat()
        guard lstat(full, &st) == 0, st.st_mode & S_IFMT != S_IFLNK else { continue }
        if full.hasPrefix(root + "/dev") && st.st_mode & S_IFMT != S_IFDIR { continue }
        let type = st.st_mode & S_IFMT
        // umockdev's preload connects to its ioctl sockets when a node is opened.
        chmod(full, type == S_IFDIR ? 0o755 : (st.st_mode | (type == S_IFSOCK ? 0o006 : 0o004)) & 0o7777)
    }
}
extension UmockdevTests {
    /// Devices the kernel describes badly, put right by built-in or configured overrides.
    @Suite struct EvdevOverrideTests {
        @Test func wiiRemoteAxesAreRotationalWithBuiltInUnits() throws {
            guard let testbed = Testbed.make() else { return }
            var fixture = EvdevFixture()
            fixture.name = "Nintendo Wii Remote Accelerometer"
            fixture.hasTimestamp = false
            fixture.axes = [(3, -500, 500, 0), (4, -500, 500, 0), (5, -500, 500, 0)]
            try fixture.install(in: testbed)
            let child = try testbed.spawn("SensorHarness", ["stream", "--count", "1"])
            child.waitForLine("ready evdev /dev/input/event3 identity")
            testbed.write(fixture.node, inputEvent(7, EV.abs, 3, 50) + inputEvent(7, EV.abs, 4, -25) + inputEvent(7, EV.abs, 5, 100)
                + inputEvent(7, EV.abs, 0, 999) + inputEvent(7, EV.syn, EV.report, 0))
            #expect(child.wait() == 0)
            let unit = 9.80665 / 100
            expectSample(child.samples.first, [7, 50 * unit, -25 * unit, 100 * unit])
        }

        @Test func noResolutionAssumesTwoGFullScaleAndSaysSo() throws {
            guard let testbed = Testbed.make() else { return }
            var fixture = EvdevFixture()
            fixture.axes = [(0, -512, 512, 0), (1, -512, 512, 0), (2, -512, 512, 0)]
            try fixture.install(in: testbed)
            let child = try testbed.spawn("SensorHarness", ["stream", "--count", "1"])
            child.waitForLine("ready evdev")
            testbed.write(fixture.node, inputEvent(1, EV.abs, 2, 256) + inputEvent(1, EV.syn, EV.report, 0))
            #expect(child.wait() == 0)
            expectSample(child.samples.first, [1, 0, 0, 9.80665])
            // Once, though the device is both probed and opened; naming the configuration's key.
            let warning = "no resolution reported; assuming ±2 g full scale (256.0 units per g); set units_per_g for this device"
            #expect(child.errors.components(separatedBy: warning).count == 2, "\(child.errors)")
        }

        @Test func configEntryMakesAPlainDeviceAnAccelerometerWithItsMatrix() throws {
            guard let testbed = Testbed.make() else { return }
            var fixture = EvdevFixture()
            fixture.name = "Plain Pad"
            fixture.accelerometerProperty = false
            fixture.hasTimestamp = false
            try fixture.install(in: testbed)
            let refused = try testbed.spawn("SensorHarness", ["stream"])
            #expect(refused.wait() == 1)
            #expect(refused.errors.hasPrefix("error: no accelerometer found"))
            let child = try testbed.spawn("SensorHarness", ["stream", "--count", "1", "--accelerometer", "Plain Pad",
                                                            "--mount-matrix", "Plain Pad=0, 0, 1; 0, 1, 0; 1, 0, 0"])
            child.waitForLine("ready evdev /dev/input/event3 override")
            testbed.write(fixture.node, inputEvent(2, EV.abs, 0, 1024) + inputEvent(2, EV.syn, EV.report, 0))
            #expect(child.wait() == 0)
            expectSample(child.samples.first, [2, 0, 0, 9.80665])
        }
    }
}
