import Testing
@testable import SquatSensors

@Suite struct IIOScanTypeTests {
    @Test func parsesTheKernelForms() throws {
        #expect(try IIOScanType(parsing: "le:s16/16>>0\n")
            == IIOScanType(endianness: .little, isSigned: true, bits: 16, storageBits: 16, shift: 0))
        #expect(try IIOScanType(parsing: "le:s12/16>>4")
            == IIOScanType(endianness: .little, isSigned: true, bits: 12, storageBits: 16, shift: 4))
        #expect(try IIOScanType(parsing: "be:u24/32>>8")
            == IIOScanType(endianness: .big, isSigned: false, bits: 24, storageBits: 32, shift: 8))
        #expect(try IIOScanType(parsing: "le:s64/64>>0").storageBytes == 8)
        let repeated = try IIOScanType(parsing: "le:s16/16X3>>0")
        #expect(repeated.repeatCount == 3)
        #expect(repeated.totalBytes == 6)
        #expect(repeated.description == "le:s16/16X3>>0")
    }

    @Test(arguments: ["", "le", "xe:s16/16>>0", "le:q16/16>>0", "le:s16/16>0", "le:s16/12>>0",
                      "le:s12/16>>8", "le:s16/16>>0junk", "le:s/16>>0", "le:s16/16X0>>0"])
    func rejectsMalformedTypes(_ text: String) {
        #expect(throws: SensorError.invalidScanType(text: text)) { try IIOScanType(parsing: text) }
    }

    @Test func errorTextNamesTheFormat() {
        #expect(SensorError.invalidScanType(text: "le:q16/16>>0\n").description
            == "IIO scan type 'le:q16/16>>0' is not of the form [bl]e:[su]BITS/STORAGE>>SHIFT")
    }

    @Test func decodesSignExtensionShiftMaskAndEndianness() throws {
        func decode(_ type: String, _ bytes: [UInt8], at offset: Int = 0) throws -> Int64 {
            let t = try IIOScanType(parsing: type)
            return bytes.withUnsafeBytes { t.decode($0, at: offset) }
        }
        #expect(try decode("le:s16/16>>0", [0x18, 0xFC]) == -1000)
        #expect(try decode("le:u16/16>>0", [0x18, 0xFC]) == 0xFC18)
        #expect(try decode("be:s16/16>>0", [0xFC, 0x18]) == -1000)
        // -1000 in 12 bits shifted left by 4, low nibble garbage that the mask must drop.
        let word = UInt16(bitPattern: Int16(-1000 << 4)) | 0x000F
        #expect(try decode("le:s12/16>>4", [UInt8(word & 0xFF), UInt8(word >> 8)]) == -1000)
        #expect(try decode("be:s12/16>>4", [UInt8(word >> 8), UInt8(word & 0xFF)]) == -1000)
        // Garbage above the significant bits is masked away too.
        #expect(try decode("le:s12/16>>0", [0xFF, 0x07 | 0xF0]) == 2047)
        #expect(try decode("le:s64/64>>0", [0, 0, 0, 0, 0, 0, 0, 0x80]) == Int64.min)
        #expect(try decode("be:s32/32>>0", [0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFE], at: 4) == -2)
    }
}

@Suite struct IIOScanLayoutTests {
    func channel(_ name: String, _ index: Int, _ type: String) throws -> IIOScanLayout.Channel {
        .init(name: name, index: index, type: try IIOScanType(parsing: type))
    }

    @Test func alignsEachChannelToItsStorageAndPadsTheScan() throws {
        let layout = IIOScanLayout(enabled: [
            try channel("timestamp", 3, "le:s64/64>>0"), try channel("accel_z", 2, "le:s16/16>>0"),
            try channel("accel_x", 0, "le:s16/16>>0"), try channel("accel_y", 1, "le:s16/16>>0"),
        ])
        #expect(layout.channels.map(\.name) == ["accel_x", "accel_y", "accel_z", "timestamp"])
        #expect(layout.channels.map(\.offset) == [0, 2, 4, 8])
        #expect(layout.scanBytes == 16)
    }

    @Test func mixedSizesWithoutTimestamp() throws {
        let layout = IIOScanLayout(enabled: [
            try channel("accel_x", 0, "le:s8/8>>0"), try channel("accel_y", 1, "le:s32/32>>0"),
            try channel("accel_z", 2, "le:s16/16>>0"),
        ])
        #expect(layout.channels.map(\.offset) == [0, 4, 8])
        #expect(layout.scanBytes == 12)
    }

    @Test func threeSixteenBitAxesMakeSixBytes() throws {
        let layout = IIOScanLayout(enabled: [
            try channel("accel_x", 0, "be:s16/16>>0"), try channel("accel_y", 1, "be:s16/16>>0"),
            try channel("accel_z", 2, "be:s16/16>>0"),
        ])
        #expect(layout.scanBytes == 6)
        #expect(layout.channel(named: "timestamp") == nil)
    }

    @Test func repeatedChannelTakesAllItsElements() throws {
        let layout = IIOScanLayout(enabled: [
            try channel("quat", 0, "le:s16/16X4>>0"), try channel("timestamp", 1, "le:s64/64>>0"),
        ])
        #expect(layout.channels.map(\.offset) == [0, 8])
        #expect(layout.scanBytes == 16)
    }

