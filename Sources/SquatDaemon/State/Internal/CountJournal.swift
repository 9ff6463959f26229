/// The count journal's format: a text file that only ever grows by whole lines, so that a
/// crash can at worst leave an incomplete last line, which is recognisable and dropped.
///
/// ```
/// squatd-counts 1
/// 2026-11-21<TAB>Sony_DualSense_1234<TAB>1<TAB>5d2c0f6e
/// ```
/// The first line names the format and its version. Every other line adds `REPS` (≥ 1) to a
/// device's count on a day: `DAY<TAB>DEVICE<TAB>REPS<TAB>CRC`, where `CRC` is eight lowercase
/// hex digits of the CRC-32 of everything before the last tab. A counted rep appends a line
/// with `REPS` = 1; compaction rewrites the file with one line per day and device. `DEVICE` is
/// the device's state key with `%`, control characters and DEL written as `%XX`.
enum CountJournal {
    static let version = 1
    static let fileName = "counts.journal"
    private static let magic = "squatd-counts "

    /// What a journal's bytes hold.
    struct Contents {
        enum Header: Equatable {
            case current
            /// A newer format this reader does not know; nothing after the header was read.
            case newer(version: Int)
            /// The first line is not a journal header (damaged, or not a journal at all).
            case missing
        }

        var header: Header = .missing
        /// Reps per day and device, from every intact record.
        var counts: [LocalDay: [String: Int]] = [:]
        /// Intact record lines.
        var records = 0
        /// 1-based numbers of complete lines that are damaged (line 1 when the header is).
        var damagedLines: [Int] = []
        /// Bytes up to and including the last complete line's newline.
        var completeLength = 0
        /// Bytes after ``completeLength``: an incomplete last line, as a crash mid-append leaves.
        var tornLength = 0

        /// Distinct (day, device) pairs: the records a compacted journal holds.
        var distinctKeys: Int { counts.values.reduce(0) { $0 + $1.count } }
    }

    static func header() -> [UInt8] { Array("\(magic)\(version)\n".utf8) }

    /// One record line, newline included.
    static func record(day: LocalDay, device: String, reps: Int) -> [UInt8] {
        var body = Array(day.description.utf8)
        body.append(tab)
        for byte in device.utf8 {
            if byte < 0x20 || byte == 0x7F || byte == percent {
                body.append(percent)
                body.append(hexDigits[Int(byte >> 4)])
                body.append(hexDigits[Int(byte & 0xF)])
            } else {
                body.append(byte)
            }
        }
        body.append(tab)
        body.append(contentsOf: String(reps).utf8)
        let crc = CRC32.checksum(body)
        body.append(tab)
        for shift in stride(from: 28, through: 0, by: -4) {
            body.append(lowercaseHex[Int((crc >> UInt32(shift)) & 0xF)])
        }
        body.append(newline)
        return body
    }

    /// A journal holding `counts` with one record per day and device, in date then device order.
    static func compacted(_ counts: [LocalDay: [String: Int]]) -> [UInt8] {
        var bytes = header()
        for day in counts.keys.sorted() {
            for (device, reps) in counts[day]!.sorted(by: { $0.key < $1.key }) where reps > 0 {
                bytes += record(day: day, device: device, reps: reps)
            }
        }
        return bytes
    }

    static func parse(_ bytes: [UInt8]) -> Contents {
        var contents = Contents()
        var lineStart = 0
        var lineNumber = 0
        while let newlineIndex = bytes[lineStart...].firstIndex(of: newline) {
            lineNumber += 1
            let line = bytes[lineStart..<newlineIndex]
            lineStart = newlineIndex + 1
            contents.completeLength = lineStart
            if lineNumber == 1 {
                contents.header = parseHeader(line)
                if case .newer = contents.header { return contents }
                if contents.header == .missing { contents.damagedLines.append(1) }
                continue
            }
            guard let (day, device, reps) = parseRecord(line) else {
                contents.damagedLines.append(lineNumber)
                continue
            }
            let (sum, overflow) = contents.counts[day, default: [:]][device, default: 0].addingReportingOverflow(reps)
            if overflow {
                contents.damagedLines.append(lineNumber)
                continue
            }
            contents.counts[day, default: [:]][device] = sum
            contents.records += 1
        }
        contents.tornLength = bytes.count - lineStart
        if lineNumber == 0 { contents.damagedLines.append(1) }
        return contents
    }

    private static func parseHeader(_ line: ArraySlice<UInt8>) -> Contents.Header {
        let magicBytes = Array(magic.utf8)
        guard line.starts(with: magicBytes),
              let number = decimal(line.dropFirst(magicBytes.count)), number >= 1 else { return .missing }
        return number == version ? .current : number > version ? .newer(version: number) : .missing
    }

    private static func parseRecord(_ line: ArraySlice<UInt8>) -> (LocalDay, String, Int)? {
        // DAY(10) TAB DEVICE TAB REPS TAB CRC(8)
        guard line.count >= 10 + 1 + 1 + 1 + 1 + 8 else { return nil }
        let crcStart = line.endIndex - 8
        guard line[crcStart - 1] == tab, let stored = hexValue(line[crcStart...], digits: lowercaseHex) else { return nil }
        let body = line[..<(crcStart - 1)]
        guard CRC32.checksum(body) == stored,
              let repsTab = body.lastIndex(of: tab),
              body[body.startIndex + 10] == tab, repsTab > body.startIndex + 10,
              let day = LocalDay(String(decoding: body.prefix(10), as: UTF8.self)),
              let reps = decimal(body[(repsTab + 1)...]), reps >= 1,
              let device = unescape(body[(body.startIndex + 11)..<repsTab]) else { return nil }
        return (day, device, reps)
    }

    private static func unescape(_ bytes: ArraySlice<UInt8>) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == percent {
                guard index + 2 < bytes.endIndex, let value = hexValue(bytes[(index + 1)...(index + 2)], digits: hexDigits) else { return nil }
                out.append(UInt8(value))
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        let text = String(decoding: out, as: UTF8.self)
        return text.utf8.elementsEqual(out) ? text : nil
    }

    /// Digits only, at most 18 of them (no sign, no spaces, no overflow).
    private static func decimal(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
        var value = 0
        for byte in bytes {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// At most eight hex digits, all from `digits` (the format writes checksums in lowercase
    /// and escapes in uppercase, and reads back only what it writes).
    private static func hexValue(_ bytes: ArraySlice<UInt8>, digits: [UInt8]) -> UInt32? {
        guard !bytes.isEmpty, bytes.count <= 8 else { return nil }
        var value: UInt32 = 0
        for byte in bytes {
            guard let digit = digits.firstIndex(of: byte) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private static let tab = UInt8(ascii: "\t")
    private static let newline = UInt8(ascii: "\n")
    private static let percent = UInt8(ascii: "%")
    private static let hexDigits = Array("0123456789ABCDEF".utf8)
    private static let lowercaseHex = Array("0123456789abcdef".utf8)
}
