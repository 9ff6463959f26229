/// Splits CSV text into records of fields (RFC 4180: fields may be quoted with `"`, a quoted
/// field may hold the delimiter, `""` and line breaks). Used for header lines and manifests,
/// which are small; sample rows take the allocation-free path in ``RecordingReader``.
struct CSVRecords: Sequence, IteratorProtocol {
    /// One record: the physical line it starts on (1-based), and its fields, each with the
    /// 1-based column it is in.
    struct Record {
        var line: Int
        /// The fields' bytes, quotes removed.
        var byteFields: [[UInt8]]
        /// The fields as text (bytes that are not UTF-8 shown as U+FFFD).
        var fields: [String] { byteFields.map { String(decoding: $0, as: UTF8.self) } }
    }

    private let bytes: [UInt8]
    private let delimiter: UInt8
    private var position = 0
    private var line = 1

    init(_ bytes: [UInt8], delimiter: UInt8 = UInt8(ascii: ",")) {
        self.bytes = bytes
        self.delimiter = delimiter
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    /// Guesses the delimiter of a header line: tab if it has one outside quotes, else `;` if it
    /// has one, else `,`. phyphox writes `,`, `;` or tab depending on its export setting.
    static func delimiter(ofHeader bytes: some Collection<UInt8>) -> UInt8 {
        var inQuotes = false
        var sawSemicolon = false
        for b in bytes {
            if b == UInt8(ascii: "\"") { inQuotes.toggle() }
            if inQuotes { continue }
            if b == UInt8(ascii: "\t") { return b }
            if b == UInt8(ascii: ";") { sawSemicolon = true }
        }
        return sawSemicolon ? UInt8(ascii: ";") : UInt8(ascii: ",")
    }

    mutating func next() -> Record? {
        guard position < bytes.count else { return nil }
        let first = line
        var fields: [[UInt8]] = []
        var field: [UInt8] = []
        var inQuotes = false
        while position < bytes.count {
            let b = bytes[position]
            position += 1
            if inQuotes {
                if b == UInt8(ascii: "\"") {
                    if position < bytes.count && bytes[position] == UInt8(ascii: "\"") {
                        field.append(b)
                        position += 1
                    } else {
                        inQuotes = false
                    }
                } else {
                    if b == UInt8(ascii: "\n") { line += 1 }
                    field.append(b)
                }
            } else if b == UInt8(ascii: "\"") {
                inQuotes = true
            } else if b == delimiter {
                fields.append(field)
                field.removeAll(keepingCapacity: true)
            } else if b == UInt8(ascii: "\n") {
                line += 1
                break
            } else if b != UInt8(ascii: "\r") {
                field.append(b)
            }
        }
        fields.append(field)
        return Record(line: first, byteFields: fields)
    }
}
