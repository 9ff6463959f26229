import Glibc

/// Sleeps until each sample's moment comes, so a recording replays at the speed it was
/// recorded: sample time `t` is due `t - firstTime` seconds after the first sample was
/// handed over. Uses `CLOCK_MONOTONIC` with absolute deadlines (`clock_nanosleep` with
/// `TIMER_ABSTIME`), so neither wall-clock changes nor time spent processing accumulate drift;
/// a sample already late is not waited for.
struct RealTimePacer {
    private var origin: (sampleTime: Double, clock: timespec)?

    mutating func wait(until t: Double) {
        guard let origin else {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            self.origin = (t, now)
            return
        }
        // At most a year ahead: a time stamp absurdly far on (1e300 s) must not trap
        // converting to a timespec; a year of sleeping is as good as forever here.
        let offset = min(t - origin.sampleTime, 365 * 86400)
        guard offset > 0 else { return }
        let whole = offset.rounded(.down)
        var deadline = origin.clock
        deadline.tv_sec += Int(whole)
        deadline.tv_nsec += Int((offset - whole) * 1e9)
        if deadline.tv_nsec >= 1_000_000_000 {
            deadline.tv_sec += 1
            deadline.tv_nsec -= 1_000_000_000
        }
        // Interrupted by a signal: sleep again towards the same deadline.
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, nil) == EINTR {}
    }
}
