/// Whether sound is on, and when a PCM that failed is tried again.
///
/// After a failure, sound is off until `retryAt`; each failed retry doubles the wait, up to
/// `longestRetryDelay`. Only the step from on to off asks for a log line, so a missing card is
/// reported once, not on every rep. Pure state: `PlayerPool` keeps it under its lock.
struct SoundOutage {
    /// The longest wait between two tries.
    static let longestRetryDelay: Duration = .seconds(60)

    /// The wait after the first failure.
    let firstRetryDelay: Duration
    /// When the next try may happen; `nil` while sound is on.
    private(set) var retryAt: ContinuousClock.Instant?
    private var retryDelay: Duration

    init(firstRetryDelay: Duration) {
        self.firstRetryDelay = firstRetryDelay
        self.retryDelay = firstRetryDelay
    }

    /// Whether a sound handed over at `now` may open the PCM. During an outage only the first sound
    /// after `retryAt` may, and it pushes `retryAt` on by the current delay so one try runs at a time.
    mutating func claimAttempt(at now: ContinuousClock.Instant) -> Bool {
        guard let retryAt else { return true }
        guard now >= retryAt else { return false }
        self.retryAt = now + retryDelay
        return true
    }

    /// Records a failed open or playback. Returns `true` when sound was on until now: the caller
    /// logs why sound stopped.
    mutating func recordFailure(at now: ContinuousClock.Instant) -> Bool {
        let wasOn = retryAt == nil
        retryDelay = wasOn ? firstRetryDelay : min(retryDelay * 2, Self.longestRetryDelay)
        retryAt = now + retryDelay
        return wasOn
    }

    /// Records a PCM opened and configured. Returns `true` when sound was off until now.
    mutating func recordSuccess() -> Bool {
        defer { retryAt = nil; retryDelay = firstRetryDelay }
        return retryAt != nil
    }
}
