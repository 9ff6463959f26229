import Foundation
import Logging

/// A fixed set of player threads, each of which opens the PCM for one sound, plays it and closes it.
///
/// Threads: `maximumPlayers` Foundation threads started at `init`, never Swift's cooperative pool,
/// so at most that many PCMs are ever open. `play` only takes a lock, hands the sound to a player
/// and wakes it: the caller never waits for ALSA.
///
/// When every player is busy the newest sound still plays: the player that was given a sound
/// longest ago is cut (`snd_pcm_drop`, close) and reopens for the new one. A cut takes effect
/// between two periods (≤ 10 ms) or, when the old sound is already draining, once the drain ends
/// (≤ one buffer, 40 ms). A sound still waiting for a cut player is replaced if yet another rep comes.
///
/// A PCM that cannot be open twice (`hw:N`, `plughw:N` on a card with one playback substream)
/// refuses a second player with EBUSY. When one of this pool's own players holds it, that is no
/// outage: the sound waits for the PCM and plays next, so the reps released together when a set
/// is confirmed still sound one after another, and no warning blames "another program".
final class PlayerPool: @unchecked Sendable {
    typealias Observer = @Sendable (PlaybackEvent) -> Void

    private struct Request {
        let playback: Int
        let clip: SoundClip
    }

    private struct Slot {
        /// The playback the player is on, if any.
        var current: Int?
        /// How long the current playback's sound is, seconds (0 when none).
        var currentDuration = 0.0
        /// The next sound for this player.
        var pending: Request?
        var cutRequested = false
        /// The last playback given to this player; the smallest marks the oldest.
        var lastAssigned = 0
    }

    private let pcm: String
    private let logger: Logger
    private let observer: Observer?

    /// Guards everything below. Condition `i` wakes player `i`; then one wakes players waiting
    /// for the PCM (``openPlayers`` fell to 0), the last one wakes `shutdown`.
    private let lock: PoolLock
    private let releasedCondition: Int
    private let shutdownCondition: Int
    /// Players that have the PCM open now, and how many times one closed it.
    private var openPlayers = 0
    private var releases = 0
    /// Held around each open and its count in ``openPlayers`` (never with ``lock`` waited on):
    /// a player refused with EBUSY then knows whether one of this pool holds the PCM. Without
    /// it, three players opening at once (the reps released when a set is confirmed) saw none
    /// counted yet while the first was still inside `snd_pcm_open`, and took the refusal for
    /// another program's.
    private let openingLock = NSLock()
    private var slots: [Slot]
    private var nextPlayback = 1
    private var outage: SoundOutage
    private var stopping = false
    /// Set when ``shutdown()`` stopped waiting for the players: nothing more starts.
    private var givenUp = false
    private var runningPlayers = 0

    init(pcm: String, maximumPlayers: Int, firstRetryDelay: Duration, logger: Logger, observer: Observer?) {
        precondition(maximumPlayers > 0, "the pool needs at least one player")
        self.pcm = pcm
        self.logger = logger
        self.observer = observer
        self.slots = Array(repeating: Slot(), count: maximumPlayers)
        self.outage = SoundOutage(firstRetryDelay: firstRetryDelay)
        self.runningPlayers = maximumPlayers
        self.lock = PoolLock(conditionCount: maximumPlayers + 2)
        self.releasedCondition = maximumPlayers
        self.shutdownCondition = maximumPlayers + 1
        for index in 0..<maximumPlayers {
            Thread { [self] in
                Self.nameCurrentThread("squatd-sound-\(index)")
                runPlayer(index)
            }.start()
        }
    }

    /// Names the calling thread as `top -H` and `ps -L` show it, by writing `/proc/thread-self/comm`
    /// (proc(5); at most 15 bytes). Foundation's `Thread.name` does not reliably reach the kernel on
    /// Linux, and Swift does not see glibc's `pthread_setname_np`; without a name the thread would
    /// carry its creator's.
    private static func nameCurrentThread(_ name: String) {
        let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = name.withCString { write(descriptor, $0, strlen($0)) }
    }

