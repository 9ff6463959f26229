import Logging

/// IIO accelerometers without a usable buffer: `in_accel_{x,y,z}_raw` read on a timer by
/// ``IIOPollReader``.
enum IIOPollSource: SampleSource {
    static let kind = SensorKind.iioPoll

    static func probe(_ record: UdevRecord, settings: SensorSettings, logger: Logger) -> SensorDevice? {
        guard IIODevice.isAccelerometer(record) else { return nil }
        let dir = record.syspath
        guard IIODevice.axes.allSatisfy({ Sysfs.exists("\(dir)/in_accel_\($0)_raw") }) else { return nil }
        let identity = IIODevice.identity(record, node: record.devnode)
        let override = settings.override(for: identity, kind: kind)
        let (matrix, source) = resolveMountMatrix(
            properties: record.properties, sysfsDirectory: dir, override: override, logger: logger)
        return SensorDevice(
            kind: kind, identity: identity, rate: override?.rate ?? settings.pollRate,
            calibration: IIODevice.calibration(dir, logger: logger), mountMatrix: matrix, mountMatrixSource: source,
            timestampClock: IIODevice.timestampClock(dir), isAccessible: IIODevice.accessible(dir + "/in_accel_x_raw"))
    }

    static func open(_ device: SensorDevice, settings: SensorSettings, logger: Logger) throws(SensorError) -> any SensorReader {
        try IIOPollReader(device, requestedRate: settings.override(for: device.identity, kind: kind)?.rate, logger: logger)
    }
}