    /// A repeated channel is aligned to all its elements, and so is the scan (a quaternion
    /// another program enabled beside the axes).
    @Test func repeatedChannelIsAlignedToAllItsElements() throws {
        let layout = IIOScanLayout(enabled: [
            try channel("accel_x", 0, "le:s16/16>>0"), try channel("accel_y", 1, "le:s16/16>>0"),
            try channel("accel_z", 2, "le:s16/16>>0"), try channel("quat", 3, "le:s32/32X4>>0"),
            try channel("timestamp", 4, "le:s64/64>>0"),
        ])
        #expect(layout.channels.map(\.offset) == [0, 2, 4, 16, 32])
        #expect(layout.scanBytes == 48)
    }

    /// The kernel aligns with `ALIGN(x, a)`, a bit mask, which rounds up to a multiple of `a`
    /// only when `a` is a power of two. A repeat of 3 of 16 bits is 6 bytes: after 2 bytes the
    /// kernel puts it at 2 (`(2 + 5) & ~5`), where rounding up gives 6, and everything after it
    /// moves with it: rounding up read y at 12, z at 14 and the time stamp at 16 of 24 bytes.
    @Test func aRepeatOfThreeIsPlacedWithTheKernelsBitMaskNotRoundedUp() throws {
        let layout = IIOScanLayout(enabled: [
            try channel("accel_x", 0, "le:s16/16>>0"), try channel("vector", 1, "le:s16/16X3>>0"),
            try channel("accel_y", 2, "le:s16/16>>0"), try channel("accel_z", 3, "le:s16/16>>0"),
            try channel("timestamp", 4, "le:s64/64>>0"),
        ])
        #expect(layout.channels.map(\.name) == ["accel_x", "vector", "accel_y", "accel_z", "timestamp"])
        #expect(layout.channels.map(\.offset) == [0, 2, 8, 10, 16])
        #expect(layout.scanBytes == 24)
    }

    /// The scan is padded with the same mask: to 16 bytes with a 6-byte channel the largest
    /// (`(12 + 5) & ~5`; rounding up: 18), and a 3-byte repeat of 8 bits after one byte stays
    /// at byte 1 (`(1 + 2) & ~2`), the scan ending at 8 (`(6 + 2) & ~2`; rounding up: 3 and 9).
    @Test func theScanIsPaddedWithTheKernelsBitMask() throws {
        let sixes = IIOScanLayout(enabled: [
            try channel("accel_x", 0, "le:s16/16>>0"), try channel("vector", 1, "be:u16/16X3>>0"),
            try channel("accel_y", 2, "le:s16/16>>0"), try channel("accel_z", 3, "le:s16/16>>0"),
        ])
        #expect(sixes.channels.map(\.offset) == [0, 2, 8, 10])
        #expect(sixes.scanBytes == 16)
        let threes = IIOScanLayout(enabled: [
            try channel("accel_x", 0, "le:s8/8>>0"), try channel("color", 1, "le:u8/8X3>>0"),
            try channel("accel_y", 2, "le:s16/16>>0"),
        ])
        #expect(threes.channels.map(\.offset) == [0, 1, 4])
        #expect(threes.scanBytes == 8)
    }

    /// The kernel keeps the timestamp out of the scan mask and appends it after every other
    /// channel, whatever its `_index`.
    @Test func theTimestampComesLastWhateverItsIndex() throws {
        let layout = IIOScanLayout(enabled: [
            try channel("timestamp", 0, "le:s64/64>>0"), try channel("accel_x", 1, "le:s16/16>>0"),
            try channel("accel_y", 2, "le:s16/16>>0"), try channel("accel_z", 3, "le:s16/16>>0"),
        ])
        #expect(layout.channels.map(\.name) == ["accel_x", "accel_y", "accel_z", "timestamp"])
        #expect(layout.channels.map(\.offset) == [0, 2, 4, 8])
        #expect(layout.scanBytes == 16)
    }
}

@Suite struct SamplingFrequencyTests {
    @Test func choosesTheLowestAtLeastTenHertz() {
        #expect(IIODevice.chooseFrequency("1.5 5 12.5 26 52\n") == 12.5)
        #expect(IIODevice.chooseFrequency("1 2 5") == 5)
        #expect(IIODevice.chooseFrequency("[1 1 100]") == 10)
        #expect(IIODevice.chooseFrequency("[0.5 3 100]") == 12.5)
        #expect(IIODevice.chooseFrequency("") == nil)
        // A configured rate: the lowest at or above it, else the highest.
        #expect(IIODevice.chooseFrequency("1.5 5 12.5 26 52", atLeast: 20) == 26)
        #expect(IIODevice.chooseFrequency("1.5 5 12.5 26 52", atLeast: 100) == 52)
        #expect(IIODevice.chooseFrequency("[1 1 100]", atLeast: 37.5) == 38)
        #expect(IIODevice.chooseFrequency("[1 1 100]", atLeast: 200) == 100)
    }

    @Test func sysfsBitmapsAreReadFromTheLastWord() {
        #expect(EvdevSource.hexBit(6, in: "40"))
        #expect(!EvdevSource.hexBit(6, in: "20"))
        #expect(EvdevSource.hexBit(3, in: "38"))
        #expect(EvdevSource.hexBit(64, in: "1 0"))
        #expect(!EvdevSource.hexBit(64, in: "0"))
    }
}
