/// How one IIO channel is stored in a buffered scan, parsed from `scan_elements/*_type`.
///
/// The kernel writes `[bl]e:[su]BITS/STORAGE>>SHIFT`, or `[bl]e:[su]BITS/STORAGEXREPEAT>>SHIFT`
/// for repeated elements (`le:s12/16>>4`: little-endian, signed, 12 significant bits in a
/// 16-bit word, shifted left by 4). Parsing is pure so that it can be tested without a kernel.
struct IIOScanType: Sendable, Equatable, CustomStringConvertible {
    enum Endianness: Sendable, Equatable { case little, big }

    var endianness: Endianness
    var isSigned: Bool
    /// Significant bits of the value.
    var bits: Int
    /// Bits of storage of one element (8, 16, 32 or 64).
    var storageBits: Int
    /// Number of elements (1 unless the `X` form is used).
    var repeatCount: Int
    /// Right shift applied to the stored word before masking.
    var shift: Int

    init(endianness: Endianness, isSigned: Bool, bits: Int, storageBits: Int, repeatCount: Int = 1, shift: Int) {
        self.endianness = endianness
        self.isSigned = isSigned
        self.bits = bits
        self.storageBits = storageBits
        self.repeatCount = repeatCount
        self.shift = shift
    }

    /// Parses the text of a `*_type` attribute (trailing whitespace allowed).
    init(parsing text: String) throws(SensorError) {
        let bytes = Array(text.utf8.prefix { $0 != 0x0A && $0 != 0x20 && $0 != 0x09 && $0 != 0x0D })
        var i = 0
        func fail() -> SensorError { .invalidScanType(text: text) }
        func expect(_ c: UInt8) throws(SensorError) {
            guard i < bytes.count, bytes[i] == c else { throw fail() }
            i += 1
        }
        func number() throws(SensorError) -> Int {
            var value = 0, digits = 0
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39, digits < 4 {
                value = value * 10 + Int(bytes[i] - 0x30)
                i += 1; digits += 1
            }
            guard digits > 0 else { throw fail() }
            return value
        }
        guard bytes.count >= 2 else { throw fail() }
        switch bytes[0] {
        case UInt8(ascii: "l"): endianness = .little
        case UInt8(ascii: "b"): endianness = .big
        default: throw fail()
        }
        i = 1
        try expect(UInt8(ascii: "e"))
        try expect(UInt8(ascii: ":"))
        guard i < bytes.count else { throw fail() }
        switch bytes[i] {
        case UInt8(ascii: "s"): isSigned = true
        case UInt8(ascii: "u"): isSigned = false
        default: throw fail()
        }
        i += 1
        bits = try number()
        try expect(UInt8(ascii: "/"))
        storageBits = try number()
        if i < bytes.count, bytes[i] == UInt8(ascii: "X") {
            i += 1
            repeatCount = try number()
        } else {
            repeatCount = 1
        }
        try expect(UInt8(ascii: ">"))
        try expect(UInt8(ascii: ">"))
        shift = try number()
        guard i == bytes.count, [8, 16, 32, 64].contains(storageBits), bits >= 1,
              bits + shift <= storageBits, repeatCount >= 1
        else { throw fail() }
    }

    /// Bytes of storage of one element; channels are aligned to this in a scan.
    var storageBytes: Int { storageBits / 8 }

    /// Bytes the channel occupies in a scan.
    var totalBytes: Int { storageBytes * repeatCount }

    var description: String {
        "\(endianness == .little ? "le" : "be"):\(isSigned ? "s" : "u")\(bits)/\(storageBits)"
            + (repeatCount > 1 ? "X\(repeatCount)" : "") + ">>\(shift)"
    }

    /// Decodes the first element stored at `offset` in `scan`: endianness, shift, mask and
    /// sign extension. Allocation-free.
    func decode(_ scan: UnsafeRawBufferPointer, at offset: Int) -> Int64 {
        var word: UInt64 = 0
        let n = storageBytes
        if endianness == .little {
            var k = n - 1
            while k >= 0 { word = (word << 8) | UInt64(scan[offset + k]); k -= 1 }
        } else {
            for k in 0..<n { word = (word << 8) | UInt64(scan[offset + k]) }
        }
        word >>= UInt64(shift)
        if bits < 64 {
            word &= (UInt64(1) << UInt64(bits)) - 1
            if isSigned, word & (UInt64(1) << UInt64(bits - 1)) != 0 {
                word |= ~((UInt64(1) << UInt64(bits)) - 1)
            }
        }
        return Int64(bitPattern: word)
    }
}
