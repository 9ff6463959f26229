/// Maps data values (seconds, m/s², signal units) to pixels, and picks round tick values.
struct LinearScale {
    var domain: ClosedRange<Double>
    var range: ClosedRange<Double>
    /// True when larger values go to smaller pixels (the y axis).
    var flipped = false

    func callAsFunction(_ v: Double) -> Double {
        let span = domain.upperBound - domain.lowerBound
        let f = span > 0 ? (v - domain.lowerBound) / span : 0.5
        return flipped ? range.upperBound - f * (range.upperBound - range.lowerBound)
                       : range.lowerBound + f * (range.upperBound - range.lowerBound)
    }

    /// `v` in pixels, held to the range: a rep or its count that reaches outside the picture
    /// (a window of a recording cuts through it) is drawn to the edge.
    func clamped(_ v: Double) -> Double {
        min(max(callAsFunction(v), range.lowerBound), range.upperBound)
    }

    /// Ticks at 1, 2 or 5 × 10ᵏ, about `count` of them, inside the domain.
    func ticks(count: Int) -> [Double] {
        let step = Self.niceStep(span: domain.upperBound - domain.lowerBound, count: count)
        var v = (domain.lowerBound / step).rounded(.up) * step
        var out: [Double] = []
        // Bounded: a step below the ulp of `v` (a domain far from zero and narrow) would never advance.
        while v <= domain.upperBound + step * 1e-9 && out.count <= 3 * count {
            out.append(abs(v) < step * 1e-9 ? 0 : v)
            let next = v + step
            guard next > v else { break }
            v = next
        }
        return out
    }

    /// The 1-2-5 step giving about `count` intervals over `span`.
    static func niceStep(span: Double, count: Int) -> Double {
        guard span > 0, span.isFinite, count > 0 else { return 1 }
        let raw = span / Double(count)
        var magnitude = 1.0
        while magnitude * 10 <= raw { magnitude *= 10 }
        while magnitude > raw { magnitude /= 10 }
        let f = raw / magnitude
        return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * magnitude
    }

    /// `domain` widened by `margin` of its span on both ends and to round tick values.
    static func padded(_ low: Double, _ high: Double, margin: Double = 0.05) -> ClosedRange<Double> {
        var lo = low, hi = high
        if !(hi > lo) { lo -= 1; hi += 1 }
        let pad = (hi - lo) * margin
        let step = niceStep(span: hi - lo + 2 * pad, count: 5)
        return ((lo - pad) / step).rounded(.down) * step...((hi + pad) / step).rounded(.up) * step
    }
}
