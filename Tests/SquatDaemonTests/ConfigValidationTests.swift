import Foundation
import SquatCore
import SquatDaemon
import SquatSensors
import SystemPackage
import Testing

/// Parses `text` expecting an error, and checks it names `key` at `line` (in the data and in the
/// message) and says `saying`.
func expectConfigError(_ text: String, key: String?, line: Int?, saying: String,
                       sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        let loaded = try DaemonConfiguration.parse(text, path: "squatd.toml")
        Issue.record("accepted: \(loaded.configuration)", sourceLocation: sourceLocation)
    } catch {
        #expect(error.key == key, sourceLocation: sourceLocation)
        #expect(error.line == line, sourceLocation: sourceLocation)
        let prefix = "squatd.toml" + (line.map { ":\($0)" } ?? "") + ": " + (key.map { $0 + ": " } ?? "")
        #expect(error.description.hasPrefix(prefix), "\(error)", sourceLocation: sourceLocation)
        #expect(error.description.contains(saying), "\(error)", sourceLocation: sourceLocation)
    }
}

@Suite struct ConfigValidationTests {
    @Test func sensitivityOutOfRangeNamesTheRuleKeyAndLine() {
        let text = """
            [[device]]
            match.name = "accel_3d"
            sensitivity = 4

            [[device]]
            # comment
            placement = "hand"
            sensitivity = 12
            [device.match]
            name = "*DualSense*"
            """
        expectConfigError(text, key: "device[2].sensitivity", line: 8, saying: "must be a whole number from 1 to 10, got 12")
        #expect(throws: ConfigError.self) { try DaemonConfiguration.parse(text, path: "squatd.toml") }
    }

    @Test func aSettingWrittenAfterTheMatchHeaderIsAnErrorNotAWarning() {
        let text = """
            [[device]]
            [device.match]
            name = "*DualSense*"
            placement = "hand"
            """
        expectConfigError(text, key: "device[1].match.placement", line: 4,
                          saying: "belongs in [[device]], not [device.match]: in TOML a key belongs to the last [table] header above it")
        expectConfigError("[defaults]\nmin_depth = 12\n", key: "defaults.min_depth", line: 2,
                          saying: "belongs in [defaults.thresholds], not [defaults]")
        expectConfigError("[[device]]\nmatch.name = \"x\"\n[device.thresholds]\nmin_depth = 12\nsensitivity = 3\n",
                          key: "device[1].thresholds.sensitivity", line: 5, saying: "belongs in [[device]], not [device.thresholds]")
    }

    @Test func wrongTypesSayWhatWasExpectedAndWhatWasFound() {
        expectConfigError("[sound]\npcm = 3\n", key: "sound.pcm", line: 2, saying: "must be a string, got 3")
        expectConfigError("[sound]\n\nenabled = \"no\"\n", key: "sound.enabled", line: 3, saying: "must be true or false, got \"no\"")
        expectConfigError("[defaults]\nsensitivity = 5.5\n", key: "defaults.sensitivity", line: 2,
                          saying: "must be a whole number from 1 to 10, got 5.5")
        expectConfigError("sound = 1\n", key: "sound", line: 1, saying: "must be a table, got 1")
        expectConfigError("[device]\nplacement = \"thigh\"\n", key: "device", line: 1,
                          saying: "must be an array of tables, written [[name]], got a table")
        expectConfigError("[goal]\ndaily = 0\n", key: "goal.daily", line: 2, saying: "must be a whole number of at least 1, got 0")
    }

    @Test func windowsLineEndingsKeepLineNumbers() {
        expectConfigError("# squatd\r\n\r\n[sound]\r\nenabled = \"no\"\r\n", key: "sound.enabled", line: 4,
                          saying: "must be true or false, got \"no\"")
    }

    @Test func rangesOfTheGlobalSections() {
        expectConfigError("[sound]\nmax_players = 17\n", key: "sound.max_players", line: 2,
                          saying: "must be a whole number from 1 to 16, got 17")
        expectConfigError("[sound]\nmax_players = 0\n", key: "sound.max_players", line: 2, saying: "got 0")
        expectConfigError("[sensors]\npoll_rate_hz = 0\n", key: "sensors.poll_rate_hz", line: 2,
                          saying: "must be a number above 0 and at most 1000 Hz, got 0")
        expectConfigError("[sensors]\npoll_rate_hz = inf\n", key: "sensors.poll_rate_hz", line: 2, saying: "got inf")
        expectConfigError("[sound]\npcm = \"\"\n", key: "sound.pcm", line: 2, saying: "must be a non-empty string, got \"\"")
    }

