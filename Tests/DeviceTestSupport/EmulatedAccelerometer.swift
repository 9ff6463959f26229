import Foundation
import SquatCore

/// An accelerometer in a testbed that the test feeds with recorded samples, as the kernel would
/// deliver them: an IIO device with a buffer (16-bit x, y, z and a 64-bit timestamp channel, so
/// the samples keep the recording's times) or an evdev device (ABS_X/Y/Z at 1024 units per g,
/// stamped with the event time).
public struct EmulatedAccelerometer: Sendable {
    public enum Kind: Sendable { case iio, evdev }

    public let kind: Kind
    public let syspath: String
    public let node: String
    public let name: String
    /// IIO: m/s² per LSB.
    public static let iioScale = 0.01
    /// evdev: units per g (the fixture's `absinfo.resolution`).
    public static let evdevUnitsPerG = 1024.0

    public static func iio(number: Int = 0, name: String = "accel_3d") -> EmulatedAccelerometer {
        EmulatedAccelerometer(kind: .iio, syspath: "/sys/devices/platform/accel\(number)/iio:device\(number)",
                              node: "/dev/iio:device\(number)", name: name)
    }

    public static func evdev(number: Int = 3, name: String = "Test Accelerometer") -> EmulatedAccelerometer {
        EmulatedAccelerometer(kind: .evdev, syspath: "/sys/devices/virtual/input/input\(number + 4)/event\(number)",
                              node: "/dev/input/event\(number)", name: name)
    }

    private var evdevFixture: EvdevFixture {
        var fixture = EvdevFixture()
        fixture.syspath = syspath
        fixture.node = node
        fixture.name = name
        fixture.hasTimestamp = false
        return fixture
    }

    /// Adds the device to the testbed (call `testbed.uevent(syspath, "add", ...)` too when a
    /// program is already running, to announce it).
    public func install(in testbed: Testbed) throws {
        switch kind {
        case .iio:
            testbed.add(iioBufferDevice(
                syspath: syspath, node: node,
                channels: [("accel_x", 0, "le:s16/16>>0"), ("accel_y", 1, "le:s16/16>>0"), ("accel_z", 2, "le:s16/16>>0"),
                           ("timestamp", 3, "le:s64/64>>0")],
                attributes: [("name", name), ("in_accel_scale", "\(Self.iioScale)"), ("sampling_frequency", "100"),
                             ("current_timestamp_clock", "monotonic")]))
        case .evdev:
            try evdevFixture.install(in: testbed)
        }
    }

    /// Announces the device to the udev monitors of running programs.
    public func announce(_ action: String, in testbed: Testbed) {
        testbed.uevent(syspath, action, subsystem: kind == .iio ? "iio" : "input", node: node)
    }

    /// The bytes the kernel would deliver for one sample.
    public func frame(_ s: Sample) -> [UInt8] {
        switch kind {
        case .iio:
            let raw = [s.x, s.y, s.z].map { Int64(($0 / Self.iioScale).rounded()) }
            return raw.flatMap { stored($0, bytes: 2) } + [0, 0] + stored(Int64((s.t * 1e9).rounded()), bytes: 8)
        case .evdev:
            let units = [s.x, s.y, s.z].map { Int32(max(-8192, min(8192, ($0 / 9.80665 * Self.evdevUnitsPerG).rounded()))) }
            return (0..<3).flatMap { inputEvent(s.t, EV.abs, UInt16($0), units[$0]) } + inputEvent(s.t, EV.syn, EV.report, 0)
        }
    }

    /// Writes `samples` to the device at a steady pace: 500 frames a second for evdev, 4000 for
    /// IIO. The emulated node is a PTY, and with more than 4 KB unread an evdev read returns a
    /// partial event, which libevdev rejects (see the shared notes on umockdev); a real kernel never
    /// does that. At this pace the reader may fall behind by ~70 ms before that happens. IIO
    /// readers assemble partial scans, so only the PTY's capacity limits them.
    public func feed(_ samples: some Collection<Sample>, to testbed: Testbed) {
        let (perWrite, pause): (Int, useconds_t) = kind == .evdev ? (4, 8_000) : (64, 16_000)
        var batch: [UInt8] = []
        var inBatch = 0
        for sample in samples {
            batch += frame(sample)
            inBatch += 1
            if inBatch == perWrite {
                testbed.write(node, batch)
                batch.removeAll(keepingCapacity: true)
                inBatch = 0
                usleep(pause)
            }
        }
        if !batch.isEmpty { testbed.write(node, batch) }
    }
}