    /// Hands `clip` to a player and returns at once. Does nothing after `shutdown`.
    func play(_ clip: SoundClip) {
        let now = ContinuousClock.now
        // The number is taken first so `requested` is reported before the player can report anything.
        let numbered: Int? = lock.withLock {
            guard !stopping else { return nil }
            defer { nextPlayback += 1 }
            return nextPlayback
        }
        guard let playback = numbered else { return }
        report(playback, .requested, at: now)

        lock.lock()
        let attempt = !stopping && outage.claimAttempt(at: now)
        var superseded: Int?
        if attempt {
            let index = slots.indices.first { slots[$0].current == nil && slots[$0].pending == nil }
                ?? slots.indices.min { slots[$0].lastAssigned < slots[$1].lastAssigned }!
            superseded = slots[index].pending?.playback
            slots[index].cutRequested = slots[index].current != nil
            slots[index].pending = Request(playback: playback, clip: clip)
            slots[index].lastAssigned = playback
            lock.signal(index)
        }
        lock.unlock()
        if !attempt { report(playback, .skipped) }
        if let superseded { report(superseded, .superseded) }
    }

    /// Extra time ``shutdown()`` gives the sounds still to play, beyond their length, for
    /// opening the PCM, ALSA's buffer and the drain, seconds.
    static let drainAllowance = 1.0

    /// Stops taking sounds, lets the players play what they were given, and returns once all
    /// player threads have ended, or once the sounds still to play would have been played one
    /// after another, plus ``drainAllowance``: a sound device that stopped taking data (a stalled
    /// PCM, a pipe nobody reads) must not hold up the daemon's exit until the service manager
    /// kills it. At that point the sounds not started are dropped (reported
    /// ``PlaybackEvent/Kind/dropped``) and players still stuck in ALSA are left to end with the
    /// process.
    func shutdown() {
        lock.lock()
        guard !stopping else {
            lock.unlock()
            return
        }
        stopping = true
        for index in slots.indices { lock.signal(index) }
        let stillToPlay = slots.reduce(0) { total, slot in
            total + slot.currentDuration + (slot.pending.map { Self.duration(of: $0.clip) } ?? 0)
        }
        let deadline = Self.monotonicTime(secondsFromNow: stillToPlay + Self.drainAllowance)
        var inTime = true
        while runningPlayers > 0 && inTime { inTime = lock.wait(shutdownCondition, until: deadline) }
        let stuck = runningPlayers
        var dropped: [Int] = []
        if stuck > 0 {
            givenUp = true
            for index in slots.indices {
                if let pending = slots[index].pending { dropped.append(pending.playback) }
                slots[index].pending = nil
            }
            // Players waiting for the PCM that a stuck player holds give up their sound too.
            lock.broadcast(releasedCondition)
        }
        lock.unlock()
        for playback in dropped { report(playback, .dropped) }
        if stuck > 0 {
            logger.warning("the sound device did not finish playing in time; stopping without waiting for it",
                           metadata: ["pcm": "\(pcm)", "players": "\(stuck)"])
        }
    }

    private static func duration(of clip: SoundClip) -> Double {
        Double(clip.frameCount) / Double(clip.frameRate)
    }

