import Foundation
import InMemoryLogging
import Logging
import SquatSound
import Testing

/// Stopping while the sound device has stopped taking data (ALSA's `file` plugin into a pipe
/// whose reader never reads, from the hermetic fixture configuration: closing the PCM waits 20 s
/// for that reader).
@Suite("Stopping on a stalled sound device")
struct StalledDeviceTests {
    @Test("shutdown drops the sound not started and returns before the service manager's 15 s stop timeout")
    func shutdownOnAStalledDeviceIsBounded() throws {
        HermeticALSA.configure()
        let recorder = PlaybackRecorder()
        let handler = InMemoryLogHandler()
        let sound = RepSoundOutput(
            configuration: .init(pcm: "stalled", maximumPlayers: 1, observer: recorder.observer),
            logger: Logger(label: "squatd.sound.test") { _ in handler })
        sound.repCounted(total: 1)
        #expect(recorder.wait(for: 1, .opened))
        // The only player is busy (stuck closing the PCM): this one waits for it.
        sound.repCounted(total: 2)

        let start = ContinuousClock.now
        sound.shutdown()
        let took = ContinuousClock.now - start

        // Unbounded, shutdown waited for the stalled reader (20 s), then played rep 2 into
        // another one (20 s more), long after systemd's TimeoutStopSec=15s would have killed it.
        #expect(took < .seconds(15), "\(took)")
        #expect(recorder.kinds(of: 2) == [.requested, .dropped])
        let warnings = handler.entries.filter { $0.level == .warning }.map(\.message.description)
        #expect(warnings == ["the sound device did not finish playing in time; stopping without waiting for it"])
    }
}
