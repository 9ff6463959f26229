import Foundation
import SquatCore
import SquatSensors
import TOMLKit

/// Decoding of each section from its TOML table. Validation lives here and only here; the
/// public types are plain values.
extension DaemonConfiguration {
    init(decoding root: TableReader) throws(ConfigError) {
        self.init()
        if let t = try root.table("sound") { sound = try SoundSettings(decoding: t) }
        if let t = try root.table("goal") {
            goal.daily = try t.wholeNumber("daily", in: 1...Int.max)
            try t.checkUnknownKeys()
        }
        if let t = try root.table("state") {
            state.directory = try t.absolutePath("directory")
            try t.checkUnknownKeys()
        }
        if let t = try root.table("sensors") {
            sensors.pollRate = try t.number("poll_rate_hz", Self.rateExpectation) ?? sensors.pollRate
            try t.checkUnknownKeys()
        }
        let defaultChanges = try root.table("defaults").map { t throws(ConfigError) in
            try DeviceSettings.Changes(decoding: t, kind: nil)
        } ?? .init()
        defaults = defaults.applying(defaultChanges)
        devices = try root.arrayOfTables("device").enumerated().map { (i, t) throws(ConfigError) in
            try DeviceRule(decoding: t, index: i + 1)
        }
        try root.checkUnknownKeys()
        let tables = [("defaults", defaultChanges)] + devices.map { ($0.keyPath, $0.changes) }
        for (keyPath, changes) in tables {
            let t = (keyPath == "defaults" ? DeviceSettings() : defaults).applying(changes).profile.thresholds
            guard t.minRepDuration >= t.maxRepDuration else { continue }
            let culprit = [(changes.overrides.maxRepDuration, "thresholds.max_rep_duration"),
                           (changes.overrides.minRepDuration, "thresholds.min_rep_duration")]
                .first { $0.0 != nil }.map { "\(keyPath).\($0.1)" }
            // A rule that sets neither duration conflicts through its placement and [defaults].
            let key = culprit ?? (changes.placement != nil ? "\(keyPath).placement" : keyPath)
            throw root.context.error(at: key, .repDurationsConflict(minimum: t.minRepDuration, maximum: t.maxRepDuration))
        }
    }

    static let rateExpectation = ConfigError.Expectation.number(above: 0, atMost: SensorsSettings.rateLimit, unit: "Hz")
}

extension SoundSettings {
    init(decoding t: TableReader) throws(ConfigError) {
        self.init()
        if let pcm = try t.string("pcm") {
            guard !pcm.isEmpty else { throw t.error("pcm", .invalidValue(expected: .nonEmptyString, got: "\"\"")) }
            self.pcm = pcm
        }
        repSound = try t.absolutePath("rep_sound")
        goalSound = try t.absolutePath("goal_sound")
        for (key, file) in [("rep_sound", repSound), ("goal_sound", goalSound)] {
            if let file, !FileManager.default.fileExists(atPath: file) { t.warn(key, .fileNotFound) }
        }
        maximumPlayers = try t.wholeNumber("max_players", in: Self.maximumPlayersRange) ?? maximumPlayers
        enabled = try t.bool("enabled") ?? enabled
        try t.checkUnknownKeys()
    }
}

extension DeviceRule {
    init(decoding t: TableReader, index: Int) throws(ConfigError) {
        guard let m = try t.table("match") else { throw t.context.error(at: t.keyPath, .matchesEverything) }
        let match = try DeviceMatch(decoding: m)
        guard !match.isEmpty else { throw t.context.error(at: m.keyPath, .matchesEverything) }
        let changes = try DeviceSettings.Changes(decoding: t, kind: match.kind)
        self.init(match: match, changes: changes, index: index, line: t.context.locator.line(of: t.keyPath))
    }
}

extension DeviceMatch {
    init(decoding t: TableReader) throws(ConfigError) {
        self.init(name: try t.string("name"), idPath: try t.string("id_path"), idSerial: try t.string("id_serial"),
                  node: try t.string("node"), kind: try t.word("kind", SensorKind.allCases.map { ($0.rawValue, $0) }))
        let rule = TableReader.header(of: t.parentPath)
        try t.rejectUnknownKeys(misplaced: DeviceSettings.Changes.keys.reduce(into: [:]) { $0[$1] = rule })
    }
}

extension DeviceSettings.Changes {
    /// The keys of a `[defaults]` or `[[device]]` table, besides `thresholds` (and `match`).
    static let keys = ["placement", "sensitivity", "enabled", "mount_matrix", "axes", "units_per_g", "rate_hz", "accelerometer"]

