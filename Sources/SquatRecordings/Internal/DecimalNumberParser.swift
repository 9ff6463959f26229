import Glibc

/// Parses a decimal number straight from bytes of a line, without allocating.
///
/// Numbers as recordings write them (`-8.40235`, `12.345678`: at most 15 significant digits,
/// a small exponent) take a fast path: the digits are read into an integer and scaled by one
/// exact power of ten, a single IEEE multiplication or division, so the result is the correctly
/// rounded double, the same bits `strtod` gives (Clinger's fast path). Anything else is checked
/// for number characters, copied NUL-terminated into a reused scratch buffer and handed to
/// `strtod` (correctly rounded, C locale). The fast path is about ten times cheaper than
/// `strtod`, which was half of `squatd replay`'s time.
///
/// Only plain decimal notation is a number (`-8.40235`, `.5`, `1e-3`, and `1,5` when decimal
/// commas are allowed); `strtod`'s extras (hex floats, `nan`, `inf`, leading junk) are not.
final class DecimalNumberParser {
    enum Outcome {
        case number(Double)
        /// Not a decimal number (includes an empty field).
        case nonNumeric
        /// `nan`/`inf`/`infinity` (any case, optional sign), or a number beyond a double's range.
        case nonFinite
    }

    private static let capacity = 64
    private let scratch = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)

    deinit { scratch.deallocate() }

    func parse(_ bytes: UnsafeBufferPointer<UInt8>, allowsDecimalComma: Bool) -> Outcome {
        if let (value, end) = fastPrefix(of: bytes, from: 0, allowsDecimalComma: allowsDecimalComma), end == bytes.count {
            return .number(value)
        }
        let count = bytes.count
        var digits = 0
        var plain = count < Self.capacity
        if plain {
            for k in 0..<count {
                var byte = bytes[k]
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
                case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): break
                case UInt8(ascii: ",") where allowsDecimalComma: byte = UInt8(ascii: ".")
                default: plain = false
                }
                if !plain { break }
                scratch[k] = CChar(bitPattern: byte)
            }
        }
        if plain && digits > 0 {
            scratch[count] = 0
            var parsedEnd: UnsafeMutablePointer<CChar>?
            let value = strtod(scratch, &parsedEnd)
            if parsedEnd == scratch + count {
                return value.isFinite ? .number(value) : .nonFinite
            }
        }
        return Self.spellsNonFinite(bytes) ? .nonFinite : .nonNumeric
    }

    /// Powers of ten a double holds exactly: 10^0 … 10^22. An instance constant rather than a
    /// static one, so the hot path does not pass through a lazy-initialisation check.
    private let exactPowersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { power, _ in power * 10 }
    }

    /// The number at the start of `line[from...]`, read as `[+-]digits[.digits][(e|E)[+-]digits]`
    /// as far as that goes, and the index just past it, when it has at most 19 digits, its
    /// significand is at most 2^53 and its decimal exponent within ±22: then integer × or ÷ 10^k,
    /// both exact, is correctly rounded by the one operation. Nil for anything else, which
    /// ``parse(_:allowsDecimalComma:)`` leaves to `strtod` and its checks.
    ///
    /// Reading a prefix lets a caller parse a CSV field and find its end in one pass: if the
    /// byte at the returned index is the delimiter (or the line ends there), the field was
    /// exactly this number.
    @inline(__always)
    func fastPrefix(of line: UnsafeBufferPointer<UInt8>, from: Int, allowsDecimalComma: Bool) -> (value: Double, end: Int)? {
        let count = line.count
        var i = from
        var negative = false
        if i < count && (line[i] == UInt8(ascii: "-") || line[i] == UInt8(ascii: "+")) {
            negative = line[i] == UInt8(ascii: "-")
            i &+= 1
        }
        var significand: UInt64 = 0
        let integerStart = i
        while i < count, case let digit = line[i] &- UInt8(ascii: "0"), digit < 10 {
            significand = significand &* 10 &+ UInt64(digit)
            i &+= 1
        }
        var digits = i &- integerStart
        var fractionDigits = 0
        if i < count && (line[i] == UInt8(ascii: ".") || (allowsDecimalComma && line[i] == UInt8(ascii: ","))) {
            i &+= 1
            let fractionStart = i
            while i < count, case let digit = line[i] &- UInt8(ascii: "0"), digit < 10 {
                significand = significand &* 10 &+ UInt64(digit)
                i &+= 1
            }
            fractionDigits = i &- fractionStart
            digits &+= fractionDigits
        }
        // At least one digit ("." and "-" are not numbers); at most 19, which cannot overflow.
        guard digits > 0 && digits <= 19 else { return nil }
        var exponent = 0
        if i < count && line[i] | 0x20 == UInt8(ascii: "e") {
            i &+= 1
            var exponentNegative = false
            if i < count && (line[i] == UInt8(ascii: "-") || line[i] == UInt8(ascii: "+")) {
                exponentNegative = line[i] == UInt8(ascii: "-")
                i &+= 1
            }
            let exponentStart = i
            while i < count && i &- exponentStart < 4, case let digit = line[i] &- UInt8(ascii: "0"), digit < 10 {
                exponent = exponent &* 10 &+ Int(digit)
                i &+= 1
            }
            guard i > exponentStart else { return nil }
            if exponentNegative { exponent = -exponent }
        }
        exponent &-= fractionDigits
        // Fields of 64 bytes or more are not numbers (see parse).
        guard significand <= 1 << 53 && exponent >= -22 && exponent <= 22 && i &- from < Self.capacity else { return nil }
        let magnitude = exponent < 0 ? Double(significand) / exactPowersOfTen[-exponent]
                                     : Double(significand) * exactPowersOfTen[exponent]
        return (negative ? -magnitude : magnitude, i)
    }

    /// `nan`, `inf`, `infinity`, with an optional sign, in any ASCII case.
    private static func spellsNonFinite(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var from = 0
        if from < bytes.count && (bytes[from] == UInt8(ascii: "+") || bytes[from] == UInt8(ascii: "-")) { from += 1 }
        guard bytes.count - from <= 8 else { return false }
        var word: [UInt8] = []
        for b in bytes[from...] { word.append(b | 0x20) } // ASCII lower case
        return word == Array("nan".utf8) || word == Array("inf".utf8) || word == Array("infinity".utf8)
    }
}
