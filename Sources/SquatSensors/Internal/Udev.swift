import CUdev
#if canImport(Glibc)
import Glibc
#endif

/// What squatd needs of one udev device, copied out of libudev so no C handle escapes.
struct UdevRecord: Sendable {
    var syspath: String
    var sysname: String
    var subsystem: String
    var devnode: String?
    /// `add`, `remove`, ... for monitor events; nil when enumerated.
    var action: String?
    var properties: [String: String]
}

/// The only file that calls libudev. One `Udev` per thread: libudev handles are not thread-safe.
final class Udev {
    private let handle: OpaquePointer

    init() throws(SensorError) {
        guard let h = udev_new() else { throw .udevUnavailable(call: "udev_new") }
        handle = h
    }

    deinit { udev_unref(handle) }

    /// Every device of the given subsystems, in sysfs path order.
    func devices(subsystems: [String]) throws(SensorError) -> [UdevRecord] {
        guard let e = udev_enumerate_new(handle) else { throw .udevUnavailable(call: "udev_enumerate_new") }
        defer { udev_enumerate_unref(e) }
        for s in subsystems { udev_enumerate_add_match_subsystem(e, s) }
        udev_enumerate_scan_devices(e)
        var records: [UdevRecord] = []
        var entry = udev_enumerate_get_list_entry(e)
        while let current = entry {
            if let path = udev_list_entry_get_name(current),
               let device = udev_device_new_from_syspath(handle, path) {
                records.append(Self.record(device))
                udev_device_unref(device)
            }
            entry = udev_list_entry_get_next(current)
        }
        return records.sorted { $0.syspath < $1.syspath }
    }

    /// The device at `syspath` as udev knows it now (with its database properties), or nil.
    func device(syspath: String) -> UdevRecord? {
        guard let device = udev_device_new_from_syspath(handle, syspath) else { return nil }
        defer { udev_device_unref(device) }
        return Self.record(device)
    }

    static func record(_ device: OpaquePointer) -> UdevRecord {
        func string(_ p: UnsafePointer<CChar>?) -> String? { p.map { String(cString: $0) } }
        var properties: [String: String] = [:]
        var entry = udev_device_get_properties_list_entry(device)
        while let current = entry {
            if let name = string(udev_list_entry_get_name(current)) {
                properties[name] = string(udev_list_entry_get_value(current)) ?? ""
            }
            entry = udev_list_entry_get_next(current)
        }
        return UdevRecord(
            syspath: string(udev_device_get_syspath(device)) ?? "",
            sysname: string(udev_device_get_sysname(device)) ?? "",
            subsystem: string(udev_device_get_subsystem(device)) ?? "",
            devnode: string(udev_device_get_devnode(device)),
            action: string(udev_device_get_action(device)),
            properties: properties)
    }

    /// A netlink monitor for add/remove of the given subsystems; its fd goes in a poll set.
    final class Monitor {
        private let udev: Udev
        private let handle: OpaquePointer

        init(_ udev: Udev, subsystems: [String]) throws(SensorError) {
            guard let m = udev_monitor_new_from_netlink(udev.handle, "udev") else {
                throw .udevUnavailable(call: "udev_monitor_new_from_netlink")
            }
            for s in subsystems { udev_monitor_filter_add_match_subsystem_devtype(m, s, nil) }
            guard udev_monitor_enable_receiving(m) >= 0 else {
                udev_monitor_unref(m)
                throw .udevUnavailable(call: "udev_monitor_enable_receiving")
            }
            self.udev = udev
            self.handle = m
        }

        deinit { udev_monitor_unref(handle) }

        var fileDescriptor: Int32 { udev_monitor_get_fd(handle) }

        /// The next queued event, or nil when none is waiting.
        func receive() -> UdevRecord? {
            guard let device = udev_monitor_receive_device(handle) else { return nil }
            defer { udev_device_unref(device) }
            return Udev.record(device)
        }
    }

    /// Watches udev for the removal of one device.
    final class RemovalWatch {
        private let monitor: Monitor
        private let syspath: String

        init(syspath: String, subsystem: String) throws(SensorError) {
            monitor = try Monitor(try Udev(), subsystems: [subsystem])
            self.syspath = syspath
        }

        var fileDescriptor: Int32 { monitor.fileDescriptor }

        /// Drains the queued events; true when one of them removed the device.
        func deviceRemoved() -> Bool {
            var removed = false
            while let record = monitor.receive() {
                if record.action == "remove" && record.syspath == syspath { removed = true }
            }
            return removed
        }
    }
}
