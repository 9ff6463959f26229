import Foundation

/// Renders the embedded sounds: struck notes (a sine plus a quieter fourth partial, as a marimba
/// bar sounds) with an exponential decay, mixed and scaled to a -6 dBFS peak.
struct ToneSynthesizer {
    /// One struck note. Times in seconds, frequency in Hz.
    struct Note {
        var frequency: Double
        var onset: Double
        /// Time constant of the exponential decay.
        var decay: Double
    }

    /// Attack ramp length, seconds: long enough to avoid a click, short enough to sound struck.
    static let attack = 0.004
    /// Fade to zero over the last part of the clip, seconds, so the clip ends in silence.
    static let release = 0.012
    /// Peak level, as a fraction of full scale (-6 dBFS).
    static let peak = 0.5

    let frameRate: Int
    let channelCount: Int

    func render(notes: [Note], duration: Double) -> SoundClip {
        let frameCount = Int(duration * Double(frameRate))
        var mono = [Double](repeating: 0, count: frameCount)
        let rate = Double(frameRate)
        for note in notes {
            let first = Int(note.onset * rate)
            guard first < frameCount else { continue }
            for frame in first..<frameCount {
                let t = Double(frame - first) / rate
                let attack = t < Self.attack ? 0.5 - 0.5 * cos(Double.pi * t / Self.attack) : 1
                let phase = 2 * Double.pi * note.frequency * t
                let tone = sin(phase) * exp(-t / note.decay) + 0.25 * sin(4 * phase) * exp(-3 * t / note.decay)
                mono[frame] += attack * tone
            }
        }
        let releaseFrames = Int(Self.release * rate)
        for index in 0..<min(releaseFrames, frameCount) {
            let frame = frameCount - 1 - index
            mono[frame] *= 0.5 - 0.5 * cos(Double.pi * Double(index) / Double(releaseFrames))
        }
        let loudest = mono.lazy.map(abs).max() ?? 0
        let scale = loudest > 0 ? Self.peak * Double(Int16.max) / loudest : 0
        var samples: [Int16] = []
        samples.reserveCapacity(frameCount * channelCount)
        for value in mono {
            let sample = Int16((value * scale).rounded())
            for _ in 0..<channelCount { samples.append(sample) }
        }
        return SoundClip(samples: samples, frameRate: frameRate, channelCount: channelCount)
    }
}
