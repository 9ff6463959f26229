@testable import SquatSound
import Testing

@Suite("Converting clips for a PCM that cannot convert")
struct ClipConverterTests {
    /// Upward zero crossings per channel 0, a frequency measure that survives resampling.
    private func risingZeroCrossings(_ clip: SoundClip) -> Int {
        var count = 0
        var previous = clip.samples[0]
        for frame in 1..<clip.frameCount {
            let sample = clip.samples[frame * clip.channelCount]
            if previous < 0 && sample >= 0 { count += 1 }
            previous = sample
        }
        return count
    }

    @Test("44.1 kHz mono to 48 kHz stereo keeps the length, the pitch and both channels equal")
    func upsampleToStereo() {
        let tone = SoundClip(
            samples: SoundFileWriter.tone(frequency: 440, seconds: 0.5, frameRate: 44_100, channelCount: 1),
            frameRate: 44_100, channelCount: 1)
        let converted = ClipConverter.convert(tone, frameRate: 48_000, channelCount: 2)
        #expect(converted.frameRate == 48_000)
        #expect(converted.channelCount == 2)
        #expect(converted.frameCount == 24_000)
        #expect(abs(risingZeroCrossings(converted) - risingZeroCrossings(tone)) <= 1)
        for frame in 0..<converted.frameCount {
            #expect(converted.samples[2 * frame] == converted.samples[2 * frame + 1])
        }
    }

    @Test("stereo to mono averages the channels")
    func downmix() {
        let stereo = SoundClip(samples: [100, 300, -200, 0, 7, 9], frameRate: 8_000, channelCount: 2)
        #expect(ClipConverter.convert(stereo, frameRate: 8_000, channelCount: 1).samples == [200, -100, 8])
    }

    @Test("a clip already in the PCM's format is returned as it is")
    func unchanged() {
        #expect(ClipConverter.convert(.defaultRep, frameRate: 48_000, channelCount: 2) == .defaultRep)
    }
}
