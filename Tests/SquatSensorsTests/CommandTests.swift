import DeviceTestSupport
import Foundation
import Testing

extension UmockdevTests {
    /// `squatd devices` and `squatd record` run in a testbed, as a user would run them.
    @Suite struct CommandTests {
        static let iio = "/sys/devices/platform/accel/iio:device0"
        static let polled = "/sys/devices/platform/lis3/iio:device1"

        func populate(_ testbed: Testbed) throws {
            testbed.add(iioBufferDevice(
                channels: [("accel_x", 0, "le:s16/16>>0"), ("accel_y", 1, "le:s16/16>>0"), ("accel_z", 2, "le:s16/16>>0")],
                properties: ["ACCEL_MOUNT_MATRIX": "0, 1, 0; 1, 0, 0; 0, 0, 1", "ID_PATH": "platform-accel"],
                attributes: [("name", "accel_3d"), ("in_accel_scale", "0.01"), ("sampling_frequency", "50"),
                             ("current_timestamp_clock", "monotonic")]))
            testbed.add(deviceDescription(
                syspath: Self.polled, properties: ["SUBSYSTEM": "iio"],
                attributes: [("name", "lis3"), ("in_accel_x_raw", "1"), ("in_accel_y_raw", "2"), ("in_accel_z_raw", "3"),
                             ("in_accel_x_scale", "0.1"), ("in_accel_y_scale", "0.2"), ("in_accel_z_scale", "0.3"),
                             ("in_mount_matrix", "-1, 0, 0; 0, -1, 0; 0, 0, 1")]))
            var evdev = EvdevFixture()
            evdev.udevProperties = ["ID_SERIAL": "Test_Accel_0001"]
            try evdev.install(in: testbed)
        }

        @Test func devicesJSONListsEveryKindWithItsMatrixSource() throws {
            guard let testbed = Testbed.make() else { return }
            try populate(testbed)
            let child = try testbed.spawn("squatd", ["devices", "--json"])
            #expect(child.wait() == 0, "\(child.errors)")
            let list = try JSONSerialization.jsonObject(with: Data(child.output.utf8)) as? [[String: Any]] ?? []
            #expect(list.map { $0["kind"] as? String } == ["iio-buffer", "iio-poll", "evdev"])
            #expect(list.map { $0["node"] as? String } == ["/dev/iio:device0", nil, "/dev/input/event3"])
            #expect(list.map { $0["name"] as? String } == ["accel_3d", "lis3", "Test Accelerometer"])
            #expect(list.map { $0["mountMatrixSource"] as? String } == ["udev", "sysfs", "identity"])
            #expect(list.first?["mountMatrix"] as? [[Double]] == [[0, 1, 0], [1, 0, 0], [0, 0, 1]])
            #expect(list.first?["idPath"] as? String == "platform-accel")
            #expect(list.first?["rate"] as? Double == 50)
            #expect(list.first?["timestampClock"] as? String == "monotonic")
            #expect(list[1]["rate"] as? Double == 50, "polled at the default rate")
            let calibration = list[1]["calibration"] as? [String: [String: Double]]
            #expect(calibration?["y"]?["scale"] == 0.2)
            #expect(list.last?["unitsPerG"] as? Double == 1024)
            #expect(list.last?["idSerial"] as? String == "Test_Accel_0001")
            #expect(list.allSatisfy { $0["accessible"] as? Bool == true })
            #expect(list.last?["syspath"] as? String == EvdevFixture().syspath)
        }

        @Test func devicesTextShowsIdentityScaleAndMatrix() throws {
            guard let testbed = Testbed.make() else { return }
            try populate(testbed)
            let child = try testbed.spawn("squatd", ["devices"])
            #expect(child.wait() == 0, "\(child.errors)")
            let text = child.output
            #expect(text.contains("iio-buffer  /dev/iio:device0  accel_3d\n  sysfs: \(Self.iio)\n  ID_PATH: platform-accel\n  rate: 50.0 Hz\n  scale: 0.01 m/s² per unit, offset 0.0\n  mount matrix: 0, 1, 0; 1, 0, 0; 0, 0, 1 (udev)\n  clock: monotonic"), "\(text)")
            #expect(text.contains("iio-poll  -  lis3"))
            #expect(text.contains("  scale x/y/z: 0.1, 0.2, 0.3 m/s² per unit; offset 0.0, 0.0, 0.0"))
            #expect(text.contains("  mount matrix: -1, 0, 0; 0, -1, 0; 0, 0, 1 (sysfs)"))
            #expect(text.contains("evdev  /dev/input/event3  Test Accelerometer\n  sysfs: \(EvdevFixture().syspath)\n  ID_SERIAL: Test_Accel_0001\n  units per g: 1024.0\n  mount matrix: 1, 0, 0; 0, 1, 0; 0, 0, 1 (identity)"))
        }

