import Logging

/// One way of reading accelerometers (iio-sensor-proxy's `SensorDriver`): it recognises the
/// devices it can read and opens a reader for them. ``SampleSources/all`` is the priority table.
protocol SampleSource: Sendable {
    static var kind: SensorKind { get }
    /// The device as this source would read it, or nil when it cannot.
    static func probe(_ record: UdevRecord, settings: SensorSettings, logger: Logger) -> SensorDevice?
    /// Opens a reader; the caller owns it and must call ``SensorReader/close()``.
    static func open(_ device: SensorDevice, settings: SensorSettings, logger: Logger) throws(SensorError) -> any SensorReader
}

enum SampleSources {
    /// Tried in this order for every device; the first that accepts it wins.
    static let all: [any SampleSource.Type] = [IIOBufferSource.self, IIOPollSource.self, EvdevSource.self]

    static func source(for kind: SensorKind) -> any SampleSource.Type {
        all.first { $0.kind == kind }!
    }

    static func probe(_ record: UdevRecord, settings: SensorSettings, logger: Logger) -> SensorDevice? {
        for source in all {
            if let device = source.probe(record, settings: settings, logger: logger) { return device }
        }
        return nil
    }
}

/// An open device. Synchronous and single-threaded: the owner waits in `poll` for
/// ``fileDescriptor`` to be readable, then calls ``readAvailable(_:)``.
protocol SensorReader: AnyObject {
    /// Readable when there is something to read (device node, timerfd).
    var fileDescriptor: Int32 { get }
    /// Reads everything that is ready without blocking and hands each event to `emit`.
    /// Returns false when the device has gone away (no more events will come).
    func readAvailable(_ emit: (SensorEvent) -> Void) throws(SensorError) -> Bool
    /// Releases the device (disables an IIO buffer, closes descriptors). Idempotent.
    func close()
}

/// Finds a device's mount matrix: the configuration's override, then udev, then sysfs, then
/// identity. A malformed matrix is logged and skipped rather than stopping the device.
///
/// The override comes first: a user who writes one means it, and drivers that expose
/// `in_mount_matrix` report the identity when the firmware gives none, so a sysfs matrix is
/// present on most IIO devices and an override tried after it would never apply.
func resolveMountMatrix(properties: [String: String], sysfsDirectory: String?, override: DeviceOverride?,
                        logger: Logger) -> (MountMatrix, MountMatrixSource) {
    if let matrix = override?.mountMatrix { return (matrix, .override) }
    if let text = properties["ACCEL_MOUNT_MATRIX"] {
        do { return (try MountMatrix(parsing: text), .udev) } catch {
            logger.error("ignoring udev ACCEL_MOUNT_MATRIX: \(error)")
        }
    }
    if let dir = sysfsDirectory {
        for name in ["mount_matrix", "in_accel_mount_matrix", "in_mount_matrix"] {
            guard let text = Sysfs.value(dir + "/" + name) else { continue }
            do { return (try MountMatrix(parsing: text), .sysfs) } catch {
                logger.error("ignoring \(dir)/\(name): \(error)")
            }
        }
    }
    return (.identity, .identity)
}
