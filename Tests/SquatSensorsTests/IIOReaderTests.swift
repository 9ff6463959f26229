import DeviceTestSupport
import Foundation
import Testing

extension UmockdevTests {
    /// Buffered and polled IIO accelerometers in a umockdev testbed, read by SensorHarness.
    @Suite struct IIOReaderTests {
        static let dev = "/sys/devices/platform/accel/iio:device0"

        @Test func bufferedSixteenBitLittleEndianWithoutTimestamp() throws {
            guard let testbed = Testbed.make() else { return }
            testbed.add(iioBufferDevice(
                channels: [("accel_x", 0, "le:s16/16>>0"), ("accel_y", 1, "le:s16/16>>0"), ("accel_z", 2, "le:s16/16>>0")],
                attributes: [("name", "accel_3d"), ("in_accel_scale", "0.01"), ("in_accel_x_offset", "10"),
                             ("sampling_frequency", "0"), ("sampling_frequency_available", "5 12.5 25 50"),
                             ("trigger/current_trigger", "")]))
            testbed.add(deviceDescription(syspath: "/sys/devices/platform/accel/trigger0", properties: ["SUBSYSTEM": "iio"],
                                          attributes: [("name", "accel_3d-dev0")]))
            let child = try testbed.spawn("SensorHarness", ["stream", "--count", "3"])
            child.waitForLine("ready iio-buffer /dev/iio:device0 identity")
            #expect(eventually { testbed.attribute(Self.dev, "buffer/enable") == "1" })
            #expect(testbed.attribute(Self.dev, "trigger/current_trigger") == "accel_3d-dev0")
            #expect(testbed.attribute(Self.dev, "sampling_frequency") == "12.5")
            #expect(testbed.attribute(Self.dev, "buffer/length") == "128")
            // Raw values chosen to contain CR, LF and ^C bytes, which a cooked terminal would mangle.
            let raws: [[Int64]] = [[100, -200, 981], [-32768, 32767, 0x0A0D], [0x0311, 0, -1]]
            let before = boottimeNow()
            testbed.write("/dev/iio:device0", raws.flatMap { $0.flatMap { stored($0, bytes: 2) } })
            child.waitForLine("sample", count: 3)
            let after = boottimeNow()
            #expect(child.wait() == 0)
            let samples = child.samples
            #expect(samples.count == 3)
            for (k, raw) in raws.enumerated() where k < samples.count {
                let want = [samples[k][0], (Double(raw[0]) + 10) * 0.01, Double(raw[1]) * 0.01, Double(raw[2]) * 0.01]
                expectSample(samples[k], want)
            }
            // No timestamp channel: the last scan of a read is stamped with CLOCK_BOOTTIME at the
            // read, earlier ones one period (1/12.5 Hz) apart before it, never going backwards.
            let times = samples.map { $0[0] }
            #expect(times.last! >= before && times.last! <= after)
            #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 >= 0 && $1 - $0 <= 0.08 + 1e-9 })
            #expect(testbed.attribute(Self.dev, "buffer/enable") == "0", "buffer disabled on close")
            #expect(testbed.attribute(Self.dev, "scan_elements/in_accel_x_en") == "1")
            #expect(child.lines.last == "ended")
        }

