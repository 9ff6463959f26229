import Foundation
import SquatSound

/// The test fixture ALSA configuration (`Fixtures/asound.conf`) and a capture directory per test.
///
/// `ALSA_CONFIG_PATH` is set once, before the first ALSA call in this process: libasound reads and
/// caches its configuration globally on the first `snd_pcm_open`. Every test that touches ALSA goes
/// through `capture()` or `configure()`, so the variable is set before any of them opens a PCM.
/// Tests run in parallel safely because each one opens its own `capture:DIR=...` PCM: the output
/// directory is a PCM argument, not an environment variable.
enum HermeticALSA {
    static let configurationPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/asound.conf").path

    private static let configured: Void = {
        setenv("ALSA_CONFIG_PATH", configurationPath, 1)
    }()

    /// Points libasound at the fixture configuration.
    static func configure() {
        _ = configured
    }

    /// A PCM that writes one file per open into a fresh directory: `capture` (behind `plug`, takes
    /// any rate and channel count) or `stereo_capture` (takes stereo only, converts nothing).
    static func capture(through definition: String = "capture") throws -> Capture {
        configure()
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("squatd-sound-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return Capture(definition: definition, directory: directory)
    }

    struct Capture {
        let definition: String
        let directory: URL
        var pcm: String { "\(definition):DIR=\(directory.path)" }

        /// The contents of every file written, one per opened player, in no particular order.
        func outputs() throws -> [[UInt8]] {
            try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasPrefix("player-") && $0.hasSuffix(".raw") }
                .map { [UInt8](try Data(contentsOf: directory.appendingPathComponent($0))) }
        }

        func remove() {
            try? FileManager.default.removeItem(at: directory)
        }
    }
}

extension SoundClip {
    /// The samples as ALSA receives them for `S16_LE`, and as the capture PCM writes them.
    var littleEndianBytes: [UInt8] {
        samples.flatMap { sample -> [UInt8] in
            let bits = UInt16(bitPattern: sample)
            return [UInt8(truncatingIfNeeded: bits), UInt8(truncatingIfNeeded: bits >> 8)]
        }
    }
}
