/// Where a device's ``MountMatrix`` came from, in the order they are tried.
public enum MountMatrixSource: String, Sendable, Equatable, CaseIterable {
    /// A per-device override from the configuration.
    case override
    /// udev property `ACCEL_MOUNT_MATRIX` (systemd's hwdb).
    case udev
    /// sysfs `mount_matrix`, `in_accel_mount_matrix` or `in_mount_matrix` (device tree/ACPI).
    case sysfs
    /// None of the above: the sensor's axes are used as they are.
    case identity
}
