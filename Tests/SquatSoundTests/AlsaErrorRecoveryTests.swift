import Foundation
import Glibc
import InMemoryLogging
import Logging
@testable import SquatSound
import Testing

/// ALSA failures during playback, injected in place of `snd_pcm_writei`'s result (debug seam
/// `AlsaFaults`); the recovery itself is the real `snd_pcm_recover` on the real file-over-null PCM.
@Suite("Recovering from ALSA errors during playback")
struct AlsaErrorRecoveryTests {
    private static func play(
        reps: Int, injecting codes: [Int32], retryDelay: Duration = .seconds(60)
    ) throws -> (PlaybackRecorder, InMemoryLogHandler, [[UInt8]]) {
        let capture = try HermeticALSA.capture()
        defer { capture.remove() }
        AlsaFaults.injectWriteErrors(codes, on: capture.pcm)
        let handler = InMemoryLogHandler()
        let recorder = PlaybackRecorder()
        let sound = RepSoundOutput(
            configuration: .init(pcm: capture.pcm, maximumPlayers: 1, firstRetryDelay: retryDelay, observer: recorder.observer),
            logger: .soundTest(handler))
        for total in 1...reps {
            sound.repCounted(total: total)
            // One at a time, so each rep meets the injected errors in order.
            try #require(recorder.waitForEndings(total))
        }
        sound.shutdown()
        return (recorder, handler, try capture.outputs())
    }

    @Test("underruns (EPIPE) and a suspend (ESTRPIPE) are recovered: the sound plays on, nothing is logged")
    func underrunAndSuspend() throws {
        let (recorder, handler, outputs) = try Self.play(reps: 2, injecting: [-EPIPE, -EPIPE, -ESTRPIPE])
        #expect(recorder.count(.finished) == 2)
        #expect(handler.entries.isEmpty)
        #expect(outputs.count == 2)
        #expect(outputs.allSatisfy { $0 == SoundClip.defaultRep.littleEndianBytes })
    }

    @Test("a device gone mid-sound (ENODEV) ends that sound, logs once, silences reps until the retry, then sound is back")
    func deviceGone() throws {
        let (recorder, handler, _) = try Self.play(reps: 1, injecting: [-ENODEV])
        #expect(recorder.kinds(of: 1) == [
            .requested, .opened, .failed(.device(pcm: try #require(Self.pcm(in: handler)), call: "snd_pcm_writei", code: ENODEV, reason: "No such device")),
        ])
        #expect(handler.entries.count == 1)
        #expect(handler.entries.first?.level == .warning)
        #expect(handler.entries.first?.message.description.hasPrefix("No sound: ALSA PCM \"capture:DIR=") == true)
    }

    @Test("after the device comes back, the next rep after the retry delay plays and one notice says so")
    func deviceBack() throws {
        let capture = try HermeticALSA.capture()
        defer { capture.remove() }
        AlsaFaults.injectWriteErrors([-ENODEV], on: capture.pcm)
        let handler = InMemoryLogHandler()
        let recorder = PlaybackRecorder()
        let sound = RepSoundOutput(
            configuration: .init(pcm: capture.pcm, firstRetryDelay: .milliseconds(300), observer: recorder.observer),
            logger: .soundTest(handler))

        sound.repCounted(total: 1)
        try #require(recorder.waitForEndings(1))
        sound.repCounted(total: 2)  // within the retry delay: silent
        Thread.sleep(forTimeInterval: 0.35)
        sound.repCounted(total: 3)  // after it: tried again, and the device works
        sound.shutdown()

        #expect(recorder.kinds(of: 2) == [.requested, .skipped])
        #expect(recorder.kinds(of: 3) == [.requested, .opened, .firstFramesAccepted, .finished])
        #expect(handler.entries.map(\.level) == [.warning, .notice])
        #expect(handler.entries.last?.message.description == "Sound is back.")
        #expect(try capture.outputs().filter { $0 == SoundClip.defaultRep.littleEndianBytes }.count == 1)
    }

    @Test("endless underruns give up after the recovery limit instead of spinning")
    func recoveryLimit() throws {
        let codes = [Int32](repeating: -EPIPE, count: AlsaPCM.recoveryLimit + 1)
        let (recorder, handler, _) = try Self.play(reps: 1, injecting: codes)
        #expect(recorder.count { if case .failed = $0 { true } else { false } } == 1)
        #expect(handler.entries.count == 1)
    }

    private static func pcm(in handler: InMemoryLogHandler) -> String? {
        handler.entries.first?.metadata["pcm"].map { "\($0)" }
    }
}