    private static func monotonicTime(secondsFromNow seconds: Double) -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let whole = Int(seconds)
        var deadline = timespec(tv_sec: now.tv_sec + whole, tv_nsec: now.tv_nsec + Int((seconds - Double(whole)) * 1e9))
        if deadline.tv_nsec >= 1_000_000_000 {
            deadline.tv_sec += 1
            deadline.tv_nsec -= 1_000_000_000
        }
        return deadline
    }

    // MARK: - Player threads

    private func runPlayer(_ index: Int) {
        var conversion: (source: SoundClip, converted: SoundClip)?
        while true {
            lock.lock()
            while slots[index].pending == nil && !stopping { lock.wait(index) }
            guard let request = slots[index].pending else {
                runningPlayers -= 1
                lock.signal(shutdownCondition)
                lock.unlock()
                return
            }
            slots[index].pending = nil
            slots[index].current = request.playback
            slots[index].currentDuration = Self.duration(of: request.clip)
            slots[index].cutRequested = false
            lock.unlock()

            let (outcome, opened) = play(request, player: index, conversion: &conversion)
            lock.withLock {
                slots[index].current = nil
                slots[index].currentDuration = 0
                // The PCM was closed when `play` returned (its only reference was there).
                if opened {
                    openPlayers -= 1
                    releases += 1
                    if openPlayers == 0 { lock.broadcast(releasedCondition) }
                }
            }
            report(request.playback, outcome)
        }
    }

    /// Plays one sound on the calling player thread; returns how it ended, the PCM closed, and
    /// whether it had been opened (counted in ``openPlayers``).
    private func play(
        _ request: Request, player index: Int, conversion: inout (source: SoundClip, converted: SoundClip)?
    ) -> (PlaybackEvent.Kind, opened: Bool) {
        switch openPCM(for: request, player: index) {
        case nil:
            return (lock.withLock { givenUp } ? .dropped : .cut, false)
        case .failure(let error)?:
            noteFailure(error)
            return (.openFailed(error), false)
        case .success(let device)?:
            noteSuccess()
            report(request.playback, .opened)
            return (playOut(request, on: device, player: index, conversion: &conversion), true)
        }
    }

    /// Opens the PCM for `request`, counted in ``openPlayers``. When it is busy because another
    /// player of this pool holds it (or held it when this one tried), waits for that player to
    /// close it and tries again; nil when this player was cut meanwhile, or ``shutdown()`` gave
    /// up waiting (the player holding the PCM is stuck).
    private func openPCM(for request: Request, player index: Int) -> Result<AlsaPCM, SoundError>? {
        while true {
            openingLock.lock()
            let releasesBefore = lock.withLock { releases }
            let error: SoundError
            do {
                let device = try AlsaPCM(name: pcm, frameRate: request.clip.frameRate, channelCount: request.clip.channelCount)
                lock.withLock { openPlayers += 1 }
                openingLock.unlock()
                return .success(device)
            } catch let refusal {
                error = refusal
            }
            openingLock.unlock()
            guard case .device(_, _, EBUSY, _) = error else { return .failure(error) }
            lock.lock()
            defer { lock.unlock() }
            // Busy with no player of ours holding it, and none that closed it since we tried:
            // another program has it.
            guard openPlayers > 0 || releases != releasesBefore else { return .failure(error) }
            while openPlayers > 0 && !slots[index].cutRequested && !givenUp { lock.wait(releasedCondition) }
            if slots[index].cutRequested || givenUp { return nil }
        }
    }

    /// Writes `request`'s sound to the open `device` and drains it; returns how it ended.
    private func playOut(
        _ request: Request, on device: AlsaPCM, player index: Int, conversion: inout (source: SoundClip, converted: SoundClip)?
    ) -> PlaybackEvent.Kind {
        let clip = converted(request.clip, for: device, cache: &conversion)
        var written = 0
        do {
            while written < clip.frameCount {
                if isCutRequested(index) {
                    device.drop()
                    return .cut
                }
                // Fill the whole buffer first, then a period at a time so a cut is noticed quickly.
                let chunk = written == 0 ? device.bufferFrames : device.periodFrames
                let accepted = try device.write(clip, frames: written..<min(clip.frameCount, written + chunk))
                if written == 0 { report(request.playback, .firstFramesAccepted) }
                written += accepted
            }
            try device.drain()
            return .finished
        } catch {
            noteFailure(error)
            return .failed(error)
        }
    }

    /// The clip in the PCM's rate and channels. Converts only when the PCM could not take the clip's
    /// own (no `plug` in front of it), and keeps the last conversion so each player converts once.
    private func converted(
        _ clip: SoundClip, for device: AlsaPCM, cache: inout (source: SoundClip, converted: SoundClip)?
    ) -> SoundClip {
        if clip.frameRate == device.frameRate && clip.channelCount == device.channelCount { return clip }
        if let cache, cache.source == clip, cache.converted.frameRate == device.frameRate,
            cache.converted.channelCount == device.channelCount
        {
            return cache.converted
        }
        let result = ClipConverter.convert(clip, frameRate: device.frameRate, channelCount: device.channelCount)
        cache = (clip, result)
        return result
    }

    private func isCutRequested(_ index: Int) -> Bool {
        lock.withLock { slots[index].cutRequested }
    }

    // MARK: - Outages and reporting

    private func noteFailure(_ error: SoundError) {
        let soundStopped = lock.withLock { outage.recordFailure(at: .now) }
        guard soundStopped else { return }
        logger.warning(
            "No sound: \(error). Counting goes on and squatd tries the PCM again later. To get sound, \(error.advice).",
            metadata: ["pcm": "\(pcm)"]
        )
    }

    private func noteSuccess() {
        let soundResumed = lock.withLock { outage.recordSuccess() }
        if soundResumed {
            logger.notice("Sound is back.", metadata: ["pcm": "\(pcm)"])
        }
    }

    private func report(_ playback: Int, _ kind: PlaybackEvent.Kind, at time: ContinuousClock.Instant = .now) {
        observer?(PlaybackEvent(playback: playback, kind: kind, time: time))
    }
}
