import CLinux
import Logging
import SquatCore
#if canImport(Glibc)
import Glibc
#endif

/// Reads `in_accel_{x,y,z}_raw` each time a timerfd expires. The attributes are opened anew for
/// every read, as the kernel expects of sysfs, into a stack buffer (no allocation per sample).
final class IIOPollReader: SensorReader {
    private let paths: [String]
    private let calibration: AxisCalibration
    private let matrix: MountMatrix
    private let logger: Logger
    private var timer: Int32
    private var timeline = SampleTimeline()
    /// Polls in a row whose read failed, and the last failure: its errno and attribute.
    private var failedReads = 0
    private var readError: Int32 = 0
    private var failedPath = ""
    /// Failed polls in a row after which the reader gives up with the read's error: 2 s of
    /// them at the poll rate, and at least 20. Many drivers (st_sensors, bmc150, kxcjk-1013,
    /// mma8452) refuse `_raw` reads with EBUSY while their buffer is enabled, by
    /// iio-sensor-proxy for instance, and hid-sensors time out now and then; without a limit the
    /// reader would wake at its rate forever and deliver nothing, and no one would be told.
    /// Given up, the daemon logs why once and tries again later.
    private let failedReadsBeforeGivingUp: Int

    /// Polls at `device.rate`. `requestedRate`: the configured sampling frequency, Hz, or nil
    /// for the driver's (raised to 10 Hz).
    init(_ device: SensorDevice, requestedRate: Double?, logger: Logger) throws(SensorError) {
        let dir = device.identity.syspath
        paths = IIODevice.axes.map { "\(dir)/in_accel_\($0)_raw" }
        calibration = device.calibration
        matrix = device.mountMatrix
        self.logger = logger
        for path in paths where access(path, R_OK) != 0 { throw Sysfs.failure("open", path) }
        IIODevice.adjustSamplingFrequency(dir, requested: requestedRate, logger: logger)
        let rate = device.rate.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? SensorSettings().pollRate
        failedReadsBeforeGivingUp = max(20, Int(min(2 * rate, 1e6)))
        timer = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard timer >= 0 else { throw Sysfs.failure("timerfd_create", dir) }
        let nanos = max(1, Int(1e9 / max(rate, 0.001)))
        let interval = timespec(tv_sec: nanos / 1_000_000_000, tv_nsec: nanos % 1_000_000_000)
        var spec = itimerspec(it_interval: interval, it_value: interval)
        guard timerfd_settime(timer, 0, &spec, nil) == 0 else {
            let error = Sysfs.failure("timerfd_settime", dir)
            Glibc.close(timer)
            throw error
        }
    }

    deinit { close() }

    var fileDescriptor: Int32 { timer }

    func readAvailable(_ emit: (SensorEvent) -> Void) throws(SensorError) -> Bool {
        var expirations: UInt64 = 0
        let n = Glibc.read(timer, &expirations, 8)
        guard n == 8 else { return true }
        guard let rx = readRaw(paths[0]), let ry = readRaw(paths[1]), let rz = readRaw(paths[2]) else {
            // The attributes vanish with the device.
            guard Sysfs.exists(paths[0]) else { return false }
            failedReads += 1
            if failedReads >= failedReadsBeforeGivingUp { throw Sysfs.failure("read", failedPath, errno: readError) }
            return true
        }
        failedReads = 0
        let (t, afterGap) = timeline.place(SampleTimeline.now(), period: 0)
        if afterGap { emit(.gap) }
        let v = matrix.apply(
            x: (Double(rx) + calibration.x.offset) * calibration.x.scale,
            y: (Double(ry) + calibration.y.offset) * calibration.y.scale,
            z: (Double(rz) + calibration.z.offset) * calibration.z.scale)
        emit(.sample(Sample(t: t, x: v.x, y: v.y, z: v.z)))
        return true
    }

    /// Parses a decimal integer attribute without allocating; nil when it cannot be read
    /// (``readError`` says why) or holds no number.
    private func readRaw(_ path: String) -> Int64? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            (readError, failedPath) = (errno, path)
            return nil
        }
        defer { Glibc.close(fd) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer -> Int64? in
            let n = Glibc.read(fd, buffer.baseAddress, 32)
            guard n > 0 else {
                (readError, failedPath) = (n < 0 ? errno : ENODATA, path)
                return nil
            }
            var value: Int64 = 0, negative = false, digits = 0
            for k in 0..<n {
                let c = buffer[k]
                if k == 0 && c == UInt8(ascii: "-") { negative = true; continue }
                guard c >= 0x30 && c <= 0x39 else { break }
                value = value &* 10 &+ Int64(c - 0x30)
                digits += 1
            }
            guard digits > 0 else {
                (readError, failedPath) = (EINVAL, path)
                return nil
            }
            return negative ? -value : value
        }
    }

    func close() {
        guard timer >= 0 else { return }
        Glibc.close(timer)
        timer = -1
    }
}
