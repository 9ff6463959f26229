/// One counted squat.
///
/// A rep is reported when its ascent completes, so `detectedAt` is never before `end`;
/// `detectedAt - end` is the detector's latency for that rep.
public struct Rep: Sendable, Equatable {
    /// When the descent began, seconds (recording or sensor clock).
    public var start: Double
    /// When the bottom of the squat was reached, seconds.
    public var bottom: Double
    /// When the ascent completed, seconds: "the time the squat happened".
    public var end: Double
    /// Timestamp of the sample that made the detector count this rep, seconds.
    public var detectedAt: Double
    /// How deep the rep went, in the units of the detector's signal
    /// (see ``SquatDetector/Probe/signal``): degrees of tilt for placements that rotate,
    /// centimetres of estimated vertical travel for those that translate, m/s² for a wrist on a bar
    /// (see ``SquatSignal/Kind``).
    public var amplitude: Double

    public init(start: Double, bottom: Double, end: Double, detectedAt: Double, amplitude: Double) {
        self.start = start
        self.bottom = bottom
        self.end = end
        self.detectedAt = detectedAt
        self.amplitude = amplitude
    }

    /// Seconds from the start of the descent to the end of the ascent.
    public var duration: Double { end - start }
}