        @Test func devicesWithNoneFoundSaysSo() throws {
            guard let testbed = Testbed.make() else { return }
            let child = try testbed.spawn("squatd", ["devices"])
            #expect(child.wait() == 0)
            #expect(child.output.hasPrefix("no accelerometer found"))
            let json = try testbed.spawn("squatd", ["devices", "--json"])
            #expect(json.wait() == 0)
            #expect(json.output == "[]\n")
        }

        @Test func recordWritesRecordingV1WithDeviceMetadata() throws {
            guard let testbed = Testbed.make() else { return }
            try populate(testbed)
            // Written before the recorder opens the node: the emulated node keeps it until read.
            var events: [UInt8] = []
            for (k, x) in [1024, 512, -1024].enumerated() {
                events += inputEvent(50, EV.abs, 0, Int32(x)) + inputEvent(50, EV.abs, 2, 1024)
                events += inputEvent(50, EV.msc, EV.timestamp, Int32(1_000_000 + k * 20_000)) + inputEvent(50, EV.syn, EV.report, 0)
            }
            testbed.write("/dev/input/event3", events)
            let child = try testbed.spawn("squatd", ["record", "--device", "Test Accelerometer", "--duration", "0.5", "-o", "-"])
            #expect(child.wait() == 0, "\(child.errors)")
            let lines = child.lines
            #expect(lines.first == "# squatd-recording: 1")
            #expect(lines.contains("# device: Test Accelerometer (/dev/input/event3)"))
            #expect(lines.contains("# device-kind: evdev"))
            #expect(lines.contains("# device-serial: Test_Accel_0001"))
            #expect(lines.contains("# mount-matrix: 1, 0, 0; 0, 1, 0; 0, 0, 1 (identity)"))
            let rows = Array(lines.drop { $0 != "t,ax,ay,az" }.dropFirst())
            #expect(rows == ["0.000000,9.80665,0.00000,9.80665", "0.020000,4.90333,0.00000,9.80665",
                             "0.040000,-9.80665,0.00000,9.80665"], "\(child.output)")
            #expect(child.errors.contains("recorded 3 samples over 0.040 s to standard output"), "\(child.errors)")
        }

        @Test func recordFromAPolledDeviceByNodeToAFile() throws {
            guard let testbed = Testbed.make() else { return }
            try populate(testbed)
            let file = testbed.root + "/out.csv"
            let child = try testbed.spawn("squatd", ["record", "--device", "lis3", "--duration", "0.3", "-o", file])
            #expect(child.wait() == 0, "\(child.errors)")
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let rows = text.split(separator: "\n").drop { $0 != "t,ax,ay,az" }.dropFirst()
            #expect(rows.count >= 5, "about 15 samples at 50 Hz in 0.3 s")
            // (x, y, z) = (0.1, 0.4, 0.9), in_mount_matrix flips x and y.
            #expect(rows.dropFirst().allSatisfy { $0.hasSuffix(",-0.10000,-0.40000,0.90000") }, "\(text)")
            #expect(text.contains("# device-kind: iio-poll"))
        }

        @Test func recordNamesAMissingDevice() throws {
            guard let testbed = Testbed.make() else { return }
            try populate(testbed)
            let child = try testbed.spawn("squatd", ["record", "--device", "/dev/input/event9", "-o", "-"])
            #expect(child.wait() == 69)
            #expect(child.errors == "squatd: no accelerometer matches '/dev/input/event9' (see 'squatd devices' for node paths and names)\n")
        }

        @Test func recordOnANodeTheUserMayNotOpenExits77() throws {
            guard let testbed = Testbed.make() else { return }
            guard getuid() == 0 else {
                print("Test \(#function) skipped: needs root to run squatd as another user")
                return
            }
            let fixture = EvdevFixture()
            try fixture.install(in: testbed)
            let node = testbed.root + fixture.node
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: node)) ?? node
            chown(target, 0, getgrnam("tty").map { $0.pointee.gr_gid } ?? 5)
            chmod(target, 0o660)
            try makeTraversable(testbed.root)
            let child = try testbed.spawn("squatd", ["record", "-o", "-"], asNobody: true)
            #expect(child.wait() == 77)
            #expect(child.errors.hasPrefix("squatd: permission denied opening /dev/input/event3: join the 'tty' group that owns it (sudo usermod -aG tty $USER, then log in again), or install a udev rule"), "\(child.errors)")
            let devices = try testbed.spawn("squatd", ["devices"], asNobody: true)
            #expect(devices.wait() == 0)
            #expect(devices.output.contains("  not readable: permission denied opening /dev/input/event3"))
        }
    }
}
