import SquatSound
import Testing

@Suite("The embedded rep and goal sounds")
struct SynthesizedSoundTests {
    @Test("the rep sound is short, 48 kHz stereo, and not clipped", arguments: [SoundClip.defaultRep])
    func repShape(clip: SoundClip) {
        #expect(clip.frameRate == 48_000)
        #expect(clip.channelCount == 2)
        #expect((0.12...0.2).contains(clip.duration))
        let peak = clip.samples.map { abs(Int($0)) }.max() ?? 0
        #expect(peak > Int(Int16.max) / 3 && peak <= Int(Int16.max) / 2 + 1)
    }

    @Test("both sounds start and end without a click", arguments: [SoundClip.defaultRep, SoundClip.defaultGoal])
    func noClick(clip: SoundClip) {
        #expect(clip.samples.first == 0)
        #expect(clip.samples.last == 0)
        // No sample-to-sample jump larger than a 1.6 kHz sine at full level could make; a click
        // (a step from silence to the tone) would be far larger than the tone's own slope.
        let largestStep = zip(clip.samples.dropFirst(clip.channelCount), clip.samples)
            .map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largestStep < 8_000)
        // The first millisecond is still quiet: the attack ramps up over 4 ms.
        let firstMillisecond = clip.samples.prefix(48 * clip.channelCount).map { abs(Int($0)) }.max() ?? 0
        #expect(firstMillisecond < Int(Int16.max) / 4)
    }

    @Test("the goal sound is distinct from the rep sound and longer")
    func goalDistinct() {
        #expect(SoundClip.defaultGoal != SoundClip.defaultRep)
        #expect(SoundClip.defaultGoal.duration > 2 * SoundClip.defaultRep.duration)
    }
}
