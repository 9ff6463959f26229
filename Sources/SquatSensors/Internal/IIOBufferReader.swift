import Logging
import SquatCore
#if canImport(Glibc)
import Glibc
#endif

/// Reads an IIO buffer: enables the channels, trigger and buffer, then decodes whole scans
/// from `/dev/iio:deviceN`, however the reads split them. Owns the node's descriptor;
/// ``close()`` disables the buffer again.
final class IIOBufferReader: SensorReader {
    private let dir: String
    private let node: String
    private let logger: Logger
    private let layout: IIOScanLayout
    private let x: IIOScanLayout.Channel, y: IIOScanLayout.Channel, z: IIOScanLayout.Channel
    private let timestamp: IIOScanLayout.Channel?
    private let calibration: AxisCalibration
    private let matrix: MountMatrix
    private let period: Double
    private var fd: Int32
    /// Bytes read but not yet decoded; holds up to 64 scans.
    private let pending: UnsafeMutableRawBufferPointer
    private var filled = 0
    private var timeline = SampleTimeline()
    /// Without a timestamp channel: the time given to the last scan (see ``decodeWholeScans(_:)``).
    private var lastSelfStamp = -Double.infinity

    /// `requestedRate`: the configured sampling frequency, Hz, or nil for the driver's (raised to 10 Hz).
    init(_ device: SensorDevice, requestedRate: Double?, logger: Logger) throws(SensorError) {
        dir = device.identity.syspath
        node = device.identity.node ?? "/dev/" + device.identity.sysname
        self.logger = logger
        calibration = device.calibration
        matrix = device.mountMatrix

        fd = try Sysfs.openNode(node)
        do throws(SensorError) {
            // A buffer left enabled (by a crashed reader) refuses channel changes.
            try? Sysfs.write(dir + "/buffer/enable", "0")
            layout = try Self.enableChannels(dir)
            guard let cx = layout.channel(named: "accel_x"), let cy = layout.channel(named: "accel_y"),
                  let cz = layout.channel(named: "accel_z")
            else { throw .missingChannels(path: dir) }
            (x, y, z) = (cx, cy, cz)
            timestamp = layout.channel(named: "timestamp")
            try Self.setTrigger(dir, name: device.identity.name, sysname: device.identity.sysname, logger: logger)
            let rate = IIODevice.adjustSamplingFrequency(dir, requested: requestedRate, logger: logger) ?? device.rate ?? 0
            period = rate > 0 ? 1 / rate : 0
            if Sysfs.exists(dir + "/buffer/length") {
                // Room for ~1 s at 128 Hz; a driver that refuses keeps its own length.
                do { try Sysfs.write(dir + "/buffer/length", "128") } catch {
                    logger.warning("could not set the buffer length: \(error)")
                }
            }
            try Sysfs.write(dir + "/buffer/enable", "1")
        } catch {
            Glibc.close(fd)
            throw error
        }
        pending = .allocate(byteCount: layout.scanBytes * 64, alignment: 8)
        logger.debug("buffer enabled", metadata: ["scan": "\(layout.scanBytes) bytes", "timestamp": "\(timestamp != nil)"])
    }

    deinit {
        close()
        pending.deallocate()
    }

    var fileDescriptor: Int32 { fd }

    /// Enables x, y, z and the timestamp, then builds the layout from every channel that is
    /// enabled (another program may have enabled more, and they take space in each scan).
    private static func enableChannels(_ dir: String) throws(SensorError) -> IIOScanLayout {
        let scan = dir + "/scan_elements"
        var channels: [IIOScanLayout.Channel] = []
        for file in Sysfs.list(scan) where file.hasSuffix("_en") {
            let base = String(file.dropLast(3))
            let name = base.hasPrefix("in_") ? String(base.dropFirst(3)) : base
            if ["accel_x", "accel_y", "accel_z", "timestamp"].contains(name) {
                try Sysfs.write("\(scan)/\(file)", "1")
            }
            guard Sysfs.int("\(scan)/\(file)") == 1 else { continue }
            let typePath = "\(scan)/\(base)_type", indexPath = "\(scan)/\(base)_index"
            guard let typeText = Sysfs.read(typePath) else { throw Sysfs.failure("read", typePath) }
            guard let index = Sysfs.int(indexPath) else {
                throw .invalidAttribute(path: indexPath, text: Sysfs.read(indexPath) ?? "")
            }
            channels.append(.init(name: name, index: index, type: try IIOScanType(parsing: typeText)))
        }
        return IIOScanLayout(enabled: channels)
    }

