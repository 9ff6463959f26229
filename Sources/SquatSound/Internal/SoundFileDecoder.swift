import CSndfile

/// The only code that calls libsndfile: decodes a whole file into a `SoundClip`.
enum SoundFileDecoder {
    /// Frames read per `sf_readf_short` call.
    private static let framesPerRead = 4096
    /// The longest sound accepted, seconds. Rep and goal sounds last under a second or two; a long
    /// file is almost surely a mistake and would be held in memory whole (10 s at 48 kHz stereo is
    /// 1.9 MB).
    static let longestSound = 10

    static func decode(path: String) throws(SoundError) -> SoundClip {
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else {
            throw .unreadableSoundFile(path: path, reason: String(cString: sf_strerror(nil)))
        }
        defer { sf_close(file) }
        let channelCount = Int(info.channels)
        guard channelCount > 0, info.samplerate > 0 else {
            throw .unreadableSoundFile(path: path, reason: "no channels or no frame rate in the header")
        }
        // Read until libsndfile says the end has come: `info.frames` is only an estimate for some
        // containers (Ogg).
        let frameLimit = Int(info.samplerate) * longestSound
        guard info.frames <= frameLimit else { throw .soundFileTooLong(path: path, limit: longestSound) }
        var samples: [Int16] = []
        if info.frames > 0 { samples.reserveCapacity(Int(info.frames) * channelCount) }
        var chunk = [Int16](repeating: 0, count: framesPerRead * channelCount)
        while true {
            let read = chunk.withUnsafeMutableBufferPointer {
                Int(sf_readf_short(file, $0.baseAddress, sf_count_t(framesPerRead)))
            }
            if read <= 0 { break }
            samples.append(contentsOf: chunk[0..<(read * channelCount)])
            if samples.count > frameLimit * channelCount { throw .soundFileTooLong(path: path, limit: longestSound) }
        }
        if sf_error(file) != 0 {
            throw .unreadableSoundFile(path: path, reason: String(cString: sf_strerror(file)))
        }
        guard !samples.isEmpty else { throw .emptySoundFile(path: path) }
        return SoundClip(samples: samples, frameRate: Int(info.samplerate), channelCount: channelCount)
    }
}