        @Test func twelveBitShiftedWithTimestampAcrossPartialReadsAndUdevMatrix() throws {
            guard let testbed = Testbed.make() else { return }
            testbed.add(iioBufferDevice(
                channels: [("accel_x", 0, "le:s12/16>>4"), ("accel_y", 1, "le:s12/16>>4"), ("accel_z", 2, "le:s12/16>>4"),
                           ("timestamp", 3, "le:s64/64>>0")],
                properties: ["ACCEL_MOUNT_MATRIX": "0, -1, 0; 1, 0, 0; 0, 0, 1"],
                attributes: [("name", "bmc150_accel"), ("in_accel_x_scale", "0.0095"), ("in_accel_y_scale", "0.0096"),
                             ("in_accel_z_scale", "0.0097"), ("in_accel_mount_matrix", "1, 0, 0; 0, 1, 0; 0, 0, -1"),
                             ("sampling_frequency", "100"), ("current_timestamp_clock", "monotonic")]))
            let child = try testbed.spawn("SensorHarness", ["stream", "--count", "3"])
            child.waitForLine("ready iio-buffer")
            #expect(eventually { testbed.attribute(Self.dev, "buffer/enable") == "1" })
            #expect(testbed.attribute(Self.dev, "scan_elements/in_timestamp_en") == "1")
            let raws: [[Int64]] = [[1024, -2048, 2047], [-1, 1, 0], [-2048, 0, 100]]
            var bytes: [UInt8] = []
            for (k, raw) in raws.enumerated() {
                // 12 significant bits shifted left by 4, low nibble set: it must be masked off.
                bytes += raw.flatMap { stored(($0 << 4) | 0xF, bytes: 2) } + [0, 0] + stored(1_000_000_000 + Int64(k) * 10_000_000, bytes: 8)
            }
            // Split the 48 bytes across reads that cut through channels and scans.
            for (start, end) in [(0, 5), (5, 21), (21, 40), (40, 48)] {
                testbed.write("/dev/iio:device0", Array(bytes[start..<end]))
                usleep(30_000)
            }
            child.waitForLine("sample", count: 3)
            #expect(child.wait() == 0)
            let samples = child.samples
            #expect(samples.count == 3)
            for (k, raw) in raws.enumerated() where k < samples.count {
                let (x, y, z) = (Double(raw[0]) * 0.0095, Double(raw[1]) * 0.0096, Double(raw[2]) * 0.0097)
                // udev's matrix wins over sysfs: (x, y, z) -> (-y, x, z).
                expectSample(samples[k], [1.0 + Double(k) * 0.01, -y, x, z])
            }
            #expect(testbed.attribute(Self.dev, "buffer/enable") == "0")
        }

        /// What a 100 Hz buffered device with a timestamp channel streams for four scans stamped
        /// `milliseconds` (x = 0, 1, 2, 3), or nil without umockdev.
        func streamStamped(_ milliseconds: [Int64]) throws -> Child? {
            guard let testbed = Testbed.make() else { return nil }
            testbed.add(iioBufferDevice(
                channels: [("accel_x", 0, "le:s16/16>>0"), ("accel_y", 1, "le:s16/16>>0"), ("accel_z", 2, "le:s16/16>>0"),
                           ("timestamp", 3, "le:s64/64>>0")],
                attributes: [("name", "accel"), ("in_accel_scale", "1"), ("sampling_frequency", "100")]))
            let child = try testbed.spawn("SensorHarness", ["stream", "--count", "\(milliseconds.count)"])
            child.waitForLine("ready iio-buffer")
            #expect(eventually { testbed.attribute(Self.dev, "buffer/enable") == "1" })
            var bytes: [UInt8] = []
            for (k, ms) in milliseconds.enumerated() {
                bytes += [Int64(k), 0, 0].flatMap { stored($0, bytes: 2) } + [0, 0] + stored(ms * 1_000_000, bytes: 8)
            }
            testbed.write("/dev/iio:device0", bytes)
            #expect(child.wait() == 0)
            return child
        }

