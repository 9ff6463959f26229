import Foundation
import SquatCore
import SquatDaemon
import SystemPackage
import Testing

/// `systemd/squatd.toml`, the commented example installed as the default configuration.
@Suite struct ExampleConfigTests {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("systemd/squatd.toml").path

    @Test func parsesWithoutWarningsAndMeansTheDefaults() throws {
        let loaded = try DaemonConfiguration.load(path: FilePath(Self.path))
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        #expect(loaded.configuration == DaemonConfiguration())
    }

    /// The examples (lines `#key = value`, no space after `#`) enabled all at once: still valid,
    /// and between them they set every key there is.
    @Test func everyExampleIsValidAndEveryKeyIsShown() throws {
        let text = try String(contentsOfFile: Self.path, encoding: .utf8)
        let enabled = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("#") && !line.hasPrefix("# ") && line != "#" ? String(line.dropFirst()) : String(line)
        }.joined(separator: "\n")
        let loaded = try DaemonConfiguration.parse(enabled, path: FilePath(Self.path))
        let missingSounds = loaded.warnings.filter { $0.problem == .fileNotFound && $0.key.hasPrefix("sound.") }
        for warning in missingSounds { print("note: \(warning) (alsa-utils' sounds are not installed)") }
        #expect(loaded.warnings.count == missingSounds.count, "\(loaded.warnings)")

        let c = loaded.configuration
        #expect(c.sound.repSound != nil && c.sound.goalSound != nil && c.goal.daily != nil && c.state.directory != nil)
        let d = c.defaults
        #expect(d.mountMatrix != nil && d.axes != nil && d.unitsPerG != nil && d.rateHz != nil)
        let o = d.overrides
        #expect(o.signal != nil && o.lowPassHz != nil && o.startLevel != nil && o.minDepth != nil && o.returnFraction != nil)
        #expect(o.minRepDuration != nil && o.maxRepDuration != nil && o.minRepInterval != nil && o.confirmReps != nil)
        #expect(o.consistency != nil && o.setGap != nil && o.maxTurn != nil)
        let matches = c.devices.map(\.match)
        #expect(matches.contains { $0.name != nil } && matches.contains { $0.idPath != nil }
            && matches.contains { $0.idSerial != nil } && matches.contains { $0.node != nil } && matches.contains { $0.kind != nil })
        #expect(c.devices.contains { $0.changes.enabled == false } && c.devices.contains { $0.changes.accelerometer == true })
        #expect(c.devices.count == 6)
    }
}
