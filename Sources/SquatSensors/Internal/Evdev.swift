import CEvdev
#if canImport(Glibc)
import Glibc
#endif

/// The only file that calls libevdev. Owns the descriptor and the libevdev handle; both are
/// released in `deinit`. Negative return values are `-errno`, as in libevdev.
final class Evdev {
    /// What one call to ``next(sync:)`` produced.
    enum Read {
        /// An event: type, code, value and the kernel's time stamp in seconds.
        case event(type: UInt16, code: UInt16, value: Int32, time: Double)
        /// `SYN_DROPPED`, or an event replayed while resynchronising.
        case sync(type: UInt16, code: UInt16, value: Int32)
        /// Nothing more to read now (`-EAGAIN`).
        case again
        /// The device is gone (`-ENODEV`).
        case gone
        case failed(errno: Int32)
    }

    struct AxisInfo {
        var minimum: Int32
        var maximum: Int32
        var resolution: Int32
    }

    let path: String
    let fd: Int32
    private let device: OpaquePointer
    private var event = input_event()

    /// Opens `path` non-blocking and reads its capabilities (`libevdev_new_from_fd`).
    init(path: String) throws(SensorError) {
        self.path = path
        fd = try Sysfs.openNode(path)
        var handle: OpaquePointer?
        let rc = libevdev_new_from_fd(fd, &handle)
        guard rc == 0, let handle else {
            Glibc.close(fd)
            throw Sysfs.failure("libevdev_new_from_fd", path, errno: -rc)
        }
        device = handle
    }

    deinit {
        libevdev_free(device)
        Glibc.close(fd)
    }

    var name: String { libevdev_get_name(device).map { String(cString: $0) } ?? "" }

    var isAccelerometer: Bool { libevdev_has_property(device, UInt32(INPUT_PROP_ACCELEROMETER)) == 1 }

    func hasAbsolute(_ code: UInt32) -> Bool { libevdev_has_event_code(device, UInt32(EV_ABS), code) == 1 }

    func axisInfo(_ code: UInt32) -> AxisInfo? {
        guard let info = libevdev_get_abs_info(device, code) else { return nil }
        return AxisInfo(minimum: info.pointee.minimum, maximum: info.pointee.maximum, resolution: info.pointee.resolution)
    }

    /// The current value of an absolute axis, as libevdev's state has it.
    func value(ofAbsolute code: UInt32) -> Int32 { libevdev_get_event_value(device, UInt32(EV_ABS), code) }

    /// Asks for event times on CLOCK_BOOTTIME (`libevdev_set_clock_id`): never stepped, like
    /// CLOCK_MONOTONIC, but it goes on while the system is suspended, so that a suspend shows
    /// as the gap it is (on CLOCK_MONOTONIC the first event after a resume came a moment after
    /// the last one before it, mid-set). Returns the negative errno on failure (umockdev does
    /// not emulate EVIOCSCLOCKID; old kernels refuse it).
    func useBootClock() -> Int32 { libevdev_set_clock_id(device, CLOCK_BOOTTIME) }

    /// The next event (`libevdev_next_event`), in normal or in sync mode.
    func next(sync: Bool) -> Read {
        let flags = sync ? LIBEVDEV_READ_FLAG_SYNC.rawValue : LIBEVDEV_READ_FLAG_NORMAL.rawValue
        let rc = libevdev_next_event(device, flags, &event)
        if rc == Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue) {
            return .event(type: event.type, code: event.code, value: event.value, time: squat_input_event_seconds(&event))
        }
        if rc == Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue) {
            return .sync(type: event.type, code: event.code, value: event.value)
        }
        switch -rc {
        case EAGAIN: return .again
        case ENODEV: return .gone
        default: return .failed(errno: -rc)
        }
    }

    static let absoluteType = UInt16(EV_ABS)
    static let synchronizationType = UInt16(EV_SYN)
    static let miscellaneousType = UInt16(EV_MSC)
    static let report = UInt16(SYN_REPORT)
    static let timestampCode = UInt16(MSC_TIMESTAMP)
}
