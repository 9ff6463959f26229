/// What identifies a device to the user and to its settings, stable across reboots where
/// the platform allows (`ID_PATH`, `ID_SERIAL`) and exact for this boot (sysfs path, node).
public struct DeviceIdentity: Sendable, Hashable, Codable {
    /// The driver's name for the device (`name` attribute), e.g. `accel_3d` or
    /// `Sony Interactive Entertainment DualSense Wireless Controller Motion Sensors`.
    public var name: String
    /// udev `ID_PATH`: where the device hangs off the machine (port, bus address).
    public var idPath: String?
    /// udev `ID_SERIAL`, for USB and Bluetooth devices that report one.
    public var idSerial: String?
    /// sysfs path, e.g. `/sys/devices/.../iio:device0`.
    public var syspath: String
    /// Device node, e.g. `/dev/iio:device0` or `/dev/input/event5`; nil for an IIO device
    /// without a buffer.
    public var node: String?

    public init(name: String, idPath: String? = nil, idSerial: String? = nil, syspath: String, node: String? = nil) {
        self.name = name
        self.idPath = idPath
        self.idSerial = idSerial
        self.syspath = syspath
        self.node = node
    }

    /// The last component of the sysfs path (`iio:device0`, `event5`).
    public var sysname: String {
        syspath.split(separator: "/").last.map(String.init) ?? syspath
    }

    /// True when `query` names this device: its node path, name, sysfs path or sysname,
    /// `ID_PATH` or `ID_SERIAL`, compared exactly.
    public func matches(_ query: String) -> Bool {
        query == node || query == name || query == syspath || query == sysname
            || (idPath != nil && query == idPath) || (idSerial != nil && query == idSerial)
    }
}
