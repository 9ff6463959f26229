/// The ways squatd can read an accelerometer, in order of preference.
///
/// Like iio-sensor-proxy's driver table: for each device, the kinds are tried in
/// ``allCases`` order and the first that can read it wins, so an IIO device with a usable
/// buffer is read buffered and one without is polled.
public enum SensorKind: String, Sendable, Equatable, CaseIterable, Codable {
    /// IIO device read through its buffer (`/dev/iio:deviceN`), the kernel timestamping each scan.
    case iioBuffer = "iio-buffer"
    /// IIO device read by polling `in_accel_{x,y,z}_raw` from sysfs on a timer.
    case iioPoll = "iio-poll"
    /// Input device (`/dev/input/eventN`) read through libevdev.
    case evdev
}