    @Test func pathsMustBeAbsolute() {
        expectConfigError("[state]\ndirectory = \"var/lib/squatd\"\n", key: "state.directory", line: 2,
                          saying: "must be an absolute path, got \"var/lib/squatd\"")
        expectConfigError("[sound]\npcm = \"default\"\nrep_sound = \"click.wav\"\n", key: "sound.rep_sound", line: 3,
                          saying: "must be an absolute path")
        expectConfigError("[sound]\ngoal_sound = \"chime.wav\"\n", key: "sound.goal_sound", line: 2, saying: "absolute path")
    }

    @Test func unknownPlacementListsTheKnownOnes() {
        expectConfigError("[defaults]\nplacement = \"knee\"\n", key: "defaults.placement", line: 2,
                          saying: "unknown placement \"knee\"; use one of thigh, waist, calf, wrist, upper-arm, head, chest, hand")
    }

    @Test func aliasesArePlacements() throws {
        let loaded = try DaemonConfiguration.parse("[defaults]\nplacement = \"earbuds\"\n", path: "x")
        #expect(loaded.configuration.defaults.placement == .head)
    }

    @Test func badMountMatricesSayWhy() {
        let text = """
            [[device]]
            match = { name = "accel_3d" }
            mount_matrix = "1, 0, 0; 0, 1, 0"
            """
        expectConfigError(text, key: "device[1].mount_matrix", line: 3, saying: "mount matrix")
        expectConfigError("[[device]]\nmatch.node = \"/dev/iio:device0\"\nmount_matrix = \"0, 0, 0; 0, 1, 0; 0, 0, 1\"\n",
                          key: "device[1].mount_matrix", line: 3, saying: "row 1")
        expectConfigError("[[device]]\nmatch.node = \"/dev/iio:device0\"\nmount_matrix = [[1, 0], [0, 1]]\n",
                          key: "device[1].mount_matrix", line: 3, saying: "must be a mount matrix such as")
        expectConfigError("[[device]]\nmatch.node = \"/dev/iio:device0\"\nmount_matrix = true\n",
                          key: "device[1].mount_matrix", line: 3, saying: "got true")
    }

    @Test func mountMatrixAsTextOrRows() throws {
        let text = """
            [[device]]
            match.name = "a"
            mount_matrix = "0, 1, 0; -1, 0, 0; 0, 0, 1"
            [[device]]
            match.name = "b"
            mount_matrix = [
                [0, 1, 0],   # x from y
                [-1, 0, 0],
                [0, 0, 1.0],
            ]
            """
        let rules = try DaemonConfiguration.parse(text, path: "x").configuration.devices
        let expected = try MountMatrix(parsing: "0, 1, 0; -1, 0, 0; 0, 0, 1")
        #expect(rules.map(\.changes.mountMatrix) == [expected, expected])
    }

    /// Ignored, a misspelt match key would leave the rule matching on its other keys alone: two
    /// pads named DualSense would both get the rule meant for one.
    @Test func anUnknownMatchKeyIsAnErrorNamingTheKeyWeMeant() {
        let known = "(a match takes name, id_path, id_serial, node, kind;"
        expectConfigError("[[device]]\nplacement = \"hand\"\nmatch = { name = \"DualSense\", serial = \"Sony_Pad_A\" }\n",
                          key: "device[1].match.serial", line: 3, saying: "unknown key; did you mean \"id_serial\"? \(known)")
        expectConfigError("[[device]]\nplacement = \"hand\"\n[device.match]\nnmae = \"DualSense\"\n",
                          key: "device[1].match.nmae", line: 4, saying: "unknown key; did you mean \"name\"? \(known)")
        expectConfigError("[[device]]\nmatch.colour = \"red\"\n",
                          key: "device[1].match.colour", line: 2, saying: "unknown key \(known)")
    }

    @Test func aRuleMustMatchSomething() {
        expectConfigError("[sound]\npcm = \"default\"\n\n[[device]]\nplacement = \"calf\"\n", key: "device[1]", line: 4,
                          saying: "needs a [device.match] table")
        expectConfigError("[[device]]\nplacement = \"calf\"\n[device.match]\n", key: "device[1].match", line: 3,
                          saying: "needs a [device.match] table")
        expectConfigError("[[device]]\nmatch = {}\n", key: "device[1].match", line: 2, saying: "[defaults]")
        expectConfigError("[[device]]\nmatch = \"accel_3d\"\n", key: "device[1].match", line: 2, saying: "must be a table")
    }

    @Test func kindIsOneOfTheSensorKinds() {
        expectConfigError("[[device]]\n[device.match]\nkind = \"iio\"\n", key: "device[1].match.kind", line: 3,
                          saying: "must be one of \"iio-buffer\", \"iio-poll\", \"evdev\", got \"iio\"")
    }

