@testable import SquatSound
import Testing

/// The low-latency set-up of one PCM, against the real libasound (file over null).
@Suite("Opening a PCM for low latency")
struct AlsaPCMTests {
    @Test("40 ms buffer, 10 ms periods, and the clip's own format when the PCM converts")
    func parameters() throws {
        let capture = try HermeticALSA.capture()
        defer { capture.remove() }
        let pcm = try AlsaPCM(name: capture.pcm, frameRate: 44_100, channelCount: 1)
        #expect(pcm.frameRate == 44_100)
        #expect(pcm.channelCount == 1)
        #expect((1_600...2_000).contains(pcm.bufferFrames))  // ≈ 40 ms at 44.1 kHz = 1764
        #expect((400...500).contains(pcm.periodFrames))  // ≈ 10 ms = 441
    }

    @Test("a sound shorter than the buffer starts playing as soon as it is written, not at drain")
    func startThreshold() throws {
        let capture = try HermeticALSA.capture()
        defer { capture.remove() }
        let pcm = try AlsaPCM(name: capture.pcm, frameRate: 48_000, channelCount: 2)
        let twoPeriods = 2 * pcm.periodFrames
        let clip = SoundClip(samples: [Int16](repeating: 100, count: twoPeriods * 2), frameRate: 48_000, channelCount: 2)
        try #require(twoPeriods < pcm.bufferFrames)
        #expect(!pcm.isRunning)
        #expect(try pcm.write(clip, frames: 0..<twoPeriods) == twoPeriods)
        #expect(pcm.isRunning)
        try pcm.drain()
    }

    @Test("a PCM that does not exist fails to open with ALSA's reason")
    func missing() {
        HermeticALSA.configure()
        #expect(throws: SoundError.device(pcm: "no_such_pcm", call: "snd_pcm_open", code: 2, reason: "No such file or directory")) {
            try AlsaPCM(name: "no_such_pcm", frameRate: 48_000, channelCount: 2)
        }
    }
}
