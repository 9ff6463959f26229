import SquatCore
#if canImport(Glibc)
import Glibc
#endif

/// Gives each sample a reader delivers its time, and says where the stream has a gap: the one
/// rule for every reader.
///
/// Where sample times come from, and how they jump:
/// - IIO time stamps come from the clock in the device's `current_timestamp_clock`, `realtime`
///   unless someone changed it; evdev event times are `CLOCK_BOOTTIME`, or `CLOCK_REALTIME`
///   where `EVIOCSCLOCKID` fails. When NTP or a user steps the wall clock by Δ, the stamps on
///   it step by Δ.
/// - Readers that stamp samples themselves (polled reads; a buffer without a timestamp channel)
///   use ``now()``, which is never stepped.
/// - A real dropout (the device stalled, a USB hiccup, an I²C read that timed out, the kernel's
///   FIFO overrun while the reader was held up) makes the next sample late on every clock, and
///   a suspend on every clock but `CLOCK_MONOTONIC` (an IIO device set to `monotonic`; see
///   ``note(suspendedSoFar:)``). On a wall clock a dropout looks exactly like a step forward.
///
/// What is done with them:
/// - A sample more than ``longestInterval`` after the last begins a new stretch: a gap is
///   reported before it and time goes on from its own stamp. The time is kept because it may
///   be a real pause, and the detector needs its length: a pause of `Thresholds.setGap` or
///   more ends the set in progress, and with it the regularity check that a set's first reps
///   must pass before any counts. Taking a dropout of minutes as one period would let the
///   first squat-shaped movement after it count at once as the set's next rep. A step forward
///   of the wall clock, taken the same way, costs at most that set: its next reps are reported
///   when they are confirmed again, which happens at most once per step (steps are rare: the
///   first NTP sync of a board without a real-time clock, usually at boot).
/// - A shorter interval is left as it is, however many periods it spans: the detector restarts
///   its filters after ``longestInterval`` itself and bridges samples lost within it
///   (`SquatDetector.maxSampleGap`). Reported as gaps, lost samples would abandon the rep in
///   progress each time: replayed with every interval over 5 periods made a gap (the buffer
///   reader's rule before), 122 of 160 simulated sets at 10–50 Hz with 10 % of samples lost
///   were miscounted instead of 35, and 61 of 128 at 10–1000 Hz with 1 % lost instead of 4.
/// - A sample stamped more than ``smallestStep`` before the last means the clock was stepped
///   back (no dropout does that): a gap is reported, and the stream carries on one period after
///   its last sample, offset by the step from then on. Kept, time would go backwards; clamped
///   to the last time, every sample of the next Δ seconds would repeat it, and the detector,
///   which drops a sample that does not move time forward, would count nothing for Δ. A smaller
///   step back (jitter in the times given to a batch of scans) is clamped.
struct SampleTimeline {
    /// Seconds the clock must go back to count as stepped rather than jittered: more than the
    /// spread of the times given to a batch of scans read together at 10 Hz. A smaller step
    /// (NTP steps offsets over 128 ms) is clamped: the detector then drops the samples of at
    /// most half a second, which costs no rep.
    static let smallestStep = 0.5
    /// Seconds after the last sample beyond which the next begins a new stretch: the longest
    /// interval the detector takes as continuous.
    static let longestInterval = SquatDetector.maxSampleGap

    /// Seconds on `CLOCK_BOOTTIME`, the clock for samples a reader stamps itself: unlike
    /// `CLOCK_REALTIME` it is never stepped, and unlike `CLOCK_MONOTONIC` it goes on while the
    /// system is suspended, so that a suspend shows as the gap it is. (`current_timestamp_clock`
    /// governs only the kernel's own time stamps.)
    static func now() -> Double { Sysfs.now(CLOCK_BOOTTIME) }

    /// Seconds the system has spent suspended since it booted: `CLOCK_BOOTTIME` runs on through
    /// a suspend, `CLOCK_MONOTONIC` stops.
    static func suspendedSoFar() -> Double { Sysfs.now(CLOCK_BOOTTIME) - Sysfs.now(CLOCK_MONOTONIC) }

    private var last = -Double.infinity
    private var offset = 0.0
    /// ``suspendedSoFar()`` when last noted, and whether the system slept since.
    private var suspended = Double.nan
    private var slept = false

    /// Notes how long the system has been suspended so far (``suspendedSoFar()``), once per
    /// read: a suspend longer than ``longestInterval`` since the last read is a gap before the
    /// next sample whatever its stamp says. An IIO device whose `current_timestamp_clock` is
    /// `monotonic` stamps the first scan after a resume a moment after the last one before it,
    /// and the set in progress would go on across the night.
    mutating func note(suspendedSoFar seconds: Double) {
        if seconds - suspended > Self.longestInterval { slept = true }
        suspended = seconds
    }

    /// The time to give a sample stamped `t`, seconds, and whether a gap comes just before it
    /// (report it first). `period`: the sample period, seconds, 0 if unknown.
    mutating func place(_ t: Double, period: Double) -> (t: Double, afterGap: Bool) {
        var placed = t + offset
        var gap = slept && last.isFinite
        slept = false
        if placed < last - Self.smallestStep {
            let resumed = last + max(period, 1e-3)
            offset += resumed - placed
            placed = resumed
            gap = true
        } else if placed > last + Self.longestInterval {
            gap = last.isFinite
        }
        placed = max(placed, last)
        last = placed
        return (placed, gap)
    }
}
