extension RepSoundOutput {
    /// What to play, where, and how many sounds at once.
    public struct Configuration: Sendable {
        /// The ALSA PCM to play on: `"default"`, `"plughw:1"`, `"dmix"`, `"pulse"`, ...
        public var pcm: String
        /// Played for every rep. Decode a file with `SoundClip(contentsOfFile:)`.
        public var repSound: SoundClip
        /// Played instead of the rep sound for the rep that reaches `goal`.
        public var goalSound: SoundClip
        /// The target count; `nil` for none.
        public var goal: Int?
        /// The most PCMs open at once; more reps than this overlapping cut the oldest sound.
        public var maximumPlayers: Int
        /// How long sound stays off after the PCM fails before it is tried again; each failed try
        /// doubles it, up to a minute.
        public var firstRetryDelay: Duration
        /// Told each step of each playback (see `PlaybackEvent`), on the caller's thread for
        /// `requested`, `skipped` and `superseded`, on a player thread otherwise. It must return
        /// quickly: a player waits for it.
        public var observer: (@Sendable (PlaybackEvent) -> Void)?

        public init(
            pcm: String = "default",
            repSound: SoundClip = .defaultRep,
            goalSound: SoundClip = .defaultGoal,
            goal: Int? = nil,
            maximumPlayers: Int = 4,
            firstRetryDelay: Duration = .seconds(1),
            observer: (@Sendable (PlaybackEvent) -> Void)? = nil
        ) {
            self.pcm = pcm
            self.repSound = repSound
            self.goalSound = goalSound
            self.goal = goal
            self.maximumPlayers = maximumPlayers
            self.firstRetryDelay = firstRetryDelay
            self.observer = observer
        }
    }
}
