import SquatCore
import SquatSensors

/// How `squatd check-config` shows the effective settings: the global sections, then each
/// device present with the rule that applies to it.
extension DaemonConfiguration {
    /// One line per global section, then the `[defaults]` and a line per `[[device]]`.
    public var listing: String {
        var lines: [String] = []
        let sounds = [("rep", sound.repSound), ("goal", sound.goalSound)].map { "\($0.0) sound \($0.1 ?? "built-in")" }
        lines.append("sound: " + (sound.enabled
            ? "pcm \"\(sound.pcm)\", \(sounds.joined(separator: ", ")), at most \(sound.maximumPlayers) at once"
            : "off (enabled = false)"))
        lines.append("goal: " + (goal.daily.map { "\($0) reps a day" } ?? "none"))
        lines.append("state: " + (state.directory ?? "$STATE_DIRECTORY, else \(DaemonOptions.systemStateDirectory)")
            + " (--state-dir wins)")
        lines.append("sensors: IIO devices without a buffer polled at \(Self.format(sensors.pollRate)) Hz")
        lines.append("defaults: " + Self.summary(defaults))
        if devices.isEmpty {
            lines.append("device rules: none")
        } else {
            lines.append("device rules, first match wins:")
            for rule in devices {
                lines.append("  \(rule.keyPath)\(rule.line.map { " (line \($0))" } ?? ""): \(rule.match)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The device as `squatd devices` shows it, then the rule that applies, the profile, the
    /// thresholds in force and the sensor-level settings from the configuration.
    public func listing(for device: SensorDevice) -> String {
        let settings = settings(for: device)
        var lines = [device.listing]
        if let rule = rule(for: device) {
            lines.append("  rule: \(rule.keyPath)\(rule.line.map { " (line \($0))" } ?? ""): \(rule.match)")
        } else {
            lines.append("  rule: none matches; [defaults]")
        }
        guard settings.enabled else {
            lines.append("  disabled (enabled = false): not read")
            return lines.joined(separator: "\n")
        }
        lines.append("  " + Self.summary(settings))
        lines.append("  thresholds: " + Self.describe(settings.profile.thresholds))
        var sensor: [String] = []
        if settings.accelerometer { sensor.append("read as an accelerometer") }
        if let axes = settings.axes { sensor.append("axes \(axes.x), \(axes.y), \(axes.z)") }
        if let units = settings.unitsPerG { sensor.append("units per g \(Self.format(units))") }
        if let rate = settings.rateHz {
            sensor.append(device.kind == .evdev ? "rate_hz \(Self.format(rate)) ignored for evdev" : "rate \(Self.format(rate)) Hz requested")
        }
        if let matrix = settings.mountMatrix {
            sensor.append("mount matrix \(matrix)" + (device.mountMatrixSource == .override ? "" : " (unused: \(device.mountMatrixSource.rawValue) gives one)"))
        }
        if !sensor.isEmpty { lines.append("  sensor settings: " + sensor.joined(separator: "; ")) }
        return lines.joined(separator: "\n")
    }

    private static func summary(_ s: DeviceSettings) -> String {
        var text = "placement \(s.placement.rawValue), sensitivity \(s.sensitivity.value)"
        if s.overrides != Thresholds.Overrides() { text += ", thresholds set by hand" }
        if !s.enabled { text += ", disabled" }
        return text
    }

    /// `signal tilt (°), low-pass 1.5 Hz, start 6°, depth 20°, …`.
    static func describe(_ t: Thresholds) -> String {
        let unit = t.signal.unit
        return [
            "signal \(t.signal.rawValue)",
            "low-pass \(format(t.lowPassHz)) Hz",
            "start \(format(t.startLevel)) \(unit)",
            "min depth \(format(t.minDepth)) \(unit)",
            "return \(format(t.returnFraction))",
            "rep \(format(t.minRepDuration))–\(format(t.maxRepDuration)) s",
            "min interval \(format(t.minRepInterval)) s",
            "confirm \(t.confirmReps) reps",
            "consistency \(format(t.consistency))",
            "set gap \(format(t.setGap)) s",
            t.maxTurn < 180 ? "max turn \(format(t.maxTurn))°" : "any turn",
        ].joined(separator: ", ")
    }

    /// At most three decimals, no trailing zeros: `1.5`, `20`, `7.68`.
    static func format(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }
}
