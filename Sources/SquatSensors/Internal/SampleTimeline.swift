/// Keeps a reader's sample times increasing when the clock they come from is stepped back.
///
/// IIO time stamps come from the clock in the device's `current_timestamp_clock`, which is
/// `realtime` unless someone changed it, and evdev's are `CLOCK_REALTIME` where `EVIOCSCLOCKID`
/// fails: when NTP or a user steps the wall clock back by Δ, the stamps go back by Δ. Clamped to
/// the last time, every sample of the next Δ seconds would repeat it, and the detector drops a
/// sample that does not move time forward: counting would stop for Δ. A step back is instead
/// taken as a gap in the stream (what happened in between is unknown) and the timeline carries
/// on one period after its last sample, offset by the step from then on; a small jitter
/// backwards (times spread over a batch of scans) is still clamped.
struct SampleTimeline {
    /// Seconds the clock must go back to count as stepped rather than jittered: more than the
    /// spread of the times given to a batch of scans read together at 10 Hz. A smaller step
    /// (NTP steps offsets over 128 ms) is clamped: the detector then drops the samples of at
    /// most half a second, which costs no rep.
    static let smallestStep = 0.5

    private var last = -Double.infinity
    private var offset = 0.0

    /// The time to give a sample stamped `t`, and whether the clock was stepped back just before
    /// it (report a gap first). `period`: the sample period, seconds, 0 if unknown.
    mutating func place(_ t: Double, period: Double) -> (t: Double, steppedBack: Bool) {
        var placed = t + offset
        var stepped = false
        if placed < last - Self.smallestStep {
            let resumed = last + max(period, 1e-3)
            offset += resumed - placed
            placed = resumed
            stepped = true
        }
        placed = max(placed, last)
        last = placed
        return (placed, stepped)
    }

    /// The last time given, or -∞.
    var lastTime: Double { last }
}