    /// `kind`: the kind the rule is restricted to, to warn about settings that do nothing for it.
    init(decoding t: TableReader, kind: SensorKind?) throws(ConfigError) {
        self.init()
        if let name = try t.string("placement") {
            guard let p = Placement(name: name) else { throw t.error("placement", .unknownPlacement(name)) }
            placement = p
        }
        sensitivity = try t.wholeNumber("sensitivity", in: Sensitivity.range).flatMap(Sensitivity.init)
        enabled = try t.bool("enabled")
        mountMatrix = try Self.mountMatrix(t, "mount_matrix")
        axes = try Self.axes(t, "axes")
        unitsPerG = try t.number("units_per_g", .number(above: 0))
        rateHz = try t.number("rate_hz", DaemonConfiguration.rateExpectation)
        accelerometer = try t.bool("accelerometer")
        if let thresholds = try t.table("thresholds") { overrides = try Thresholds.Overrides(decoding: thresholds) }
        let thresholdsHeader = TableReader.header(of: t.path("thresholds"))
        try t.checkUnknownKeys(misplaced: Thresholds.Overrides.keys.reduce(into: [:]) { $0[$1] = thresholdsHeader })

        if kind == .evdev, rateHz != nil { t.warn("rate_hz", .ignoredForKind(.evdev)) }
        if let kind, kind != .evdev {
            if axes != nil { t.warn("axes", .ignoredForKind(kind)) }
            if unitsPerG != nil { t.warn("units_per_g", .ignoredForKind(kind)) }
            if accelerometer == true { t.warn("accelerometer", .ignoredForKind(kind)) }
        }
    }

    /// Text in the kernel's form, or three rows of three numbers.
    private static func mountMatrix(_ t: TableReader, _ key: String) throws(ConfigError) -> MountMatrix? {
        guard let v = t.value(key) else { return nil }
        var text = v.string
        if let rows = v.array {
            let cells = rows.map { row in row.array.map { $0.map { $0.double ?? $0.int.map(Double.init) } } }
            if cells.count == 3, cells.allSatisfy({ $0?.count == 3 && $0!.allSatisfy { $0 != nil } }) {
                text = cells.map { $0!.map { "\($0!)" }.joined(separator: ", ") }.joined(separator: "; ")
            }
        }
        guard let text else {
            throw t.error(key, .invalidValue(expected: .mountMatrix, got: TableReader.describe(v)))
        }
        do {
            return try MountMatrix(parsing: text)
        } catch {
            throw t.error(key, .invalidMountMatrix(error))
        }
    }

    /// evdev `ABS_*` axis names, as squatd reads them: `x`…`rz`, optionally `ABS_`-prefixed.
    static let axisNames: [String: UInt32] = ["x": 0x00, "y": 0x01, "z": 0x02, "rx": 0x03, "ry": 0x04, "rz": 0x05]
    /// `ABS_MAX`.
    static let axisCodes: ClosedRange<Int> = 0...0x3f

    /// Three axis names or codes.
    private static func axes(_ t: TableReader, _ key: String) throws(ConfigError) -> EvdevAxes? {
        guard let v = t.value(key) else { return nil }
        func code(_ element: TOMLValueConvertible) -> UInt32? {
            if let n = element.int, axisCodes.contains(n) { return UInt32(n) }
            guard var name = element.string?.lowercased() else { return nil }
            if name.hasPrefix("abs_") { name.removeFirst(4) }
            return axisNames[name]
        }
        guard let array = v.array, array.count == 3, let x = code(array[0]), let y = code(array[1]), let z = code(array[2]),
              Set([x, y, z]).count == 3
        else { throw t.error(key, .invalidValue(expected: .axes, got: TableReader.describe(v))) }
        return EvdevAxes(x: x, y: y, z: z)
    }
}

extension Thresholds.Overrides {
    /// The keys of a `[thresholds]` table.
    static let keys = ["signal", "low_pass_hz", "start_level", "min_depth", "return_fraction", "min_rep_duration",
                       "max_rep_duration", "min_rep_interval", "confirm_reps", "consistency", "set_gap",
                       "max_turn"]

    init(decoding t: TableReader) throws(ConfigError) {
        self.init()
        let seconds = { (above: Double?, atLeast: Double?) in
            ConfigError.Expectation.number(above: above, atLeast: atLeast, atMost: 3600, unit: "s")
        }
        signal = try t.word("signal", SquatSignal.Kind.allCases.map { ($0.rawValue, $0) })
        lowPassHz = try t.number("low_pass_hz", .number(above: 0, atMost: 20, unit: "Hz"))
        startLevel = try t.number("start_level", .number(above: 0))
        minDepth = try t.number("min_depth", .number(above: 0))
        returnFraction = try t.number("return_fraction", .number(above: 0, atMost: 1))
        minRepDuration = try t.number("min_rep_duration", seconds(0, nil))
        maxRepDuration = try t.number("max_rep_duration", seconds(0, nil))
        minRepInterval = try t.number("min_rep_interval", seconds(nil, 0))
        confirmReps = try t.wholeNumber("confirm_reps", in: 1...4)
        consistency = try t.number("consistency", .number(atLeast: 0, atMost: 1))
        setGap = try t.number("set_gap", seconds(0, nil))
        maxTurn = try t.number("max_turn", .number(atLeast: 0, atMost: 180, unit: "degrees"))
        let parent = TableReader.header(of: t.parentPath)
        try t.checkUnknownKeys(misplaced: DeviceSettings.Changes.keys.reduce(into: [:]) { $0[$1] = parent })
    }
}
