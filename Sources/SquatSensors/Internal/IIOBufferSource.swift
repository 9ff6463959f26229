import Logging
#if canImport(Glibc)
import Glibc
#endif

/// IIO accelerometers with a buffer: `scan_elements/in_accel_{x,y,z}_en`, `buffer/enable` and a
/// device node. Read by ``IIOBufferReader``. A buffer this user cannot use (node unreadable, or
/// `buffer/enable` not writable, as for anyone but root without a udev rule) is left to
/// polling when the raw attributes are there to poll.
enum IIOBufferSource: SampleSource {
    static let kind = SensorKind.iioBuffer

    static func probe(_ record: UdevRecord, settings: SensorSettings, logger: Logger) -> SensorDevice? {
        guard IIODevice.isAccelerometer(record) else { return nil }
        let dir = record.syspath
        guard IIODevice.axes.allSatisfy({ Sysfs.exists("\(dir)/scan_elements/in_accel_\($0)_en") }),
              Sysfs.exists(dir + "/buffer/enable")
        else { return nil }
        let node = record.devnode ?? "/dev/" + record.sysname
        let usable = IIODevice.accessible(node) && access(dir + "/buffer/enable", W_OK) == 0
        if !usable && IIODevice.axes.allSatisfy({ Sysfs.exists("\(dir)/in_accel_\($0)_raw") }) {
            logger.debug("\(dir): buffer not usable by this user; polling instead")
            return nil
        }
        let identity = IIODevice.identity(record, node: node)
        let (matrix, source) = resolveMountMatrix(
            properties: record.properties, sysfsDirectory: dir, override: settings.override(for: identity, kind: kind), logger: logger)
        return SensorDevice(
            kind: kind, identity: identity, rate: IIODevice.samplingFrequency(dir),
            calibration: IIODevice.calibration(dir, logger: logger), mountMatrix: matrix, mountMatrixSource: source,
            timestampClock: IIODevice.timestampClock(dir), isAccessible: usable)
    }

    static func open(_ device: SensorDevice, settings: SensorSettings, logger: Logger) throws(SensorError) -> any SensorReader {
        try IIOBufferReader(device, requestedRate: settings.override(for: device.identity, kind: kind)?.rate, logger: logger)
    }
}
