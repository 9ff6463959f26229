/// An accelerometer found on this machine, with everything needed to read it and to tell
/// the user what it is. Produced by ``SensorDiscovery`` and ``SensorMonitor``; opened with
/// ``SensorStream/open(_:settings:logger:)``.
public struct SensorDevice: Sendable, Equatable {
    /// How the device is read (chosen by priority, see ``SensorKind``).
    public var kind: SensorKind
    public var identity: DeviceIdentity
    /// Samples per second: the IIO `sampling_frequency` (buffered), the poll rate (polled), or
    /// nil for evdev, whose driver decides.
    public var rate: Double?
    /// Per-axis conversion to m/s²: `value = (raw + offset) × scale`.
    public var calibration: AxisCalibration
    /// evdev only: units per g, from `absinfo.resolution` or an override; nil for IIO or when
    /// the node could not be opened to read it.
    public var unitsPerG: Double?
    /// evdev only: the absolute axes read as x, y, z.
    public var axes: EvdevAxes?
    /// Rotation applied after calibration.
    public var mountMatrix: MountMatrix
    public var mountMatrixSource: MountMatrixSource
    /// IIO `current_timestamp_clock` (e.g. `monotonic`, `realtime`), when the device has one.
    public var timestampClock: String?
    /// False when the device node exists but this user may not open it.
    public var isAccessible: Bool

    public init(kind: SensorKind, identity: DeviceIdentity, rate: Double? = nil,
                calibration: AxisCalibration = .init(), unitsPerG: Double? = nil, axes: EvdevAxes? = nil,
                mountMatrix: MountMatrix = .identity, mountMatrixSource: MountMatrixSource = .identity,
                timestampClock: String? = nil, isAccessible: Bool = true) {
        self.kind = kind
        self.identity = identity
        self.rate = rate
        self.calibration = calibration
        self.unitsPerG = unitsPerG
        self.axes = axes
        self.mountMatrix = mountMatrix
        self.mountMatrixSource = mountMatrixSource
        self.timestampClock = timestampClock
        self.isAccessible = isAccessible
    }
}

/// Scale and offset of each axis: m/s² = (raw + offset) × scale.
public struct AxisCalibration: Sendable, Equatable, Encodable {
    public struct Axis: Sendable, Equatable, Encodable {
        /// m/s² per raw unit.
        public var scale: Double
        /// Raw units added before scaling.
        public var offset: Double

        public init(scale: Double = 1, offset: Double = 0) {
            self.scale = scale
            self.offset = offset
        }
    }

    public var x: Axis
    public var y: Axis
    public var z: Axis

    public init(x: Axis = .init(), y: Axis = .init(), z: Axis = .init()) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The same scale and offset on all three axes.
    public init(all axis: Axis) {
        self.init(x: axis, y: axis, z: axis)
    }
}
