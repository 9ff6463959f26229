/// The simulator's only source of randomness: SplitMix64 (Steele, Lea & Flood, "Fast
/// splittable pseudorandom number generators", OOPSLA 2014), 64 bits of state.
///
/// Written out here rather than using the standard library's generators so that a seed gives
/// the same recording with every Swift version: the stream of `next()` and the uniform deviates
/// are fixed by this file alone. The normal deviates and the model's trigonometry go through
/// the C library's `log`, `cos`, `sin`, `exp` and `atan2`, which glibc, musl and Darwin round
/// differently in the last bit: on another C library a recording's last printed digit can
/// differ now and then (with every result made an ulp larger, 4 of 30 recordings changed one
/// digit of one sample).
struct SplitMix64: Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), 53 bits.
    mutating func uniform() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// Uniform in `range`.
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * uniform()
    }

    /// Standard normal deviate (Box–Muller, one of the pair).
    mutating func normal() -> Double {
        let u1 = 1 - uniform()   // (0, 1]
        let u2 = uniform()
        return (-2 * naturalLog(u1)).squareRoot() * cosine(2 * .pi * u2)
    }

    /// A multiplicative jitter: e^(σ·N(0,1)), median 1, never negative.
    mutating func logNormalFactor(_ sigma: Double) -> Double { exponential(sigma * normal()) }

    /// An independent generator for one part of the model, so that changing how many numbers
    /// one part draws does not shift every other part's stream.
    mutating func split() -> SplitMix64 { SplitMix64(seed: next()) }
}
