extension SoundClip {
    /// The rep sound used when none is configured: a 160 ms marimba-like note at A5 (880 Hz),
    /// 48 kHz stereo, peaking at -6 dBFS. A 4 ms raised-cosine attack and a fade to exactly zero
    /// at the end keep it free of clicks.
    public static let defaultRep: SoundClip = ToneSynthesizer(frameRate: 48_000, channelCount: 2).render(
        notes: [ToneSynthesizer.Note(frequency: 880, onset: 0, decay: 0.045)],
        duration: 0.160
    )

    /// The goal sound used when none is configured: a rising C6-E6-G6 chime (onsets 0, 110 and
    /// 220 ms; 700 ms in all), 48 kHz stereo, clearly unlike the single rep note.
    public static let defaultGoal: SoundClip = ToneSynthesizer(frameRate: 48_000, channelCount: 2).render(
        notes: [
            ToneSynthesizer.Note(frequency: 1046.50, onset: 0.000, decay: 0.10),
            ToneSynthesizer.Note(frequency: 1318.51, onset: 0.110, decay: 0.10),
            ToneSynthesizer.Note(frequency: 1567.98, onset: 0.220, decay: 0.16),
        ],
        duration: 0.700
    )
}
