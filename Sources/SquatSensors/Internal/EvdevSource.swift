import Logging
#if canImport(Glibc)
import Glibc
#endif

/// Input devices that are accelerometers: `INPUT_PROP_ACCELEROMETER`, udev's
/// `ID_INPUT_ACCELEROMETER=1`, or an override saying so. Gamepad motion sensors (DualSense,
/// DualShock 4, Joy-Con IMU) have the property and are read like any other. Read by
/// ``EvdevReader``.
enum EvdevSource: SampleSource {
    static let kind = SensorKind.evdev
    static let standardGravity = 9.80665
    private static let accelerometerPropertyBit = 6  // INPUT_PROP_ACCELEROMETER

    static func probe(_ record: UdevRecord, settings: SensorSettings, logger: Logger) -> SensorDevice? {
        guard record.subsystem == "input", record.sysname.hasPrefix("event") else { return nil }
        let node = record.devnode ?? "/dev/input/" + record.sysname
        let parent = String(record.syspath[..<(record.syspath.lastIndex(of: "/") ?? record.syspath.endIndex)])
        let name = Sysfs.value(parent + "/name") ?? record.properties["NAME"]?.trimmingSpaces() ?? record.sysname
        let identity = DeviceIdentity(
            name: name, idPath: record.properties["ID_PATH"], idSerial: record.properties["ID_SERIAL"],
            syspath: record.syspath, node: node)
        let override = settings.override(for: identity, kind: kind)
        let hasProperty = Sysfs.value(parent + "/properties").map { hexBit(accelerometerPropertyBit, in: $0) } ?? false
        guard hasProperty || record.properties["ID_INPUT_ACCELEROMETER"] == "1" || override?.isAccelerometer == true
        else { return nil }
        let axes = override?.axes ?? .standard
        if let rate = override?.rate {
            logger.warning("\(node): rate \(rate) Hz ignored for evdev: the driver decides how often it reports")
        }
        if let abs = Sysfs.value(parent + "/capabilities/abs"),
           ![axes.x, axes.y, axes.z].allSatisfy({ hexBit(Int($0), in: abs) }) {
            logger.debug("\(node): accelerometer without the expected absolute axes; skipped")
            return nil
        }
        let (matrix, source) = resolveMountMatrix(
            properties: record.properties, sysfsDirectory: nil, override: override, logger: logger)
        var device = SensorDevice(kind: kind, identity: identity, axes: axes, mountMatrix: matrix, mountMatrixSource: source)
        // Opened only to read the units. sysfs already says it is an accelerometer, so a node
        // that will not open now (permissions; a driver still settling, a USB pad mid-enumeration)
        // is still listed: `open` reads the units again, and the daemon retries it.
        do {
            let evdev = try Evdev(path: node)
            device.unitsPerG = unitsPerG(evdev, axes: axes, override: override, logger: logger)
        } catch {
            if case .permissionDenied = error { device.isAccessible = false } else {
                logger.warning("\(node): \(error); listed, and opened again when read")
            }
            device.unitsPerG = override?.unitsPerG
        }
        if let units = device.unitsPerG { device.calibration = AxisCalibration(all: .init(scale: standardGravity / units)) }
        return device
    }

    /// Uses the units the probe found (so a device without a resolution is warned about once,
    /// when it appears, not at every reopen after an outage); reads them only when the probe
    /// could not open the node.
    static func open(_ device: SensorDevice, settings: SensorSettings, logger: Logger) throws(SensorError) -> any SensorReader {
        let node = device.identity.node ?? ""
        let evdev = try Evdev(path: node)
        let axes = device.axes ?? .standard
        let units = device.unitsPerG
            ?? unitsPerG(evdev, axes: axes, override: settings.override(for: device.identity, kind: kind), logger: logger)
        return EvdevReader(evdev, axes: axes, scale: standardGravity / units, matrix: device.mountMatrix, logger: logger)
    }

    /// Units per g: the override, else the X axis resolution (the kernel documents it as units
    /// per g for accelerometers), else an assumed ±2 g full scale, with a warning.
    static func unitsPerG(_ evdev: Evdev, axes: EvdevAxes, override: DeviceOverride?, logger: Logger) -> Double {
        if let units = override?.unitsPerG, units.isFinite, units > 0 { return units }
        if let info = evdev.axisInfo(axes.x) {
            if info.resolution > 0 { return Double(info.resolution) }
            let assumed = max(1, Double(info.maximum) / 2)
            logger.warning("\(evdev.path): no resolution reported; assuming ±2 g full scale (\(assumed) units per g); set units_per_g for this device to correct it")
            return assumed
        }
        return 1
    }

    /// Tests bit `bit` of a sysfs bitmap: hex words separated by spaces, most significant first.
    static func hexBit(_ bit: Int, in text: String) -> Bool {
        let words = text.split(separator: " ").reversed().map { UInt64($0, radix: 16) ?? 0 }
        let word = bit / 64
        guard word < words.count else { return false }
        return words[word] & (UInt64(1) << UInt64(bit % 64)) != 0
    }
}
