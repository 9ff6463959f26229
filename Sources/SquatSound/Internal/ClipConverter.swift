/// Converts a clip to the frame rate and channel count a PCM insists on.
///
/// Only needed when the PCM cannot convert itself (a bare `hw:N` or `dmix` device); through
/// `default`, `plughw:N`, PulseAudio or PipeWire ALSA converts and this is never called.
/// Rate: linear interpolation, good enough for short notification sounds (it aliases a little when
/// lowering the rate). Channels: to mono by averaging; from mono by copying; otherwise channel `c`
/// takes source channel `c` when there is one and the last source channel when there is not.
enum ClipConverter {
    static func convert(_ clip: SoundClip, frameRate: Int, channelCount: Int) -> SoundClip {
        if clip.frameRate == frameRate && clip.channelCount == channelCount { return clip }
        let remixed = remix(clip, channelCount: channelCount)
        return resample(remixed, frameRate: frameRate)
    }

    private static func remix(_ clip: SoundClip, channelCount: Int) -> SoundClip {
        let source = clip.channelCount
        if source == channelCount { return clip }
        var samples: [Int16] = []
        samples.reserveCapacity(clip.frameCount * channelCount)
        for frame in 0..<clip.frameCount {
            let base = frame * source
            if channelCount == 1 {
                var sum = 0
                for channel in 0..<source { sum += Int(clip.samples[base + channel]) }
                samples.append(Int16(sum / source))
            } else {
                for channel in 0..<channelCount {
                    samples.append(clip.samples[base + min(channel, source - 1)])
                }
            }
        }
        return SoundClip(samples: samples, frameRate: clip.frameRate, channelCount: channelCount)
    }

    private static func resample(_ clip: SoundClip, frameRate: Int) -> SoundClip {
        if clip.frameRate == frameRate { return clip }
        let channels = clip.channelCount
        let sourceFrames = clip.frameCount
        let frames = max(1, Int((Int64(sourceFrames) * Int64(frameRate) / Int64(clip.frameRate))))
        let step = Double(clip.frameRate) / Double(frameRate)
        var samples: [Int16] = []
        samples.reserveCapacity(frames * channels)
        for frame in 0..<frames {
            let position = Double(frame) * step
            let left = min(Int(position), sourceFrames - 1)
            let right = min(left + 1, sourceFrames - 1)
            let fraction = position - Double(left)
            for channel in 0..<channels {
                let a = Double(clip.samples[left * channels + channel])
                let b = Double(clip.samples[right * channels + channel])
                samples.append(Int16((a + (b - a) * fraction).rounded()))
            }
        }
        return SoundClip(samples: samples, frameRate: frameRate, channelCount: channels)
    }
}