    /// Sets the device's own trigger (`<name>-dev<N>`) when none is set; devices with a
    /// hardware FIFO have no trigger directory and need none.
    private static func setTrigger(_ dir: String, name: String, sysname: String, logger: Logger) throws(SensorError) {
        let current = dir + "/trigger/current_trigger"
        guard Sysfs.exists(current), Sysfs.value(current) == nil else { return }
        let number = sysname.drop { !$0.isNumber }
        let wanted = "\(name)-dev\(number)"
        let triggers = Sysfs.list("/sys/bus/iio/devices").filter { $0.hasPrefix("trigger") }
            .compactMap { Sysfs.value("/sys/bus/iio/devices/\($0)/name") }
        guard let choice = triggers.first(where: { $0 == wanted }) ?? triggers.first(where: { $0.hasPrefix(name) }) else {
            logger.warning("\(dir): no trigger set and none named \(wanted); enabling the buffer without one")
            return
        }
        try Sysfs.write(current, choice)
    }

    func readAvailable(_ emit: (SensorEvent) -> Void) throws(SensorError) -> Bool {
        while true {
            let n = Glibc.read(fd, pending.baseAddress! + filled, pending.count - filled)
            if n > 0 {
                filled += n
                decodeWholeScans(emit)
                continue
            }
            if n == 0 { return true }
            switch errno {
            case EINTR: continue
            case EAGAIN: return true
            // The IIO core's answer once the device is unregistered. EIO is an error like any
            // other: a device that stays present but fails its reads is in an outage, and the
            // stream takes it for an unplug only when the device's sysfs directory is gone.
            case ENODEV: return false
            case let code: throw Sysfs.failure("read", node, errno: code)
            }
        }
    }

    private func decodeWholeScans(_ emit: (SensorEvent) -> Void) {
        let size = layout.scanBytes
        let count = filled / size
        guard count > 0 else { return }
        let now = timestamp == nil ? SampleTimeline.now() : 0
        // A device's own stamps may be on `monotonic`, which stops in a suspend.
        if timestamp != nil { timeline.note(suspendedSoFar: SampleTimeline.suspendedSoFar()) }
        let bytes = UnsafeRawBufferPointer(pending)
        for k in 0..<count {
            let scan = UnsafeRawBufferPointer(rebasing: bytes[(k * size)..<((k + 1) * size)])
            let stamp: Double
            if let ts = timestamp {
                stamp = Double(ts.type.decode(scan, at: ts.offset)) / 1e9
            } else {
                // Scans read together arrived over the last (count - 1) periods, but no earlier
                // than a period after the scan before: a backlog larger than `pending` (the
                // reader held up while the kernel's buffer filled) comes in several reads, each
                // stamped back from its own `now`, and the second read's first scans would go
                // back in time by up to 64 periods (at 12.5 Hz a step back of 5 s, taken as a
                // stepped clock and a gap; at 1 kHz clamped to one time and dropped). A real
                // stall still shows: `now` then runs ahead of the scans' count.
                stamp = max(now - Double(count - 1 - k) * period, lastSelfStamp + period)
                lastSelfStamp = stamp
            }
            // The kernel's FIFO drops scans silently when it overflows; the time stamps show it.
            let (t, afterGap) = timeline.place(stamp, period: period)
            if afterGap { emit(.gap) }
            let rx = (Double(x.type.decode(scan, at: x.offset)) + calibration.x.offset) * calibration.x.scale
            let ry = (Double(y.type.decode(scan, at: y.offset)) + calibration.y.offset) * calibration.y.scale
            let rz = (Double(z.type.decode(scan, at: z.offset)) + calibration.z.offset) * calibration.z.scale
            let v = matrix.apply(x: rx, y: ry, z: rz)
            emit(.sample(Sample(t: t, x: v.x, y: v.y, z: v.z)))
        }
        let used = count * size
        if filled > used {
            (pending.baseAddress! + 0).copyMemory(from: pending.baseAddress! + used, byteCount: filled - used)
        }
        filled -= used
    }

    /// Disables the buffer, unless the device is gone (its sysfs directory with it: ENOENT,
    /// ENODEV), which is what an unplug looks like here and not worth a warning.
    func close() {
        guard fd >= 0 else { return }
        do throws(SensorError) { try Sysfs.write(dir + "/buffer/enable", "0") } catch {
            if case .system(_, _, let code) = error, code == ENOENT || code == ENODEV {
                logger.debug("buffer not disabled: the device is gone")
            } else {
                logger.warning("could not disable the buffer: \(error)")
            }
        }
        Glibc.close(fd)
        fd = -1
    }
}