        /// Scans lost within a second are left to the detector, which bridges them (a gap
        /// would abandon the rep in progress); a time stamp more than a second on (the device
        /// stalled, or the wall clock was stepped forward: the two look the same) is a gap, and
        /// time goes on from it, so that a real pause keeps its length.
        @Test func aTimestampMoreThanASecondOnIsAGapAndTimeGoesOnFromIt() throws {
            // 10 ms apart, then 110 ms (11 periods: lost scans), then an hour.
            guard let child = try streamStamped([0, 10, 120, 3_600_120]) else { return }
            #expect(child.events == [.sample([0, 0, 0, 0]), .sample([0.01, 1, 0, 0]), .sample([0.12, 2, 0, 0]), .gap,
                                     .sample([3600.12, 3, 0, 0])])
        }

        /// Time stamps on the wall clock (`current_timestamp_clock` is `realtime` unless changed)
        /// go back when NTP steps the clock: the stream reports a gap and carries on one period
        /// after its last sample, never backwards or standing still (the detector drops a sample
        /// that does not move time forward, and would have counted nothing for 10 s).
        @Test func aClockSteppedBackIsAGapNotTimeStandingStill() throws {
            guard let child = try streamStamped([100_000, 100_010, 90_000, 90_010]) else { return }
            #expect(child.events.count == 5 && child.events[2] == .gap, "\(child.events)")
            let times = child.samples.map { $0[0] }
            #expect(times.count == 4 && zip(times, [100, 100.01, 100.02, 100.03]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(times)")
        }

        /// A driver that refuses `_raw` reads (EBUSY while another program has its buffer
        /// enabled; here, an attribute that holds no number) ends the polled stream with the
        /// read's error after 2 s of failed polls (200 at 100 Hz), naming the attribute that
        /// failed, for the daemon to log once and retry, instead of polling on and delivering
        /// nothing.
        @Test func polledReadsThatKeepFailingEndTheStreamWithTheError() throws {
            guard let testbed = Testbed.make() else { return }
            let syspath = "/sys/devices/platform/lis3/iio:device1"
            testbed.add(deviceDescription(
                syspath: syspath, properties: ["SUBSYSTEM": "iio"],
                attributes: [("name", "lis3"), ("in_accel_x_raw", "busy"), ("in_accel_y_raw", "2"), ("in_accel_z_raw", "3"),
                             ("in_accel_sampling_frequency", "100")]))
            let child = try testbed.spawn("SensorHarness", ["stream"])
            #expect(child.wait() == 0, "\(child.errors)")
            #expect(child.lines.last?.hasPrefix("ended ") == true, "\(child.lines)")
            #expect(child.lines.last?.contains("in_accel_x_raw") == true, "\(child.lines)")
        }

        /// A polled reader held up for more than a second (here stopped; on a device, a read
        /// that timed out or a suspend) reports a gap before the next sample, which keeps the
        /// time that passed: polled samples are stamped with CLOCK_BOOTTIME, which no one steps
        /// and which goes on through a suspend.
        @Test func aPolledReaderHeldUpForMoreThanASecondReportsAGap() throws {
            guard let testbed = Testbed.make() else { return }
            testbed.add(deviceDescription(
                syspath: "/sys/devices/platform/lis3/iio:device1", properties: ["SUBSYSTEM": "iio"],
                attributes: [("name", "lis3"), ("in_accel_x_raw", "1"), ("in_accel_y_raw", "2"), ("in_accel_z_raw", "3"),
                             ("in_accel_scale", "1")]))
            let child = try testbed.spawn("SensorHarness", ["stream", "--count", "8"])
            child.waitForLine("sample", count: 3)
            child.send(SIGSTOP)
            usleep(1_300_000)
            child.send(SIGCONT)
            #expect(child.wait() == 0, "\(child.errors)")
            let events = child.events
            #expect(events.filter { $0 == .gap }.count == 1, "\(events)")
            guard let gap = events.firstIndex(of: .gap), gap > 0, gap + 1 < events.count,
                  case .sample(let before) = events[gap - 1], case .sample(let after) = events[gap + 1]
            else { Issue.record("no gap between samples: \(events)"); return }
            #expect(after[0] - before[0] > 1.2, "\(events)")
            let times = child.samples.map { $0[0] }
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "\(times)")
        }

        /// The configuration's matrix wins over the sysfs one, which drivers report (as the
        /// identity) even when the firmware gives none.
        @Test func aConfiguredMatrixWinsOverTheSysfsOne() throws {
            guard let testbed = Testbed.make() else { return }
            testbed.add(deviceDescription(
                syspath: "/sys/devices/platform/lis3/iio:device1", properties: ["SUBSYSTEM": "iio"],
                attributes: [("name", "lis3"), ("in_accel_x_raw", "1"), ("in_accel_y_raw", "2"), ("in_accel_z_raw", "3"),
                             ("in_accel_scale", "1"), ("in_mount_matrix", "1, 0, 0; 0, 1, 0; 0, 0, 1")]))
            let child = try testbed.spawn("SensorHarness", ["stream", "--count", "1", "--mount-matrix", "lis3=0, 1, 0; 1, 0, 0; 0, 0, 1"])
            #expect(child.wait() == 0, "\(child.errors)")
            #expect(child.lines.first == "ready iio-poll - override")
            expectSample(child.samples.first, [child.samples.first?[0] ?? 0, 2, 1, 3])
        }

        @Test func bigEndianChannelsOutOfIndexOrderWithAnotherEnabledChannel() throws {
            guard let testbed = Testbed.make() else { return }
            testbed.add(iioBufferDevice(
                channels: [("accel_x", 1, "be:s16/16>>0"), ("accel_y", 2, "be:s16/16>>0"), ("accel_z", 0, "be:s16/16>>0"),
                           ("anglvel_x", 3, "be:s32/32>>0")],
                enabled: ["anglvel_x"],
                attributes: [("name", "imu"), ("in_accel_scale", "0.5"), ("in_accel_offset", "-5"),
                             ("in_accel_mount_matrix", "0, 0, 1; 0, 1, 0; -1, 0, 0"),
                             ("trigger/current_trigger", "imu-hrtimer"), ("sampling_frequency", "50")]))
            let child = try testbed.spawn("SensorHarness", ["stream", "--count", "2"])
            child.waitForLine("ready iio-buffer")
            #expect(eventually { testbed.attribute(Self.dev, "buffer/enable") == "1" })
            // Scan: z@0, x@2, y@4, anglvel_x@8 (aligned to 4), 12 bytes.
            let raws: [[Int64]] = [[300, -400, 500], [-32768, 32767, 7]]
            var bytes: [UInt8] = []
            for raw in raws {
                bytes += stored(raw[2], bytes: 2, bigEndian: true) + stored(raw[0], bytes: 2, bigEndian: true)
                    + stored(raw[1], bytes: 2, bigEndian: true) + [0, 0] + stored(123_456, bytes: 4, bigEndian: true)
            }
            testbed.write("/dev/iio:device0", bytes)
            child.waitForLine("sample", count: 2)
            #expect(child.wait() == 0)
            let samples = child.samples
            #expect(samples.count == 2)
            for (k, raw) in raws.enumerated() where k < samples.count {
                let (x, y, z) = ((Double(raw[0]) - 5) * 0.5, (Double(raw[1]) - 5) * 0.5, (Double(raw[2]) - 5) * 0.5)
                // sysfs matrix: (x, y, z) -> (z, y, -x).
                expectSample(samples[k], [samples[k][0], z, y, -x])
            }
            #expect(testbed.attribute(Self.dev, "trigger/current_trigger") == "imu-hrtimer", "a set trigger is kept")
        }

        @Test func invalidUdevMatrixIsReportedAndTheSysfsOneUsed() throws {
            guard let testbed = Testbed.make() else { return }
            let syspath = "/sys/devices/platform/lis3/iio:device1"
            testbed.add(deviceDescription(
                syspath: syspath, properties: ["SUBSYSTEM": "iio", "ACCEL_MOUNT_MATRIX": "1, 0, 0; 0, 0, 0; 0, 0, 1"],
                attributes: [("name", "lis3"), ("in_accel_x_raw", "1"), ("in_accel_y_raw", "2"), ("in_accel_z_raw", "3"),
                             ("in_accel_scale", "1"), ("mount_matrix", "0, 1, 0; 1, 0, 0; 0, 0, 1")]))
            let child = try testbed.spawn("SensorHarness", ["stream", "--count", "1"])
            #expect(child.wait() == 0)
            #expect(child.lines.first == "ready iio-poll - sysfs")
            expectSample(child.samples.first, [child.samples.first?[0] ?? 0, 2, 1, 3])
            #expect(child.errors.contains("ignoring udev ACCEL_MOUNT_MATRIX: mount matrix '1, 0, 0; 0, 0, 0; 0, 0, 1' is invalid: row 2 is all zeros, which would erase an axis"), "\(child.errors)")
        }

        @Test func aBufferOnlyRootMayUseIsPolledForOtherUsers() throws {
            guard let testbed = Testbed.make() else { return }
            guard getuid() == 0 else {
                print("Test \(#function) skipped: needs root to run the harness as another user")
                return
            }
            testbed.add(iioBufferDevice(
                channels: [("accel_x", 0, "le:s16/16>>0"), ("accel_y", 1, "le:s16/16>>0"), ("accel_z", 2, "le:s16/16>>0")],
                attributes: [("name", "accel_3d"), ("in_accel_scale", "0.5"), ("in_accel_x_raw", "2"),
                             ("in_accel_y_raw", "4"), ("in_accel_z_raw", "-6")]))
            try makeTraversable(testbed.root)
            let child = try testbed.spawn("SensorHarness", ["stream", "--count", "2"], asNobody: true)
            #expect(child.wait() == 0, "\(child.errors)")
            #expect(child.lines.first == "ready iio-poll /dev/iio:device0 identity")
            expectSample(child.samples.last, [child.samples.last?[0] ?? 0, 1, 2, -3])
            #expect(testbed.attribute(Self.dev, "buffer/enable") == "0")
        }

        @Test func aConfiguredRateChoosesTheBufferedSamplingFrequency() throws {
            guard let testbed = Testbed.make() else { return }
            testbed.add(iioBufferDevice(
                channels: [("accel_x", 0, "le:s16/16>>0"), ("accel_y", 1, "le:s16/16>>0"), ("accel_z", 2, "le:s16/16>>0")],
                attributes: [("name", "accel_3d"), ("in_accel_scale", "0.01"), ("sampling_frequency", "12.5"),
                             ("sampling_frequency_available", "5 12.5 25 50"), ("trigger/current_trigger", "accel_3d-dev0")]))
            let child = try testbed.spawn("SensorHarness", ["stream", "--count", "1", "--rate", "accel_*=20"])
            child.waitForLine("ready iio-buffer /dev/iio:device0 identity")
            #expect(eventually { testbed.attribute(Self.dev, "buffer/enable") == "1" })
            #expect(testbed.attribute(Self.dev, "sampling_frequency") == "25", "lowest available at or above 20 Hz")
            testbed.write("/dev/iio:device0", [100, 0, 200, 0, 0x2C, 0x01])
            #expect(child.wait() == 0, "\(child.errors)")
        }

        @Test func aConfiguredRateSetsThePollRateAndTheSamplingFrequency() throws {
            guard let testbed = Testbed.make() else { return }
            let syspath = "/sys/devices/platform/lis3/iio:device1"
            testbed.add(deviceDescription(
                syspath: syspath, properties: ["SUBSYSTEM": "iio"],
                attributes: [("name", "lis3"), ("in_accel_x_raw", "1"), ("in_accel_y_raw", "2"), ("in_accel_z_raw", "3"),
                             ("in_accel_sampling_frequency", "20"), ("in_accel_sampling_frequency_available", "1 20 50")]))
            let child = try testbed.spawn("SensorHarness", ["stream", "--count", "2", "--rate", "lis3=25"])
            child.waitForLine("ready iio-poll -")
            #expect(testbed.attribute(syspath, "in_accel_sampling_frequency") == "50", "lowest available at or above 25 Hz")
            #expect(child.wait() == 0, "\(child.errors)")
        }

        @Test func polledRawAttributesWithSysfsMatrix() throws {
            guard let testbed = Testbed.make() else { return }
            let syspath = "/sys/devices/platform/lis3/iio:device1"
            testbed.add(deviceDescription(
                syspath: syspath, properties: ["SUBSYSTEM": "iio"],
                attributes: [("name", "lis3"), ("in_accel_x_raw", "100"), ("in_accel_y_raw", "-50"), ("in_accel_z_raw", "1000"),
                             ("scale", "0.00980665"), ("mount_matrix", "-1, 0, 0; 0, 1, 0; 0, 0, 1"),
                             ("in_accel_sampling_frequency", "0"), ("in_accel_sampling_frequency_available", "1 20 50")]))
            // 150 ticks at the default 50 Hz poll rate take about 3 s: the attributes change after
            // the third, and the stream must still be running when they do, even on a loaded
            // machine (with 40 ticks, 0.74 s, a test run under load once read the old values to
            // the end).
            let child = try testbed.spawn("SensorHarness", ["stream", "--count", "150"])
            child.waitForLine("ready iio-poll -")
            child.waitForLine("sample", count: 3)
            #expect(testbed.attribute(syspath, "in_accel_sampling_frequency") == "20")
            testbed.setAttribute(syspath, "in_accel_x_raw", "-7")
            testbed.setAttribute(syspath, "in_accel_y_raw", "8")
            testbed.setAttribute(syspath, "in_accel_z_raw", "-9")
            #expect(child.wait() == 0)
            let samples = child.samples
            #expect(samples.count == 150)
            let s = 0.00980665
            expectSample(samples.first, [samples.first?[0] ?? 0, -100 * s, -50 * s, 1000 * s])
            expectSample(samples.last, [samples.last?[0] ?? 0, 7 * s, 8 * s, -9 * s])
            let times = samples.map { $0[0] }
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "one sample per timer tick")
            // A sleep loop or busy loop would not keep the rate.
            #expect(times.last! - times.first! > 2.4)
        }
    }
}
