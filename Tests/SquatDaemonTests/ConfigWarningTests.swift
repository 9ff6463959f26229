import SquatDaemon
import SquatSensors
import Testing

@Suite struct ConfigWarningTests {
    @Test func unknownKeysWarnWithLineAndSuggestion() throws {
        let text = """
            [sound]
            pmc = "default"
            max_player = 2

            [[device]]
            match.name = "accel_3d"
            sensitivty = 7
            colour = "red"

            [extras]
            x = 1
            """
        let loaded = try DaemonConfiguration.parse(text, path: "squatd.toml")
        #expect(loaded.warnings.map(\.description) == [
            "squatd.toml:2: sound.pmc: unknown key, ignored; did you mean \"pcm\"?",
            "squatd.toml:3: sound.max_player: unknown key, ignored; did you mean \"max_players\"?",
            "squatd.toml:7: device[1].sensitivty: unknown key, ignored; did you mean \"sensitivity\"?",
            "squatd.toml:8: device[1].colour: unknown key, ignored",
            "squatd.toml:10: extras: unknown key, ignored",
        ])
        // Known keys beside the unknown ones still apply.
        #expect(loaded.configuration.sound.maximumPlayers == 4)
        #expect(try DaemonConfiguration.parse("[sound]\nmax_player = 2\npcm = \"plughw:1\"\n", path: "f").configuration.sound.pcm == "plughw:1")
    }

    @Test func unknownThresholdKeysWarn() throws {
        let text = """
            [[device]]
            [device.match]
            name = "accel_3d"
            [device.thresholds]
            min_dept = 10
            """
        let warnings = try DaemonConfiguration.parse(text, path: "f").warnings.map(\.description)
        #expect(warnings == [
            "f:5: device[1].thresholds.min_dept: unknown key, ignored; did you mean \"min_depth\"?",
        ])
    }

    @Test func settingsThatDoNothingForTheMatchedKindWarn() throws {
        let text = """
            [[device]]
            match.kind = "evdev"
            rate_hz = 100
            [[device]]
            match = { kind = "iio-poll" }
            units_per_g = 1000
            axes = ["rx", "ry", "rz"]
            """
        let warnings = try DaemonConfiguration.parse(text, path: "f").warnings.map(\.description)
        #expect(warnings == [
            "f:3: device[1].rate_hz: ignored for evdev devices",
            "f:6: device[2].units_per_g: ignored for iio-poll devices",
            "f:7: device[2].axes: ignored for iio-poll devices",
        ])
    }

    @Test func missingSoundFileWarns() throws {
        let warnings = try DaemonConfiguration.parse("[sound]\nrep_sound = \"/nonexistent/click.wav\"\n", path: "f").warnings
        #expect(warnings.map(\.description) == ["f:2: sound.rep_sound: no such file"])
    }
}
