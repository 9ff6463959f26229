import Glibc

/// Why a sound could not be loaded or played.
///
/// Errors are data: each case keeps what failed and the library's own reason. Their text, including
/// the advice on what to set when there is no sound, is written here and nowhere else.
public enum SoundError: Error, Sendable, Equatable {
    /// libsndfile could not open or decode a sound file; `reason` is `sf_strerror`'s text.
    case unreadableSoundFile(path: String, reason: String)
    /// The sound file decoded to zero frames.
    case emptySoundFile(path: String)
    /// The sound file is longer than `limit` seconds: a rep sound must be short, and it is held in
    /// memory whole.
    case soundFileTooLong(path: String, limit: Int)
    /// An ALSA call failed on the PCM `pcm`. `call` names the C function (`snd_pcm_open`, ...),
    /// `code` is the positive errno it returned negated, `reason` is `snd_strerror`'s text.
    case device(pcm: String, call: String, code: Int32, reason: String)
    /// The PCM accepts no 16-bit little-endian interleaved samples (typically a bare `hw:N` device).
    case unsupportedSampleFormat(pcm: String)
}

extension SoundError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .unreadableSoundFile(let path, let reason):
            return "cannot read sound file '\(path)': \(reason)"
        case .emptySoundFile(let path):
            return "sound file '\(path)' contains no audio frames"
        case .soundFileTooLong(let path, let limit):
            return "sound file '\(path)' is longer than \(limit) seconds; give a short sound"
        case .device(let pcm, let call, let code, let reason):
            return "ALSA PCM \"\(pcm)\": \(call) failed: \(reason) (error \(code))"
        case .unsupportedSampleFormat(let pcm):
            return "ALSA PCM \"\(pcm)\" does not accept 16-bit little-endian interleaved samples"
        }
    }

    /// What the user can set so sound works, for the one log line written when sound stops. The
    /// same text serves `squatd replay --sound` and the service, so it names both places a PCM
    /// is chosen.
    var advice: String {
        let whereSet = "`--pcm`, or pcm in the configuration's [sound] table"
        let userService = "on a desktop, the service reaches PipeWire/PulseAudio as a user service (`systemctl --user enable --now squatd`)"
        switch self {
        case .unreadableSoundFile, .emptySoundFile, .soundFileTooLong:
            return "give a WAV, FLAC or Ogg/Vorbis file"
        case .unsupportedSampleFormat(let pcm):
            let plugged = pcm.hasPrefix("hw:") ? "\"plug\(pcm)\"" : "a \"plughw:N\" device"
            return "choose \(plugged) (\(whereSet)), which converts the format"
        case .device(_, _, let code, _) where code == EBUSY:
            return "another program holds the device: choose \"dmix\" (shared mixing; \(whereSet)); \(userService)"
        case .device:
            return "choose a PCM that exists here (\(whereSet): e.g. \"plughw:1\" or \"dmix\"; `aplay -L` lists them); \(userService)"
        }
    }
}
