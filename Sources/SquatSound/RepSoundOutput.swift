import Foundation
import Logging

/// Plays a sound for every counted rep, and the goal sound once when the count reaches the goal.
///
/// Made once at start-up (sounds already decoded), called from the counting path, shut down at
/// exit. `repCounted` never blocks on ALSA and never fails: it takes a lock and wakes one player
/// thread (about 5 µs).
///
/// - Players: `maximumPlayers` threads of their own (never Swift's cooperative pool). Each sound
///   opens the PCM, plays with a 40 ms buffer that starts after one 10 ms period, drains and
///   closes, so sounds of fast reps overlap instead of cutting each other off.
/// - All players busy: the newest rep still sounds; the sound started longest ago is cut.
/// - Format: each sound is played at its own rate and channel count as S16_LE; ALSA converts
///   (`default`, `plughw:N`, sound servers). A PCM that cannot (`hw:N`, `dmix`) gets the sound
///   converted by squatd to the rate and channels it offers.
/// - No device, a busy one, or one gone mid-sound: counting goes on, one warning says why there is
///   no sound and what to set, and the PCM is tried again later (after `firstRetryDelay`, then
///   doubling up to a minute); a notice says when sound is back. Underruns and suspends are
///   recovered without a word.
///
/// ```swift
/// let sound = RepSoundOutput(configuration: .init(pcm: "plughw:1", goal: 20), logger: logger)
/// sound.repCounted(total: 1)
/// sound.shutdown()
/// ```
public final class RepSoundOutput: Sendable {
    private let pool: PlayerPool
    private let repSound: SoundClip
    private let goalSound: SoundClip
    private let goal: Int?
    private let goalState = GoalState()

    /// Starts the player threads. Opens no PCM until the first rep.
    public init(configuration: Configuration = Configuration(), logger: Logger) {
        self.repSound = configuration.repSound
        self.goalSound = configuration.goalSound
        self.goal = configuration.goal
        self.pool = PlayerPool(
            pcm: configuration.pcm,
            maximumPlayers: configuration.maximumPlayers,
            firstRetryDelay: configuration.firstRetryDelay,
            logger: logger,
            observer: configuration.observer
        )
    }

    /// Plays the sound for a rep just counted; returns at once.
    ///
    /// - Parameter total: the count including this rep. When it first reaches `goal`, the goal
    ///   sound plays instead of the rep sound (it opens with a note of its own, so the rep is still
    ///   heard). If `total` falls below the goal again (a new set), the goal sound plays again the
    ///   next time the goal is reached.
    public func repCounted(total: Int) {
        let reachesGoal = goal.map { goalState.update(total: total, goal: $0) } ?? false
        pool.play(reachesGoal ? goalSound : repSound)
    }

    /// Tells the output the count so far without playing anything: an output made after a
    /// restart or a reload would otherwise announce, with the next rep, a goal reached hours ago.
    public func resume(from total: Int) {
        if let goal { _ = goalState.update(total: total, goal: goal) }
    }

    /// Plays what was handed over, closes every PCM and ends the player threads. Blocks for at
    /// most as long as the sounds still to play take one after another, plus a second: on a sound
    /// device that stopped taking data it then drops the sounds not started and returns (from
    /// async code, call it where blocking a thread is fine, such as a service's shutdown). Reps
    /// counted afterwards are silent. Calling it again does nothing; `deinit` calls it.
    public func shutdown() {
        pool.shutdown()
    }

    deinit {
        pool.shutdown()
    }
}

/// Whether the goal sound is still due. Guarded by its own lock: `repCounted` may be called from
/// any thread.
private final class GoalState: @unchecked Sendable {
    private let lock = NSLock()
    private var played = false

    /// Returns `true` exactly once each time `total` reaches `goal`.
    func update(total: Int, goal: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard total >= goal else {
            played = false
            return false
        }
        defer { played = true }
        return !played
    }
}