    @Test func sensorFieldsAreValidated() {
        let rule = "[[device]]\nmatch.kind = \"evdev\"\n"
        expectConfigError(rule + "axes = [\"x\", \"y\"]\n", key: "device[1].axes", line: 3, saying: "three evdev axes")
        expectConfigError(rule + "axes = [\"x\", \"x\", \"z\"]\n", key: "device[1].axes", line: 3, saying: "three evdev axes")
        expectConfigError(rule + "axes = [\"x\", \"y\", \"w\"]\n", key: "device[1].axes", line: 3, saying: "got an array")
        expectConfigError(rule + "units_per_g = -3\n", key: "device[1].units_per_g", line: 3, saying: "must be a number above 0, got -3")
        expectConfigError(rule + "rate_hz = 5000\n", key: "device[1].rate_hz", line: 3, saying: "at most 1000 Hz, got 5000")
        expectConfigError(rule + "accelerometer = 1\n", key: "device[1].accelerometer", line: 3, saying: "true or false")
    }

    @Test func thresholdsAreValidatedInTablesAndInline() {
        let text = """
            [defaults.thresholds]
            min_depth = 15
            confirm_reps = 5
            """
        expectConfigError(text, key: "defaults.thresholds.confirm_reps", line: 3, saying: "from 1 to 4, got 5")
        expectConfigError("[[device]]\nmatch.name = \"x\"\nthresholds = { consistency = 1.5 }\n",
                          key: "device[1].thresholds.consistency", line: 3, saying: "from 0 to 1, got 1.5")
        expectConfigError("[[device]]\nmatch.name = \"x\"\n[device.thresholds]\nsignal = \"twist\"\n",
                          key: "device[1].thresholds.signal", line: 4, saying: "one of \"tilt\", \"lift\", \"bounce\"")
        expectConfigError("[defaults.thresholds]\nlow_pass_hz = 0\n", key: "defaults.thresholds.low_pass_hz", line: 2, saying: "above 0")
        expectConfigError("[defaults.thresholds]\nmax_turn = 200\n", key: "defaults.thresholds.max_turn", line: 2, saying: "from 0 to 180 degrees, got 200")
        expectConfigError("[defaults.thresholds]\nmin_rep_duration = 3\nmax_rep_duration = 2\n",
                          key: "defaults.thresholds.max_rep_duration", line: 3,
                          saying: "min_rep_duration (3 s) must be less than max_rep_duration (2 s)")
        // Against the placement's value and [defaults] under a rule.
        expectConfigError("[defaults.thresholds]\nmin_rep_duration = 12\n", key: "defaults.thresholds.min_rep_duration", line: 2,
                          saying: "min_rep_duration (12 s) must be less than max_rep_duration (10 s)")
        expectConfigError("[defaults.thresholds]\nmin_rep_duration = 2\n[[device]]\nmatch.name = \"x\"\nthresholds.max_rep_duration = 1.5\n",
                          key: "device[1].thresholds.max_rep_duration", line: 5,
                          saying: "min_rep_duration (2 s) must be less than max_rep_duration (1.5 s)")
        // A rule's placement can cause it too (upper-arm reps last at least 1 s).
        expectConfigError("[defaults.thresholds]\nmax_rep_duration = 0.9\n[[device]]\nmatch.name = \"x\"\nplacement = \"arm\"\n",
                          key: "device[1].placement", line: 5,
                          saying: "min_rep_duration (1 s) must be less than max_rep_duration (0.9 s)")
    }

    @Test func syntaxErrorsCarryTheParsersLine() {
        expectConfigError("[sound]\npcm = \"default\"\nmax_players = \n", key: nil, line: 3, saying: "not valid TOML")
        expectConfigError("[sound]\npcm = \"a\"\npcm = \"b\"\n", key: nil, line: 3, saying: "not valid TOML")
    }

    @Test func missingFileNamesThePath() {
        do {
            _ = try DaemonConfiguration.load(path: "/nonexistent/squatd.toml")
            Issue.record("loaded a missing file")
        } catch {
            #expect(error.problem == .fileNotFound)
            #expect(error.description == "/nonexistent/squatd.toml: no such file")
        }
    }
}

@Suite struct ConfigLoadingTests {
    @Test func aDirectoryIsUnreadableAndANonUTF8FileInvalid() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("squatd-load-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(throws: ConfigError(path: FilePath(dir.path), problem: .unreadable(reason: "is a directory"))) {
            try DaemonConfiguration.load(path: FilePath(dir.path))
        }
        let binary = dir.appendingPathComponent("squatd.toml")
        try Data(Array("[goal]\ndaily = 3\n# caf".utf8) + [0xE9, 0x0A]).write(to: binary)
        #expect(throws: ConfigError(path: FilePath(binary.path), line: 3, problem: .notUTF8)) {
            try DaemonConfiguration.load(path: FilePath(binary.path))
        }
        let good = dir.appendingPathComponent("good.toml")
        try "[goal]\ndaily = 30\n".write(to: good, atomically: true, encoding: .utf8)
        #expect(try DaemonConfiguration.load(path: FilePath(good.path)).configuration.goal.daily == 30)
    }
}
