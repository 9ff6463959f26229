/// `[sound]`: where and what to play.
public struct SoundSettings: Sendable, Equatable {
    /// `pcm`: the ALSA PCM to play on (`"default"`, `"plughw:1"`, `"pulse"`).
    public var pcm: String = "default"
    /// `rep_sound`: absolute path of a sound file played for every rep; nil for the built-in click.
    public var repSound: String?
    /// `goal_sound`: absolute path of a sound file played for the rep that reaches the daily
    /// goal; nil for the built-in chime.
    public var goalSound: String?
    /// `max_players`: sounds that may play at once (1…16); a faster rep cuts the oldest sound.
    public var maximumPlayers: Int = 4
    /// `enabled = false`: count silently.
    public var enabled: Bool = true

    public static let maximumPlayersRange = 1...16

    public init() {}
}
