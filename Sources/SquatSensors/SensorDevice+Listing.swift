/// How `squatd devices` shows a device: JSON keys and a few lines of text.
extension SensorDevice: Encodable {
    private enum Keys: String, CodingKey {
        case kind, node, name, syspath, idPath, idSerial, rate, calibration, unitsPerG, axes, mountMatrix,
             mountMatrixSource, timestampClock, accessible
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(identity.node, forKey: .node)
        try c.encode(identity.name, forKey: .name)
        try c.encode(identity.syspath, forKey: .syspath)
        try c.encode(identity.idPath, forKey: .idPath)
        try c.encode(identity.idSerial, forKey: .idSerial)
        try c.encode(rate, forKey: .rate)
        try c.encode(calibration, forKey: .calibration)
        try c.encode(unitsPerG, forKey: .unitsPerG)
        try c.encode(axes, forKey: .axes)
        try c.encode(mountMatrix.rows, forKey: .mountMatrix)
        try c.encode(mountMatrixSource.rawValue, forKey: .mountMatrixSource)
        try c.encode(timestampClock, forKey: .timestampClock)
        try c.encode(isAccessible, forKey: .accessible)
    }

    /// Why this user cannot read the device, with what to do about it; nil when it can.
    public var accessProblem: SensorError? {
        guard !isAccessible else { return nil }
        let path = identity.node ?? identity.syspath + "/in_accel_x_raw"
        return .permissionDenied(path: path, group: Sysfs.groupName(of: path))
    }

    /// A few indented lines for people: kind, node and name first, then the details.
    public var listing: String {
        var lines = ["\(kind.rawValue)  \(identity.node ?? "-")  \(identity.name)"]
        lines.append("  sysfs: \(identity.syspath)")
        if let p = identity.idPath { lines.append("  ID_PATH: \(p)") }
        if let s = identity.idSerial { lines.append("  ID_SERIAL: \(s)") }
        if let rate { lines.append("  rate: \(rate) Hz") }
        if kind == .evdev {
            lines.append("  units per g: \(unitsPerG.map { "\($0)" } ?? "unknown (node not readable)")")
        } else {
            let c = calibration
            if c.x == c.y && c.y == c.z {
                lines.append("  scale: \(c.x.scale) m/s² per unit, offset \(c.x.offset)")
            } else {
                lines.append("  scale x/y/z: \(c.x.scale), \(c.y.scale), \(c.z.scale) m/s² per unit; offset \(c.x.offset), \(c.y.offset), \(c.z.offset)")
            }
        }
        lines.append("  mount matrix: \(mountMatrix) (\(mountMatrixSource.rawValue))")
        if let timestampClock { lines.append("  clock: \(timestampClock)") }
        if let problem = accessProblem { lines.append("  not readable: \(problem)") }
        return lines.joined(separator: "\n")
    }
}
