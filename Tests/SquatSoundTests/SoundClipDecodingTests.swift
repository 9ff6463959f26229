import Foundation
import SquatSound
import Testing

@Suite("Decoding sound files with libsndfile")
struct SoundClipDecodingTests {
    @Test(
        "lossless files decode to exactly their samples, rate and channels",
        arguments: [
            (SoundFileWriter.Container.wav, 44_100, 1),
            (SoundFileWriter.Container.floatWAV, 16_000, 1),
            (SoundFileWriter.Container.flac, 48_000, 2),
        ])
    func lossless(container: SoundFileWriter.Container, frameRate: Int, channelCount: Int) throws {
        let samples = SoundFileWriter.tone(frequency: 440, seconds: 0.2, frameRate: frameRate, channelCount: channelCount)
        let path = SoundFileWriter.temporaryPath("tone.\(container)")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try SoundFileWriter.write(samples, frameRate: frameRate, channelCount: channelCount, as: container, to: path)

        let clip = try SoundClip(contentsOfFile: path)
        #expect(clip == SoundClip(samples: samples, frameRate: frameRate, channelCount: channelCount))
    }

    @Test("an Ogg/Vorbis file decodes to its rate, channels, length and, within lossy error, its samples")
    func oggVorbis() throws {
        let samples = SoundFileWriter.tone(frequency: 523.25, seconds: 0.3, frameRate: 22_050, channelCount: 1)
        let path = SoundFileWriter.temporaryPath("tone.oga")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try SoundFileWriter.write(samples, frameRate: 22_050, channelCount: 1, as: .oggVorbis, to: path)

        let clip = try SoundClip(contentsOfFile: path)
        #expect(clip.frameRate == 22_050)
        #expect(clip.channelCount == 1)
        #expect(clip.frameCount == samples.count)
        // Vorbis is lossy: require a signal-to-noise ratio above 20 dB.
        let signal = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        let noise = zip(samples, clip.samples).reduce(0.0) { $0 + pow(Double($1.0) - Double($1.1), 2) }
        #expect(10 * log10(signal / noise) > 20)
    }

    @Test("a file that is not sound gives an error naming the file and libsndfile's reason")
    func notSound() throws {
        let path = SoundFileWriter.temporaryPath("notes.txt")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "not a sound".write(toFile: path, atomically: true, encoding: .utf8)

        #expect {
            try SoundClip(contentsOfFile: path)
        } throws: { error in
            guard case .unreadableSoundFile(let failedPath, let reason) = error as? SoundError else { return false }
            return failedPath == path && !reason.isEmpty
                && "\(error)".hasPrefix("cannot read sound file '\(path)': ")
        }
    }

    @Test("a missing file gives an error naming it")
    func missing() {
        #expect(throws: SoundError.self) { try SoundClip(contentsOfFile: "/nonexistent/rep.wav") }
    }

    @Test("a sound longer than ten seconds is refused before it is decoded whole")
    func tooLong() throws {
        let path = SoundFileWriter.temporaryPath("long.wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let samples = [Int16](repeating: 0, count: 8_000 * 10 + 1)
        try SoundFileWriter.write(samples, frameRate: 8_000, channelCount: 1, as: .wav, to: path)

        #expect(throws: SoundError.soundFileTooLong(path: path, limit: 10)) { try SoundClip(contentsOfFile: path) }
        #expect("\(SoundError.soundFileTooLong(path: path, limit: 10))" == "sound file '\(path)' is longer than 10 seconds; give a short sound")
    }

    @Test("a WAV with no frames is refused")
    func empty() throws {
        let path = SoundFileWriter.temporaryPath("empty.wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try SoundFileWriter.write([], frameRate: 44_100, channelCount: 1, as: .wav, to: path)

        #expect(throws: SoundError.emptySoundFile(path: path)) { try SoundClip(contentsOfFile: path) }
    }
}
