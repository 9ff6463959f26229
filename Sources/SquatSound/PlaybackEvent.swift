/// One step in the life of a playback, reported to `RepSoundOutput.Configuration.observer`.
///
/// Every playback reports `requested` first and ends with exactly one of `skipped`, `superseded`,
/// `dropped`, `openFailed`, `finished`, `cut` or `failed`. A PCM is open between `opened` and the
/// `finished`, `cut` or `failed` that follows, so counting those gives the number of players
/// open at once.
public struct PlaybackEvent: Sendable {
    public enum Kind: Sendable, Equatable {
        /// A rep handed its sound to the pool. Reported on the caller's thread, inside `repCounted`.
        case requested
        /// Sound is off (the PCM failed recently and the retry time has not come): nothing opened.
        case skipped
        /// A newer rep took this playback's player before it started (all players were busy).
        case superseded
        /// The output was shut down and gave up waiting for a stuck sound device before this
        /// playback started (it was waiting for a player, or for the PCM); nothing was opened for it.
        case dropped
        /// Opening or configuring the PCM failed; nothing is open.
        case openFailed(SoundError)
        /// The PCM is open and configured. Reported on the player's thread, as are all that follow.
        case opened
        /// The first `snd_pcm_writei` returned: ALSA has accepted the first frames.
        case firstFramesAccepted
        /// All frames were written and drained; the PCM is closed.
        case finished
        /// Stopped early because a newer rep needed the player; the PCM is closed.
        case cut
        /// ALSA failed during playback and could not recover; the PCM is closed.
        case failed(SoundError)
    }

    /// The playback's number, 1 for the first sound handed to the pool, counting up.
    public let playback: Int
    public let kind: Kind
    /// When it happened.
    public let time: ContinuousClock.Instant
}
