import Foundation
import Logging

/// Plays a sound for every counted rep, and the goal sound once when the count reaches the goal.
///
/// Made once at start-up (sounds already decoded), called from the counting path, shut down at
/// exit. `repCounted` never blocks on ALSA and never fails: with no sound device, counting goes on,
/// one log line says why there is no sound and what to set, and the PCM is tried again later
/// (after 1 s by default, doubling up to a minute).
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

    /// Plays what was handed over, closes every PCM and ends the player threads. Blocks for at most
    /// the longest sound still playing (from async code, call it where blocking a thread is fine,
    /// such as a service's shutdown). Reps counted afterwards are silent. Calling it again does
    /// nothing; `deinit` calls it.
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
