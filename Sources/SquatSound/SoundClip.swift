/// A sound ready to play: 16-bit signed samples, interleaved, at `frameRate` frames per second.
///
/// Clips are decoded once, at start-up, and never change; every player shares the same storage.
public struct SoundClip: Sendable, Equatable {
    /// Interleaved samples: frame `i`, channel `c` is `samples[i * channelCount + c]`.
    public let samples: [Int16]
    /// Frames per second (Hz).
    public let frameRate: Int
    /// Samples per frame (1 = mono, 2 = stereo).
    public let channelCount: Int

    /// Makes a clip from interleaved samples.
    ///
    /// - Precondition: `frameRate > 0`, `channelCount > 0`, and `samples.count` is a whole number
    ///   of frames.
    public init(samples: [Int16], frameRate: Int, channelCount: Int) {
        precondition(frameRate > 0 && channelCount > 0, "a clip needs a positive frame rate and channel count")
        precondition(samples.count % channelCount == 0, "samples must hold whole frames")
        self.samples = samples
        self.frameRate = frameRate
        self.channelCount = channelCount
    }

    /// Decodes a sound file with libsndfile (WAV, FLAC, Ogg/Vorbis, and whatever else the installed
    /// libsndfile reads), keeping the file's own frame rate and channels. Floating-point files are
    /// scaled from [-1, 1] to the 16-bit range.
    ///
    /// - Throws: `SoundError.unreadableSoundFile`, `.emptySoundFile`, or `.soundFileTooLong` (over 10 s).
    public init(contentsOfFile path: String) throws(SoundError) {
        self = try SoundFileDecoder.decode(path: path)
    }

    /// Number of frames (samples per channel).
    public var frameCount: Int { samples.count / channelCount }

    /// Length in seconds.
    public var duration: Double { Double(frameCount) / Double(frameRate) }
}
