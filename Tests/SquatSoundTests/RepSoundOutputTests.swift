import Foundation
import InMemoryLogging
import Logging
import SquatSound
import Testing

/// The pool against the real libasound: a `file` PCM over `null` from the hermetic fixture
/// configuration, one output file per opened player.
@Suite("Playing rep sounds through ALSA")
struct RepSoundOutputTests {
    /// A short, recognisable clip (50 ms, mono, 44.1 kHz), decoded from a WAV written at test time,
    /// shorter than the PCM's 40 ms buffer plus a period so it exercises the start threshold.
    private static func decodedWAV(frequency: Double, seconds: Double) throws -> SoundClip {
        let path = SoundFileWriter.temporaryPath("rep.wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let samples = SoundFileWriter.tone(frequency: frequency, seconds: seconds, frameRate: 44_100, channelCount: 1)
        try SoundFileWriter.write(samples, frameRate: 44_100, channelCount: 1, as: .wav, to: path)
        return try SoundClip(contentsOfFile: path)
    }

    @Test("N reps open N players, each writes exactly the decoded sound, on the pool's own threads")
    func eachPlayerWritesTheDecodedSound() throws {
        let capture = try HermeticALSA.capture()
        defer { capture.remove() }
        let clip = try Self.decodedWAV(frequency: 440, seconds: 0.05)
        let recorder = PlaybackRecorder()
        let sound = RepSoundOutput(
            configuration: .init(pcm: capture.pcm, repSound: clip, maximumPlayers: 6, observer: recorder.observer),
            logger: Logger.soundTest())

        for total in 1...5 { sound.repCounted(total: total) }
        sound.shutdown()

        #expect(recorder.count(.requested) == 5)
        #expect(recorder.count(.opened) == 5)
        #expect(recorder.count(.finished) == 5)
        let outputs = try capture.outputs()
        #expect(outputs.count == 5)
        for output in outputs {
            #expect(output == clip.littleEndianBytes)
        }
        #expect(recorder.playerThreadNames.count == 5)
        #expect(recorder.playerThreadNames.allSatisfy { $0.hasPrefix("squatd-sound-") }, "\(recorder.playerThreadNames)")
    }

    @Test("the embedded rep sound reaches ALSA unchanged")
    func embeddedSound() throws {
        let capture = try HermeticALSA.capture()
        defer { capture.remove() }
        let sound = RepSoundOutput(configuration: .init(pcm: capture.pcm), logger: Logger.soundTest())

        sound.repCounted(total: 1)
        sound.shutdown()

        #expect(try capture.outputs() == [SoundClip.defaultRep.littleEndianBytes])
    }

    @Test("a PCM that cannot convert gets the sound converted by squatd: mono copied to both channels")
    func pcmThatCannotConvert() throws {
        let capture = try HermeticALSA.capture(through: "stereo_capture")
        defer { capture.remove() }
        let mono = try Self.decodedWAV(frequency: 440, seconds: 0.05)
        let recorder = PlaybackRecorder()
        let sound = RepSoundOutput(
            configuration: .init(pcm: capture.pcm, repSound: mono, maximumPlayers: 1, observer: recorder.observer),
            logger: Logger.soundTest())

        for total in 1...2 {
            sound.repCounted(total: total)
            try #require(recorder.waitForEndings(total))
        }
        sound.shutdown()

        let stereo = SoundClip(samples: mono.samples.flatMap { [$0, $0] }, frameRate: mono.frameRate, channelCount: 2)
        #expect(recorder.count(.finished) == 2)
        #expect(try capture.outputs() == [stereo.littleEndianBytes, stereo.littleEndianBytes])
    }

    @Test("with every player busy, no more than the limit are open, the caller never waits, and the newest reps sound")
    func concurrencyLimit() throws {
        let capture = try HermeticALSA.capture()
        defer { capture.remove() }
        // Players hold after their first write until released: all three stay busy while ten reps come.
        let recorder = PlaybackRecorder(holdPlayers: true)
        let sound = RepSoundOutput(
            configuration: .init(pcm: capture.pcm, maximumPlayers: 3, observer: recorder.observer),
            logger: Logger.soundTest())

        for total in 1...3 { sound.repCounted(total: total) }
        try #require(recorder.wait(for: 3, .firstFramesAccepted))
        // Seven more calls all return while the three players are held inside ALSA playback.
        for total in 4...10 { sound.repCounted(total: total) }
        #expect(recorder.count(.requested) == 10)
        recorder.release()
        sound.shutdown()

        // Reps 1-3 took the three players; 4-6 cut them; 7-10 replaced the waiting ones in turn
        // (the oldest first); 8, 9 and 10 played to the end.
        #expect(recorder.mostOpenAtOnce == 3)
        for playback in 1...3 { #expect(recorder.kinds(of: playback).last == .cut) }
        for playback in 4...7 { #expect(recorder.kinds(of: playback) == [.requested, .superseded]) }
        for playback in 8...10 {
            #expect(recorder.kinds(of: playback) == [.requested, .opened, .firstFramesAccepted, .finished])
        }
        for playback in 1...10 {
            #expect(recorder.kinds(of: playback).filter(\.isTerminal).count == 1)
        }
        let outputs = try capture.outputs()
        #expect(outputs.count == recorder.count(.opened))
        #expect(outputs.count == 6)
        #expect(outputs.filter { $0 == SoundClip.defaultRep.littleEndianBytes }.count == 3)
    }

    @Test("an unopenable PCM leaves counting intact, logs once, and is retried")
    func unopenablePCM() throws {
        HermeticALSA.configure()
        let handler = InMemoryLogHandler()
        let recorder = PlaybackRecorder()
        let sound = RepSoundOutput(
            configuration: .init(pcm: "squatd_test_no_such_pcm", firstRetryDelay: .milliseconds(20), observer: recorder.observer),
            logger: Logger.soundTest(handler))

        var total = 0
        let clock = ContinuousClock()
        let end = clock.now + .milliseconds(400)
        while clock.now < end {
            total += 1
            sound.repCounted(total: total)
            Thread.sleep(forTimeInterval: 0.005)
        }
        sound.shutdown()

        #expect(total >= 20)
        #expect(recorder.count(.requested) == total)
        #expect(recorder.count(where: \.isTerminal) == total)
        let failedOpens = recorder.count { if case .openFailed = $0 { true } else { false } }
        #expect(failedOpens >= 2, "the PCM is tried again after the retry delay")
        #expect(recorder.count(.skipped) >= 1, "reps during the wait open nothing")
        #expect(recorder.count(.opened) == 0)
        #expect(handler.entries.count == 1)
        let entry = try #require(handler.entries.first)
        #expect(entry.level == .warning)
        #expect(entry.metadata["pcm"] == "squatd_test_no_such_pcm")
        #expect(entry.message.description == """
            No sound: ALSA PCM "squatd_test_no_such_pcm": snd_pcm_open failed: No such file or directory (error 2). \
            Counting goes on and squatd tries the PCM again later. To get sound, choose a PCM that exists here \
            (`--pcm`, or pcm in the configuration's [sound] table: e.g. "plughw:1" or "dmix"; `aplay -L` lists \
            them); on a desktop, the service reaches PipeWire/PulseAudio as a user service \
            (`systemctl --user enable --now squatd`).
            """)
    }

    @Test("the goal sound plays exactly once, for the rep that reaches the target, and again after a reset")
    func goal() throws {
        let capture = try HermeticALSA.capture()
        defer { capture.remove() }
        let repClip = try Self.decodedWAV(frequency: 440, seconds: 0.03)
        let goalClip = try Self.decodedWAV(frequency: 880, seconds: 0.08)
        let recorder = PlaybackRecorder()
        let sound = RepSoundOutput(
            configuration: .init(
                pcm: capture.pcm, repSound: repClip, goalSound: goalClip, goal: 4, maximumPlayers: 12,
                observer: recorder.observer),
            logger: Logger.soundTest())

        for total in 1...7 { sound.repCounted(total: total) }
        #expect(recorder.wait(for: 7, .finished))
        var outputs = try capture.outputs()
        #expect(outputs.count == 7)
        #expect(outputs.filter { $0 == goalClip.littleEndianBytes }.count == 1)
        #expect(outputs.filter { $0 == repClip.littleEndianBytes }.count == 6)

        // A new set: the count starts again, and reaching the goal again chimes again.
        for total in 1...4 { sound.repCounted(total: total) }
        sound.shutdown()
        outputs = try capture.outputs()
        #expect(outputs.count == 11)
        #expect(outputs.filter { $0 == goalClip.littleEndianBytes }.count == 2)
    }

    @Test("an output made after the goal was reached (a restart, a reload) does not chime again")
    func goalReachedBefore() throws {
        let capture = try HermeticALSA.capture()
        defer { capture.remove() }
        let repClip = try Self.decodedWAV(frequency: 440, seconds: 0.03)
        let goalClip = try Self.decodedWAV(frequency: 880, seconds: 0.08)
        let sound = RepSoundOutput(
            configuration: .init(pcm: capture.pcm, repSound: repClip, goalSound: goalClip, goal: 4), logger: Logger.soundTest())
        sound.resume(from: 5)
        sound.repCounted(total: 6)
        sound.shutdown()
        #expect(try capture.outputs() == [repClip.littleEndianBytes])
    }
}
