import DeviceTestSupport
import Foundation
import Testing

extension UmockdevTests {
    /// A buffer without a timestamp channel is stamped by the reader as it reads. A backlog
    /// (the reader held up while the kernel's buffer filled) arrives in several reads of at most
    /// 64 scans, each stamped back from its own read: the second read's first scans went back in
    /// time, which at 12.5 Hz (5 s back) read as a stepped clock and a gap in contiguous data,
    /// and at 1 kHz gave 133 of 200 samples the time of the one before, which the detector
    /// drops. Every scan is now at least a period after the one before.
    @Suite struct IIOBacklogTests {
        static let dev = "/sys/devices/platform/accel/iio:device0"

        /// The samples of `scans` contiguous scans written to the device at once, at `rate`.
        static func readBacklog(scans: Int, rate: String) throws -> (times: [Double], gaps: Int)? {
            guard let testbed = Testbed.make() else { return nil }
            testbed.add(iioBufferDevice(
                channels: [("accel_x", 0, "le:s16/16>>0"), ("accel_y", 1, "le:s16/16>>0"), ("accel_z", 2, "le:s16/16>>0")],
                attributes: [("name", "accel_3d"), ("in_accel_scale", "0.01"),
                             ("sampling_frequency", rate), ("trigger/current_trigger", "")]))
            testbed.add(deviceDescription(syspath: "/sys/devices/platform/accel/trigger0", properties: ["SUBSYSTEM": "iio"],
                                          attributes: [("name", "accel_3d-dev0")]))
            let child = try testbed.spawn("SensorHarness", ["stream", "--count", String(scans)])
            child.waitForLine("ready iio-buffer /dev/iio:device0 identity")
            #expect(eventually { testbed.attribute(Self.dev, "buffer/enable") == "1" })
            var bytes: [UInt8] = []
            for k in 0..<scans { bytes += [Int64(k), 0, 981].flatMap { stored($0, bytes: 2) } }
            testbed.write("/dev/iio:device0", bytes)
            #expect(child.wait() == 0)
            return (child.samples.map { $0[0] }, child.events.filter { $0 == .gap }.count)
        }

        @Test func aBacklogAt12HzIsNoGap() throws {
            guard let (times, gaps) = try Self.readBacklog(scans: 100, rate: "12.5") else { return }
            #expect(times.count == 100)
            #expect(gaps == 0)
            #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 >= 0.08 - 1e-9 })
        }

        @Test func aBacklogAt1kHzKeepsTimesRising() throws {
            guard let (times, gaps) = try Self.readBacklog(scans: 200, rate: "1000") else { return }
            #expect(times.count == 200)
            #expect(gaps == 0)
            let notRising = zip(times, times.dropFirst()).filter { $0 >= $1 }.count
            #expect(notRising == 0, "\(notRising) of \(times.count) samples not later than the one before")
        }
    }
}
