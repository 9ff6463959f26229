/// Appends numbers as ASCII into a caller-owned byte buffer, without Foundation and without
/// allocating: fixed decimals, rounded half away from zero.
enum ByteFormatting {
    /// Powers of ten up to 10^9, for scaling fixed decimals.
    static let powersOfTen: [Int64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000,
                                       10_000_000, 100_000_000, 1_000_000_000]

    /// Writes `value` with `decimals` digits after the point at `out[at...]` and returns the
    /// number of bytes written. `out` must have room for 48 bytes. `value` must be finite.
    /// Magnitudes too large for fixed point (≥ 9·10^15 after scaling) fall back to Swift's
    /// shortest round-trip form (e.g. `1e+20`), which the reader accepts too.
    static func appendFixed(_ value: Double, decimals: Int, to out: UnsafeMutableRawPointer, at: Int) -> Int {
        let power = powersOfTen[decimals]
        let scaled = (value * Double(power)).rounded(.toNearestOrAwayFromZero)
        guard abs(scaled) < 9e15 else {
            var n = 0
            for byte in value.description.utf8 { out.storeBytes(of: byte, toByteOffset: at + n, as: UInt8.self); n += 1 }
            return n
        }
        var magnitude = Int64(scaled)
        var n = 0
        if magnitude < 0 {
            out.storeBytes(of: UInt8(ascii: "-"), toByteOffset: at, as: UInt8.self)
            n = 1
            magnitude = -magnitude
        }
        let whole = magnitude / power
        var fraction = magnitude % power
        n += appendDigits(whole, minimumDigits: 1, to: out, at: at + n)
        if decimals > 0 {
            out.storeBytes(of: UInt8(ascii: "."), toByteOffset: at + n, as: UInt8.self)
            n += 1
            // Fraction digits, most significant first, zero-padded to `decimals`.
            var i = decimals
            while i > 0 {
                i -= 1
                out.storeBytes(of: UInt8(ascii: "0") &+ UInt8(fraction % 10), toByteOffset: at + n + i, as: UInt8.self)
                fraction /= 10
            }
            n += decimals
        }
        return n
    }

    /// Writes a non-negative integer in decimal; returns the number of bytes.
    static func appendDigits(_ value: Int64, minimumDigits: Int, to out: UnsafeMutableRawPointer, at: Int) -> Int {
        var count = 1
        var probe = value / 10
        while probe > 0 { count += 1; probe /= 10 }
        count = max(count, minimumDigits)
        var rest = value
        var i = count
        while i > 0 {
            i -= 1
            out.storeBytes(of: UInt8(ascii: "0") &+ UInt8(rest % 10), toByteOffset: at + i, as: UInt8.self)
            rest /= 10
        }
        return count
    }
}
