/// Where on the body the sensor is worn. Each placement moves differently during a squat,
/// so each has its own detection profile (see ``SquatProfile``).
public enum Placement: String, Sendable, CaseIterable {
    /// Front of the thigh, or a phone in a trouser pocket: rotates ~80° with the thigh.
    case thigh
    /// Belt clip or waist band: tilts a little and moves up and down.
    case waist
    /// Shin: rotates forward as the knees travel.
    case calf
    /// Wrist band, e.g. hands on a barbell: mostly moves up and down.
    case wrist
    /// Phone in an arm band: rotates and moves, arms often rise for balance.
    case upperArm = "upper-arm"
    /// Earbuds or a head band: moves up and down with the trunk.
    case head
    /// Chest strap: moves up and down and leans forward.
    case chest
    /// Held in the hand, e.g. a game controller's motion sensor.
    case hand

    /// The placement used when neither the user nor a recording names one.
    public static let `default`: Placement = .thigh

    /// Other names people use for a placement.
    public static let aliases: [String: Placement] = [
        "pocket": .thigh, "hip": .waist, "earbuds": .head, "earbud": .head,
        "upperarm": .upperArm, "arm": .upperArm, "shin": .calf,
    ]

    /// Parses a placement name or alias, ignoring case, spaces and `_`/`-` differences
    /// (`"Upper Arm"`, `"upper_arm"` and `"upper-arm"` are the same).
    public init?(name: String) {
        var key = ""
        for ch in name.lowercased() where !ch.isWhitespace {
            key.append(ch == "_" || ch == " " ? "-" : ch)
        }
        if let p = Placement(rawValue: key) {
            self = p
        } else if let p = Placement.aliases[key] ?? Placement.aliases[String(key.filter { $0 != "-" })] {
            self = p
        } else {
            return nil
        }
    }
}
