/// Band-limited random motion: a sum of sinusoids with random frequencies in a band and
/// random phases, fixed at creation.
///
///     n(t) = Σₖ a·sin(2π fₖ t + φₖ),  a = rms·√(2/K)
///
/// so that the root-mean-square of n is `rms`. Used for postural sway, fidgeting and a
/// device turned in the hand: smooth (every derivative exists), so its acceleration is
/// (2π f)²-scaled and physically bounded, unlike white noise.
struct SmoothNoise: Sendable {
    private var parts: [(omega: Double, phase: Double)] = []
    private var amplitude = 0.0

    static let silent = SmoothNoise()

    private init() {}

    init(rms: Double, band: ClosedRange<Double>, components: Int = 4, random: inout SplitMix64) {
        amplitude = rms * (2 / Double(components)).squareRoot()
        parts = (0..<components).map { _ in
            (2 * .pi * random.uniform(band), random.uniform(0...(2 * .pi)))
        }
    }

    func value(at t: Double) -> Double {
        var sum = 0.0
        for p in parts { sum += sine(p.omega * t + p.phase) }
        return amplitude * sum
    }
}
