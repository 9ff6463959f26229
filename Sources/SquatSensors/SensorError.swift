#if canImport(Glibc)
import Glibc
#endif

/// Everything that can go wrong between a sensor and a ``SensorEvent``, as data. The text
/// for people is written in one place, ``description``.
public enum SensorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why a mount matrix text was rejected.
    public enum MatrixProblem: Sendable, Equatable {
        case rowCount(Int)
        case columnCount(row: Int, count: Int)
        case notANumber(String)
        case zeroRow(Int)
    }

    /// A `scan_elements/*_type` text that is not `[bl]e:[su]BITS/STORAGE[XREPEAT]>>SHIFT`.
    case invalidScanType(text: String)
    case invalidMountMatrix(text: String, reason: MatrixProblem)
    /// A sysfs attribute whose text is not what the kernel documents.
    case invalidAttribute(path: String, text: String)
    /// The user may not open the device node. `group` owns the node, when known.
    case permissionDenied(path: String, group: String?)
    /// A system call on `path` failed with `errno`.
    case system(call: String, path: String, errno: Int32)
    /// A buffered IIO device without its x, y and z accelerometer channels.
    case missingChannels(path: String)
    /// No accelerometer matches what the user asked for (`--device`).
    case noSuchDevice(query: String)
    /// No accelerometer was found at all.
    case noDevices
    /// A libudev call returned nothing (out of memory, or no udev in this environment).
    case udevUnavailable(call: String)

    public var description: String {
        switch self {
        case .invalidScanType(let text):
            return "IIO scan type '\(text.trimmingSpaces())' is not of the form [bl]e:[su]BITS/STORAGE>>SHIFT"
        case .invalidMountMatrix(let text, let reason):
            let why: String
            switch reason {
            case .rowCount(let n): why = "expected 3 rows separated by ';', found \(n)"
            case .columnCount(let row, let n): why = "row \(row) has \(n) values, expected 3 separated by ','"
            case .notANumber(let cell): why = "'\(cell)' is not a number"
            case .zeroRow(let row): why = "row \(row) is all zeros, which would erase an axis"
            }
            return "mount matrix '\(text.trimmingSpaces())' is invalid: \(why) (format: x1, y1, z1; x2, y2, z2; x3, y3, z3)"
        case .invalidAttribute(let path, let text):
            return "\(path): unexpected value '\(text.trimmingSpaces())'"
        case .permissionDenied(let path, let group):
            let join = group.map { "join the '\($0)' group that owns it (sudo usermod -aG \($0) $USER, then log in again), or " } ?? ""
            return "permission denied opening \(path): \(join)install a udev rule that grants access, e.g. "
                + "/etc/udev/rules.d/70-squatd.rules with: "
                + #"SUBSYSTEM=="input", ENV{ID_INPUT_ACCELEROMETER}=="1", TAG+="uaccess"  and  SUBSYSTEM=="iio", TAG+="uaccess""#
                + " then run: sudo udevadm control --reload && sudo udevadm trigger"
        case .system(let call, let path, let errno):
            return "\(call) \(path): \(String(cString: strerror(errno)))"
        case .missingChannels(let path):
            return "\(path) has no in_accel_x/y/z channels"
        case .noSuchDevice(let query):
            return "no accelerometer matches '\(query)' (see 'squatd devices' for node paths and names)"
        case .noDevices:
            return "no accelerometer found (IIO devices under /sys/bus/iio/devices or input devices with INPUT_PROP_ACCELEROMETER / ID_INPUT_ACCELEROMETER=1)"
        case .udevUnavailable(let call):
            return "\(call) failed: udev is not available"
        }
    }
}
