import Logging
#if canImport(Glibc)
import Glibc
#endif

/// sysfs facts shared by the buffered and polled IIO sources.
enum IIODevice {
    static let axes = ["x", "y", "z"]

    /// Whether a udev record is an IIO device (not a trigger) with accelerometer channels.
    static func isAccelerometer(_ record: UdevRecord) -> Bool {
        record.subsystem == "iio" && record.sysname.hasPrefix("iio:device")
            && (Sysfs.exists(record.syspath + "/in_accel_x_raw") || Sysfs.exists(record.syspath + "/scan_elements/in_accel_x_en"))
    }

    static func identity(_ record: UdevRecord, node: String?) -> DeviceIdentity {
        DeviceIdentity(
            name: Sysfs.value(record.syspath + "/name") ?? record.sysname,
            idPath: record.properties["ID_PATH"], idSerial: record.properties["ID_SERIAL"],
            syspath: record.syspath, node: node)
    }

    /// Per axis: `in_accel_<axis>_scale`, else `in_accel_scale`, else `scale`, else 1;
    /// offsets likewise without the last fallback (0).
    static func calibration(_ dir: String, logger: Logger) -> AxisCalibration {
        func axis(_ a: String) -> AxisCalibration.Axis? {
            guard let scale = Sysfs.double("\(dir)/in_accel_\(a)_scale") ?? Sysfs.double("\(dir)/in_accel_scale")
                ?? Sysfs.double("\(dir)/scale")
            else { return nil }
            let offset = Sysfs.double("\(dir)/in_accel_\(a)_offset") ?? Sysfs.double("\(dir)/in_accel_offset") ?? 0
            return .init(scale: scale, offset: offset)
        }
        guard let x = axis("x"), let y = axis("y"), let z = axis("z") else {
            logger.warning("\(dir): no in_accel scale; reading raw units as m/s²")
            let offset = { (a: String) in Sysfs.double("\(dir)/in_accel_\(a)_offset") ?? Sysfs.double("\(dir)/in_accel_offset") ?? 0 }
            return AxisCalibration(x: .init(offset: offset("x")), y: .init(offset: offset("y")), z: .init(offset: offset("z")))
        }
        return AxisCalibration(x: x, y: y, z: z)
    }

    static func samplingFrequencyPath(_ dir: String) -> String? {
        ["in_accel_sampling_frequency", "sampling_frequency"].map { dir + "/" + $0 }.first(where: Sysfs.exists)
    }

    static func samplingFrequency(_ dir: String) -> Double? {
        samplingFrequencyPath(dir).flatMap(Sysfs.double)
    }

    /// Sets the sampling frequency for reading. With a `requested` rate (a per-device
    /// ``DeviceOverride/rate``, Hz) the lowest available value at or above it is chosen (else the
    /// highest), or the rate itself when the driver lists none. Without one, a frequency of 0
    /// or under 10 Hz is raised to the lowest available value of at least 10 Hz (or the highest
    /// available). Returns the frequency in effect afterwards.
    @discardableResult
    static func adjustSamplingFrequency(_ dir: String, requested: Double?, logger: Logger) -> Double? {
        guard let path = samplingFrequencyPath(dir) else { return nil }
        let current = Sysfs.double(path)
        if let current, requested.map({ $0 == current }) ?? (current >= 10) { return current }
        let minimum = requested ?? 10
        let availableText = [path + "_available", dir + "/in_accel_sampling_frequency_available",
                             dir + "/sampling_frequency_available"].lazy.compactMap(Sysfs.value).first
        guard let choice = availableText.flatMap({ chooseFrequency($0, atLeast: minimum) }) ?? requested else {
            logger.warning("\(path) is \(current.map { "\($0)" } ?? "unreadable") Hz and no usable sampling_frequency_available")
            return current
        }
        guard choice != current else { return current }
        do {
            try Sysfs.write(path, formatFrequency(choice))
            logger.info("set \(path) from \(current ?? 0) to \(choice) Hz")
        } catch {
            logger.warning("could not set \(path) to \(choice) Hz: \(error)")
        }
        return Sysfs.double(path) ?? current
    }

    /// The lowest frequency ≥ `minimum` Hz in a `sampling_frequency_available` text (a list
    /// such as `1.5 12.5 26 52`, or a range `[min step max]`), else the highest.
    static func chooseFrequency(_ text: String, atLeast minimum: Double = 10) -> Double? {
        let trimmed = text.trimmingSpaces()
        if trimmed.hasPrefix("[") {
            let parts = trimmed.dropFirst().dropLast().split(separator: " ").compactMap { Double($0) }
            guard parts.count == 3, parts[1] > 0 else { return nil }
            let (low, step, high) = (parts[0], parts[1], parts[2])
            guard high >= minimum else { return high }
            return max(low, low + ((minimum - low) / step).rounded(.up) * step)
        }
        let values = trimmed.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).compactMap { Double($0) }
        return values.filter { $0 >= minimum }.min() ?? values.max()
    }

    static func formatFrequency(_ hz: Double) -> String {
        hz == hz.rounded() ? String(Int(hz)) : String(hz)
    }

    /// `current_timestamp_clock` without the newline, when the device has one.
    static func timestampClock(_ dir: String) -> String? {
        Sysfs.value(dir + "/current_timestamp_clock")
    }

    static func accessible(_ path: String) -> Bool {
        access(path, R_OK) == 0
    }
}
