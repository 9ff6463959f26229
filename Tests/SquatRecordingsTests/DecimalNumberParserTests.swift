import Glibc
import Testing
@testable import SquatRecordings

/// `strtod`'s answer for `text`, or nil when it does not take the whole text.
private func strtodValue(_ text: String) -> Double? {
    text.withCString { start in
        var end: UnsafeMutablePointer<CChar>?
        let value = strtod(start, &end)
        return end == UnsafeMutablePointer(mutating: start) + strlen(start) ? value : nil
    }
}

private func parse(_ text: String, decimalComma: Bool = false) -> DecimalNumberParser.Outcome {
    var bytes = Array(text.utf8)
    return bytes.withUnsafeMutableBufferPointer { DecimalNumberParser().parse(UnsafeBufferPointer($0), allowsDecimalComma: decimalComma) }
}

private func bits(_ outcome: DecimalNumberParser.Outcome) -> UInt64? {
    if case .number(let value) = outcome { return value.bitPattern }
    return nil
}

/// The parser's fast path (integer digits scaled by one exact power of ten) must give exactly
/// the double `strtod` gives, bit for bit, for every number it takes.
@Test func decimalNumbersMatchStrtodBitForBit() {
    var generator = SystemRandomNumberGenerator()
    var texts = ["0", "-0", "-0.0", "+1", "1.", ".5", "-.5", "0.000000", "12.345678", "-8.40235", "9007199254740993",
                 "9007199254740992.5", "1e22", "1e23", "1.5e-22", "123456789012345678", "0.1", "0.30000000000000004",
                 "4.9406564584124654e-324", "1.7976931348623157e308", "1E+05", "2e-3", "000000123.4500000"]
    for _ in 0..<20_000 {
        let digits = Int.random(in: 1...19, using: &generator)
        var text = Bool.random(using: &generator) ? "-" : ""
        let point = Int.random(in: 0...digits, using: &generator)
        for k in 0..<digits {
            if k == point && k > 0 { text += "." }
            text += String(Int.random(in: 0...9, using: &generator))
        }
        if Int.random(in: 0..<4, using: &generator) == 0 { text += "e\(Int.random(in: -30...30, using: &generator))" }
        texts.append(text)
    }
    for text in texts {
        #expect(bits(parse(text)) == strtodValue(text)?.bitPattern, "\(text)")
    }
}

@Test func decimalCommaOnlyWhenAllowed() {
    #expect(bits(parse("1,25", decimalComma: true)) == 1.25.bitPattern)
    #expect(bits(parse("1,25")) == nil)
}

@Test func nonNumbersAreStillRejected() {
    for text in ["", "-", ".", "e5", "1e", "1e+", "1.2.3", "0x10", "1 2", "12a", "--1", "1e99999"] {
        #expect(bits(parse(text)) == nil, "\(text)")
    }
    if case .nonFinite = parse("1e999") {} else { Issue.record("1e999 should be non-finite") }
    if case .nonFinite = parse("-inf") {} else { Issue.record("-inf should be non-finite") }
    #expect(bits(parse(String(repeating: "0", count: 70) + "1")) == nil)
}
