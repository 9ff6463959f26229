import Glibc

/// Parses a decimal number straight from bytes of a line, without allocating: the field is
/// checked for number characters, copied NUL-terminated into a reused scratch buffer and
/// handed to `strtod` (correctly rounded, C locale).
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
