import Foundation
import Testing

private func writeTemporary(_ text: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("squatd-\(UUID().uuidString).toml").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

@Suite struct CheckConfigCommandTests {
    @Test func invalidFileExits78WithKeyAndLineOnStandardError() throws {
        let path = try writeTemporary("[sound]\npcm = \"default\"\n\n[[device]]\nmatch.name = \"*\"\nsensitivity = 0\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try squatd(["check-config", path])
        #expect(run.status == 78)
        #expect(run.stderr == "squatd: \(path):6: device[1].sensitivity: must be a whole number from 1 to 10, got 0\n")
        #expect(run.stdout.isEmpty)
    }

    /// Read, but not text TOML can be: an invalid file (78, as the README says), not an
    /// unreadable one (66).
    @Test func aFileThatIsNotUTF8Exits78WithItsLine() throws {
        let path = try writeTemporary("")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(Array("[goal]\n# caf".utf8) + [0xE9, 0x0A]).write(to: URL(fileURLWithPath: path))
        let run = try squatd(["check-config", path])
        #expect(run.status == 78)
        #expect(run.stderr == "squatd: \(path):2: not UTF-8 text, as TOML must be (save the file as UTF-8)\n")
    }

    @Test func missingFileExits66() throws {
        let run = try squatd(["check-config", "/nonexistent/squatd.toml"])
        #expect(run.status == 66)
        #expect(run.stderr == "squatd: /nonexistent/squatd.toml: no such file\n")
    }

    @Test func warningsGoToStandardErrorAndTheFileIsStillValid() throws {
        let path = try writeTemporary("[goal]\ndaily = 50\ndialy = 60\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try squatd(["check-config", path], devices: "")
        #expect(run.status == 0)
        #expect(run.stderr.contains("warning: \(path):3: goal.dialy: unknown key, ignored; did you mean \"daily\"?"))
        #expect(run.stdout.contains("\(path): valid, 1 warning(s)\n"))
        #expect(run.stdout.contains("\ngoal: 50 reps a day\n"))
        // The order `squatd run` and `status` decide the directory in (DaemonOptions).
        #expect(run.stdout.contains("\nstate: $STATE_DIRECTORY, else /var/lib/squatd (--state-dir wins)\n"))
    }

    static func polledIIO(_ sysname: String, name: String, idPath: String) -> String {
        """
        P: /devices/platform/\(name)/\(sysname)
        E: SUBSYSTEM=iio
        E: ID_PATH=\(idPath)
        A: name=\(name)
        A: in_accel_x_raw=0
        A: in_accel_y_raw=0
        A: in_accel_z_raw=1000
        A: in_accel_scale=0.0098


        """
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/umockdev-run"), "umockdev-run is not installed"))
    func eachDevicePresentGetsItsRuleOrTheDefaults() throws {
        let path = try writeTemporary("""
            [sensors]
            poll_rate_hz = 20

            [[device]]
            match = { name = "accel_*", kind = "iio-poll" }
            placement = "waist"
            sensitivity = 7
            rate_hz = 100
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let devices = Self.polledIIO("iio:device0", name: "accel_3d", idPath: "platform-accel")
            + Self.polledIIO("iio:device1", name: "lis3dh", idPath: "platform-lis")
        let run = try squatd(["check-config", path], devices: devices)
        #expect(run.status == 0, "\(run.stderr)")
        let blocks = run.stdout.components(separatedBy: "\n\n")
        let laptop = try #require(blocks.first { $0.hasPrefix("iio-poll  -  accel_3d") }, "\(run.stdout)")
        #expect(laptop.contains("\n  rate: 100.0 Hz\n"))
        #expect(laptop.contains("\n  rule: device[1] (line 4): name = \"accel_*\", kind = \"iio-poll\"\n"))
        #expect(laptop.contains("\n  placement waist, sensitivity 7\n"))
        #expect(laptop.contains("\n  thresholds: signal lift, low-pass 2.5 Hz, start 1.536 cm, min depth 5.12 cm,"))
        #expect(laptop.hasSuffix("\n  sensor settings: rate 100 Hz requested"))
        let other = try #require(blocks.first { $0.hasPrefix("iio-poll  -  lis3dh") }, "\(run.stdout)")
        #expect(other.contains("\n  rate: 20.0 Hz\n"))
        #expect(other.contains("\n  rule: none matches; [defaults]\n"))
        #expect(other.contains("\n  placement thigh, sensitivity 5\n"))
        #expect(other.contains("\n  thresholds: signal tilt, low-pass 1.5 Hz, start 6 °, min depth 20 °,"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/umockdev-run"), "umockdev-run is not installed"))
    func noDevicesIsSaid() throws {
        let path = try writeTemporary("")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try squatd(["check-config", path], devices: "")
        #expect(run.status == 0)
        #expect(run.stdout.hasSuffix("\ndevices: no accelerometer found (IIO devices under /sys/bus/iio/devices or input devices with INPUT_PROP_ACCELEROMETER / ID_INPUT_ACCELEROMETER=1)\n"))
    }
}
